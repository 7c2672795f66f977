package dev.singletable.cli.data.load;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link FileLines}: a line that gives two items (an adjacency row and its mirror) is settled when both are. */
class FileLinesTest {

    @Test
    void settled_whenOneOfALinesTwoItemsIsSettled_keepsTheLineUnsettledUntilTheOtherIs() {
        FileLines lines = new FileLines("mem.jsonl", 100, 0, 0);
        lines.read(1, true);
        lines.read(2, true);
        lines.read(2, true); // the mirror of line 2, in the next chunk

        lines.settled(List.of(1, 2).stream().map(Long::valueOf).toList());
        long settledBelowWithOneLeft = lines.marks().settledBelow();
        boolean allSettledWithOneLeft = lines.allSettled();
        lines.settled(List.of(2L));

        assertThat(settledBelowWithOneLeft).isEqualTo(2);
        assertThat(allSettledWithOneLeft).isFalse();
        assertThat(lines.allSettled()).isTrue();
        assertThat(lines.marks().settledBelow()).isEqualTo(3);
    }
}
