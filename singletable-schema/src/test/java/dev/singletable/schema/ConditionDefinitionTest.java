package dev.singletable.schema;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ConditionDefinitionTest {

    @Test
    void comparedValues_whenNestedAllAndAny_givesEachAttributesFirstValueInTheOrderNamed() {
        ConditionDefinition filter = new ConditionDefinition.All(List.of(
                new ConditionDefinition.Equals(Map.of("status", "ACTIVE")),
                new ConditionDefinition.Present("shippedAt"),
                new ConditionDefinition.Any(List.of(
                        new ConditionDefinition.BeginsWith(Map.of("title", "Intro")),
                        new ConditionDefinition.NotEquals(Map.of("status", "CLOSED", "stock", BigDecimal.ZERO))))));

        assertThat(filter.comparedValues()).containsExactly(Map.entry("status", "ACTIVE"), Map.entry("title", "Intro"),
                Map.entry("stock", BigDecimal.ZERO));
    }

    @Test
    void comparedValues_whenPresentOrAbsent_isEmpty() {
        assertThat(new ConditionDefinition.Absent("deletedAt").comparedValues()).isEmpty();
    }
}
