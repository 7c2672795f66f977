package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A condition on an item's attributes, written as data: a sparse index's {@code when} and an
 * access pattern's {@code filter}.
 *
 * <pre>{@code
 * when: {present: shippedAt}
 * filter: {all: [{equals: {status: ACTIVE}}, {beginsWith: {title: Intro}}]}
 * }</pre>
 */
@Experimental
public sealed interface ConditionDefinition {
    /** The attribute has a value. */
    record Present(String attribute) implements ConditionDefinition {
        public Present {
            Objects.requireNonNull(attribute, "attribute");
        }
    }

    /** The attribute has no value. */
    record Absent(String attribute) implements ConditionDefinition {
        public Absent {
            Objects.requireNonNull(attribute, "attribute");
        }
    }

    /** Every attribute named has the value given (as written in the file: String, BigDecimal or Boolean). */
    record Equals(Map<String, Object> values) implements ConditionDefinition {
        public Equals {
            values = Definitions.copy(values, "values");
        }
    }

    /** No attribute named has the value given. */
    record NotEquals(Map<String, Object> values) implements ConditionDefinition {
        public NotEquals {
            values = Definitions.copy(values, "values");
        }
    }

    /** Every string attribute named begins with the prefix given. */
    record BeginsWith(Map<String, String> prefixes) implements ConditionDefinition {
        public BeginsWith {
            prefixes = Definitions.copy(prefixes, "prefixes");
        }
    }

    /** Every condition holds. */
    record All(List<ConditionDefinition> conditions) implements ConditionDefinition {
        public All {
            conditions = List.copyOf(conditions);
        }
    }

    /** At least one condition holds. */
    record Any(List<ConditionDefinition> conditions) implements ConditionDefinition {
        public Any {
            conditions = List.copyOf(conditions);
        }
    }
}
