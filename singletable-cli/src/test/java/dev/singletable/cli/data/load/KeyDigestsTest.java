package dev.singletable.cli.data.load;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KeyDigestsTest {
    @Test
    void add_whenAKeyComesAgain_isFalseAndTheSizeStays() {
        KeyDigests digests = new KeyDigests();

        boolean first = digests.add(KeyDigests.Digest.of("PK=CUSTOMER#D1, SK=PROFILE"));
        boolean again = digests.add(KeyDigests.Digest.of("PK=CUSTOMER#D1, SK=PROFILE"));
        boolean other = digests.add(KeyDigests.Digest.of("PK=CUSTOMER#D2, SK=PROFILE"));

        assertThat(new boolean[] {first, again, other}).containsExactly(true, false, true);
        assertThat(digests.size()).isEqualTo(2);
    }

    @Test
    void add_whenTheDigestIsZero_isKeptApartFromTheEmptySlots() {
        KeyDigests digests = new KeyDigests();

        assertThat(digests.add(new KeyDigests.Digest(0, 0))).isTrue();
        assertThat(digests.add(new KeyDigests.Digest(0, 0))).isFalse();
        assertThat(digests.add(new KeyDigests.Digest(0, 1))).isTrue();
        assertThat(digests.size()).isEqualTo(2);
    }

    @Test
    void add_whenAMillionKeysAreAdded_keepsEachOnceInAtMost43BytesAKey() {
        KeyDigests digests = new KeyDigests();
        int keys = 1_000_000;

        for (int i = 0; i < keys; i++) {
            digests.add(KeyDigests.Digest.of("PK=CUSTOMER#" + i + ", SK=ORDER#" + "x".repeat(200) + i));
        }
        int addedAgain = 0;
        for (int i = 0; i < keys; i += 1000) {
            addedAgain += digests.add(KeyDigests.Digest.of("PK=CUSTOMER#" + i + ", SK=ORDER#" + "x".repeat(200) + i)) ? 1 : 0;
        }

        assertThat(addedAgain).isZero();
        assertThat(digests.size()).isEqualTo(keys);
        // 16-byte slots, at most three quarters full: whatever the keys' length (here over 200 characters)
        assertThat((double) digests.tableBytes() / keys).isBetween(16 / 0.75, 16 / 0.375);
    }
}
