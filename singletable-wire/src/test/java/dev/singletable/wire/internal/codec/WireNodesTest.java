package dev.singletable.wire.internal.codec;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class WireNodesTest {

    private static WireNodes nodesOf(List<String> texts) {
        WireNodes.Builder builder = WireNodes.Builder.forThisThread();
        for (String text : texts) {
            char[] chars = text.toCharArray();
            builder.text(WireNodes.S, "v", chars, 0, chars.length);
        }
        WireNodes nodes = builder.build();
        builder.release();
        return nodes;
    }

    @Test
    void textHash_whenSortKeysDifferOnlyInTheirMiddle_hashApart() {
        // texts a page repeats are kept in tables by this hash: texts that shared one would take each other's slot
        List<String> texts = List.of("ORDER#O0001#SHIPPED", "ORDER#O0002#SHIPPED", "CUSTOMER#C1#ORDER#2025-05-19T09:00:00Z",
                "CUSTOMER#C2#ORDER#2025-05-19T09:00:00Z", "12345678", "12345679", "1234567", "", "caf\u00e9 \u20ac", "caf\u00e9 \u20ac!");
        WireNodes nodes = nodesOf(texts);

        assertThat(IntStream.range(0, texts.size()).map(nodes::textHash).distinct().count()).isEqualTo(texts.size());
    }

    @Test
    void textHash_whenTheSameTextComesAgain_hashesAlike() {
        List<String> texts = List.of("ORDER#O0001#SHIPPED", "x", "ORDER#O0001#SHIPPED", "caf\u00e9 \u20ac", "caf\u00e9 \u20ac", "", "");
        WireNodes nodes = nodesOf(texts);

        assertThat(List.of(nodes.textHash(0), nodes.textHash(3), nodes.textHash(5)))
                .isEqualTo(List.of(nodes.textHash(2), nodes.textHash(4), nodes.textHash(6)));
        assertThat(nodes.sameText(2, "ORDER#O0001#SHIPPED")).isTrue();
    }
}
