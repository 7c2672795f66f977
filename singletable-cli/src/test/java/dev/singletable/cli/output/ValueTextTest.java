package dev.singletable.cli.output;

import dev.singletable.DynamicItem;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ValueTextTest {
    @Test
    void of_whenStringsAreInsideSetsListsAndMaps_quotesAndEscapesThemAsAtTheTop() {
        Map<String, Object> map = new LinkedHashMap<>(); // not in key order, as a map read back may be
        map.put("k#1", "v");
        map.put("", "empty");

        assertThat(List.of(ValueText.of("say \"hi\" \\o/"), ValueText.of(new LinkedHashSet<>(List.of("a, b", "c"))),
                ValueText.of(List.of("x]", "y")), ValueText.of(map), ValueText.of(List.of("line\nbreak"))))
                .containsExactly("\"say \\\"hi\\\" \\\\o/\"", "[\"a, b\", \"c\"]", "[\"x]\", \"y\"]", "{\"\": \"empty\", \"k#1\": \"v\"}",
                        "[\"line\\u{A}break\"]");
    }

    @Test
    void of_whenRecordsDocumentsAndOtherKindsNest_showsEachByItsKindAtEveryDepth() {
        DynamicItem address = DynamicItem.builder("Address").set("street", "1 \"Main\" St").set("zip", "01234").build();
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("n", new BigDecimal("0.10"));
        document.put("a", Arrays.asList(1, null, true, Map.of()));

        assertThat(List.of(ValueText.of(List.of(address)), ValueText.of(Map.of("summer house", address)), ValueText.of(document),
                ValueText.of(new LinkedHashSet<>(List.of(ByteBuffer.wrap(new byte[] {1, 2})))), ValueText.of(Instant.parse("2025-01-01T00:00:00Z"))))
                .containsExactly("[{street: \"1 \\\"Main\\\" St\", zip: \"01234\"}]",
                        "{\"summer house\": {street: \"1 \\\"Main\\\" St\", zip: \"01234\"}}", "{a: [1, null, true, {}], n: 0.10}", "[AQI=]",
                        "2025-01-01T00:00:00Z");
    }
}
