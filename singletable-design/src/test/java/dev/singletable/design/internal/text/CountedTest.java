package dev.singletable.design.internal.text;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CountedTest {
    @Test
    void of_whenOne_usesTheSingular() {
        assertThat(Counted.of(1, "entity", "entities")).isEqualTo("1 entity");
    }

    @Test
    void of_whenNoneOrSeveral_usesThePlural() {
        assertThat(Counted.of(0, "entity", "entities")).isEqualTo("0 entities");
        assertThat(Counted.of(12, "entity", "entities")).isEqualTo("12 entities");
    }
}
