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
 * filter: {all: [{between: {from: {total: 10}, to: {total: 100}}}, {in: {status: [NEW, PAID]}}, {not: {contains: {tags: gift}}}]}
 * filter: {all: [{size: {tags: {lessThan: 3}}}, {attributeType: {note: S}}]}
 * }</pre>
 *
 * <p>A filter has every condition of the core's {@code Condition}: {@link Compare} ({@code lessThan},
 * {@code lessThanOrEqual}, {@code greaterThan}, {@code greaterThanOrEqual}), {@link Between}, {@link In},
 * {@link Contains}, {@link Size}, {@link AttributeType} and {@link Not}, besides those of an index's {@code when}.
 */
@Experimental
public sealed interface ConditionDefinition {
    /**
     * The values this condition compares attributes with, by parameter name, as the file writes them: those of {@code equals},
     * {@code notEquals}, {@code beginsWith} and the ordered comparisons by attribute, a {@code between}'s bounds as
     * {@code attribute.from} and {@code attribute.to}, through {@code all}, {@code any} and {@code not} (the first where
     * it names one twice); none for {@code present}, {@code absent} and {@code java}, nor for {@code in},
     * {@code contains}, {@code size} and {@code attributeType}, whose values the file fixes. An access pattern's filter values are parameters a caller may
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
        } else if (condition instanceof Compare compare) {
            compare.values().forEach(values::putIfAbsent);
        } else if (condition instanceof Between between) {
            between.from().forEach((attribute, value) -> values.putIfAbsent(attribute + ".from", value));
            between.to().forEach((attribute, value) -> values.putIfAbsent(attribute + ".to", value));
        } else if (condition instanceof Not not) {
            collectComparedValues(not.condition(), values);
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
     * Every attribute named compares with the value given by DynamoDB's order (strings by UTF-8 bytes, numbers by value,
     * binary by bytes): {@code lessThan: {total: 100}}. Filters only.
     *
     * @param comparison the operator
     * @param values     the value of each attribute, as the file writes it
     */
    record Compare(Comparison comparison, Map<String, Object> values) implements ConditionDefinition {
        public Compare {
            Objects.requireNonNull(comparison, "comparison");
            values = Definitions.copy(values, "values");
        }
    }

    /** The operators of {@link Compare}, with their names in the file and DynamoDB's symbols. */
    enum Comparison {
        LESS_THAN("lessThan", "<"), LESS_THAN_OR_EQUAL("lessThanOrEqual", "<="), GREATER_THAN("greaterThan", ">"),
        GREATER_THAN_OR_EQUAL("greaterThanOrEqual", ">=");

        private final String fileName;
        private final String symbol;

        Comparison(String fileName, String symbol) {
            this.fileName = fileName;
            this.symbol = symbol;
        }

        /** The operator's key in the file: {@code lessThan}. */
        public String fileName() {
            return fileName;
        }

        /** DynamoDB's operator: {@code <}. */
        public String symbol() {
            return symbol;
        }

        /** The operator of a file's key, such as {@code greaterThanOrEqual}. */
        public static java.util.Optional<Comparison> ofFileName(String name) {
            return java.util.Arrays.stream(values()).filter(c -> c.fileName.equals(name)).findFirst();
        }
    }

    /**
     * Every attribute named lies between its bounds, both included: {@code between: {from: {total: 10}, to: {total: 100}}}.
     * Both bounds name the same attributes. Filters only.
     */
    record Between(Map<String, Object> from, Map<String, Object> to) implements ConditionDefinition {
        public Between {
            from = Definitions.copy(from, "from");
            to = Definitions.copy(to, "to");
        }
    }

    /** Every attribute named has one of the values given (1 to 100): {@code in: {status: [NEW, PAID]}}. Filters only. */
    record In(Map<String, List<Object>> values) implements ConditionDefinition {
        public In {
            Map<String, List<Object>> copy = new LinkedHashMap<>();
            Objects.requireNonNull(values, "values").forEach((attribute, list) -> copy.put(Objects.requireNonNull(attribute, "attribute"),
                    List.copyOf(list)));
            values = Collections.unmodifiableMap(copy);
        }
    }

    /**
     * Every attribute named holds the value given: a string attribute the text, a set or list attribute the element
     * ({@code contains: {tags: urgent}}). Filters only.
     */
    record Contains(Map<String, Object> values) implements ConditionDefinition {
        public Contains {
            values = Definitions.copy(values, "values");
        }
    }

    /**
     * The size of each attribute named compares with the numbers given ({@code size: {tags: {lessThan: 3}}}): the length
     * of a string or binary, the element count of a set, list or map. Filters only; the file fixes the numbers.
     *
     * <pre>{@code
     * new ConditionDefinition.Size(Map.of("tags", Map.of(ConditionDefinition.SizeComparison.LESS_THAN, 3L)));
     * // size(#tags) < :v0
     * }</pre>
     *
     * @param sizes by attribute, each comparison with its number (0 or more), all holding
     */
    record Size(Map<String, Map<SizeComparison, Long>> sizes) implements ConditionDefinition {
        public Size {
            Map<String, Map<SizeComparison, Long>> copy = new LinkedHashMap<>();
            Objects.requireNonNull(sizes, "sizes").forEach((attribute, comparisons) -> copy.put(Objects.requireNonNull(attribute, "attribute"),
                    Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(comparisons, "comparisons")))));
            sizes = Collections.unmodifiableMap(copy);
        }
    }

    /** The operators of {@link Size}, with their names in the file and DynamoDB's symbols. */
    enum SizeComparison {
        EQUALS("equals", "="), NOT_EQUALS("notEquals", "<>"), LESS_THAN("lessThan", "<"), LESS_THAN_OR_EQUAL("lessThanOrEqual", "<="),
        GREATER_THAN("greaterThan", ">"), GREATER_THAN_OR_EQUAL("greaterThanOrEqual", ">=");

        private final String fileName;
        private final String symbol;

        SizeComparison(String fileName, String symbol) {
            this.fileName = fileName;
            this.symbol = symbol;
        }

        /** The operator's key in the file: {@code lessThan}. */
        public String fileName() {
            return fileName;
        }

        /** DynamoDB's operator: {@code <}. */
        public String symbol() {
            return symbol;
        }

        /** The operator of a file's key, such as {@code notEquals}. */
        public static java.util.Optional<SizeComparison> ofFileName(String name) {
            return java.util.Arrays.stream(values()).filter(c -> c.fileName.equals(name)).findFirst();
        }
    }

    /**
     * Each attribute named is stored as the DynamoDB type given ({@code attributeType: {note: S}}): one of {@code S},
     * {@code N}, {@code B}, {@code BOOL}, {@code NULL}, {@code SS}, {@code NS}, {@code BS}, {@code L}, {@code M}, as
     * DynamoDB's JSON names them. Filters only; the file fixes the types.
     *
     * @param types the type code of each attribute, as the file writes it
     */
    record AttributeType(Map<String, String> types) implements ConditionDefinition {
        public AttributeType {
            types = Definitions.copy(types, "types");
        }
    }

    /** The condition does not hold: {@code not: {equals: {status: SHIPPED}}}. Filters only. */
    record Not(ConditionDefinition condition) implements ConditionDefinition {
        public Not {
            Objects.requireNonNull(condition, "condition");
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
