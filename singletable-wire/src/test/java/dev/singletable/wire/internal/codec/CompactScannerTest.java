package dev.singletable.wire.internal.codec;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class CompactScannerTest {

    private static CompactScanner scanner(String text) {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        return new CompactScanner(body, body.length) {
        };
    }

    @Test
    void wordHash_whenTheSameBytesStandAnywhere_hashAlike() {
        // at the start, in the middle, and within the body's last eight bytes (read byte by byte there)
        for (String name : List.of("", "a", "PK", "abcdefg", "abcdefgh", "abcdefghi", "address_1_line", "a_name_of_thirty_one_characters")) {
            String padding = "x".repeat(11);
            CompactScanner scanner = scanner(name + padding + name + padding + name);
            int length = name.length();
            int atStart = scanner.wordHash(0, length);
            int inMiddle = scanner.wordHash(length + 11, 2 * length + 11);
            int atEnd = scanner.wordHash(2 * length + 22, 3 * length + 22);

            assertThat(List.of(inMiddle, atEnd)).as(name).containsOnly(atStart);
        }
    }

    @Test
    void wordHash_whenNamesDifferOnlyInTheirMiddle_hashApart() {
        List<String> names = List.of("address_1_line", "address_2_line", "shipping_A_address", "shipping_B_address",
                "a_name_that_is_long_1_and_ends_alike", "a_name_that_is_long_2_and_ends_alike", "PK", "SK");
        CompactScanner scanner = scanner(String.join("", names) + "........");
        Set<Integer> hashes = new HashSet<>();
        int from = 0;
        for (String name : names) {
            hashes.add(scanner.wordHash(from, from + name.length()));
            from += name.length();
        }

        assertThat(hashes).hasSize(names.size());
    }
}
