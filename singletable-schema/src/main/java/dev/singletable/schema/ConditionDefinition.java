package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Collections;
import java.util.LinkedHashMap;
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
    /**
     * The values this condition compares attributes with, by attribute, as the file writes them: those of {@code equals},
     * {@code notEquals} and {@code beginsWith}, through {@code all} and {@code any} (the first where it names an attribute
     * twice); none for {@code present}, {@code absent} and {@code java}. An access pattern's filter values are parameters a caller may
     * replace, like its key values.
     *
     * <pre>{@code
     * ConditionDefinition filter = new ConditionDefinition.All(List.of(
     *         new ConditionDefinition.Equals(Map.of("status", "ACTIVE")),
     *         new ConditionDefinition.BeginsWith(Map.of("title", "Intro"))));
     * filter.comparedValues();   // {status=ACTIVE, title=Intro}
     * }</pre>
     *
     * @return the values by attribute, in the order the condition names them; unmodifiable
     */
    default Map<String, Object> comparedValues() {
        Map<String, Object> values = new LinkedHashMap<>();
        collectComparedValues(this, values);
        return Collections.unmodifiableMap(values);
    }

    private static void collectComparedValues(ConditionDefinition condition, Map<String, Object> values) {
        if (condition instanceof Equals equals) {
            equals.values().forEach(values::putIfAbsent);
        } else if (condition instanceof NotEquals notEquals) {
            notEquals.values().forEach(values::putIfAbsent);
        } else if (condition instanceof BeginsWith beginsWith) {
            beginsWith.prefixes().forEach(values::putIfAbsent);
        } else if (condition instanceof All all) {
            all.conditions().forEach(part -> collectComparedValues(part, values));
        } else if (condition instanceof Any any) {
            any.conditions().forEach(part -> collectComparedValues(part, values));
        }
    }

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

    /**
     * A sparse index's membership decided by a method of the Java entity the file was compiled from
     * ({@code @Index(when = "isShipped")}), which the file cannot evaluate. Only an index's whole {@code when} is one,
     * never a filter or a part of {@code all}/{@code any}. The file's tools take the index as an upper bound: an item is in
     * it whenever its key's slots have values, as if the method always said yes.
     *
     * <pre>{@code
     * indexes:
     *   GSI2: {pk: SHIPPED, sk: '{shippedAt}', when: {java: isShipped}}
     * }</pre>
     *
     * @param method the entity's method, without parentheses
     */
    record JavaMethod(String method) implements ConditionDefinition {
        public JavaMethod {
            Objects.requireNonNull(method, "method");
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
