package dev.singletable.design.internal.tables;

import dev.singletable.schema.ConditionDefinition;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;

/** A condition written as data ({@code when}, {@code filter}) as one line for people: {@code shippedAt present}. */
final class ConditionText {
    private ConditionText() {
    }

    static String of(ConditionDefinition condition) {
        if (condition instanceof ConditionDefinition.Present present) {
            return present.attribute() + " present";
        }
        if (condition instanceof ConditionDefinition.Absent absent) {
            return absent.attribute() + " absent";
        }
        if (condition instanceof ConditionDefinition.Equals equals) {
            return equals.values().entrySet().stream().map(e -> e.getKey() + " = " + value(e.getValue())).collect(Collectors.joining(" AND "));
        }
        if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            return notEquals.values().entrySet().stream().map(e -> e.getKey() + " <> " + value(e.getValue())).collect(Collectors.joining(" AND "));
        }
        if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            return beginsWith.prefixes().entrySet().stream().map(e -> "begins_with(" + e.getKey() + ", " + value(e.getValue()) + ")")
                    .collect(Collectors.joining(" AND "));
        }
        if (condition instanceof ConditionDefinition.All all) {
            return joined(all.conditions(), " AND ");
        }
        if (condition instanceof ConditionDefinition.JavaMethod java) {
            return java.method() + "() (Java)";
        }
        if (condition instanceof ConditionDefinition.Compare compare) {
            return compare.values().entrySet().stream().map(e -> e.getKey() + " " + compare.comparison().symbol() + " " + value(e.getValue()))
                    .collect(Collectors.joining(" AND "));
        }
        if (condition instanceof ConditionDefinition.Between between) {
            return between.from().entrySet().stream().map(e -> e.getKey() + " BETWEEN " + value(e.getValue()) + " AND "
                    + value(between.to().get(e.getKey()))).collect(Collectors.joining(" AND "));
        }
        if (condition instanceof ConditionDefinition.In in) {
            return in.values().entrySet().stream().map(e -> e.getKey() + " IN (" + e.getValue().stream().map(ConditionText::value)
                    .collect(Collectors.joining(", ")) + ")").collect(Collectors.joining(" AND "));
        }
        if (condition instanceof ConditionDefinition.Contains contains) {
            return contains.values().entrySet().stream().map(e -> "contains(" + e.getKey() + ", " + value(e.getValue()) + ")")
                    .collect(Collectors.joining(" AND "));
        }
        if (condition instanceof ConditionDefinition.Size size) {
            return size.sizes().entrySet().stream().flatMap(e -> e.getValue().entrySet().stream().map(c -> "size(" + e.getKey() + ") "
                    + c.getKey().symbol() + " " + c.getValue())).collect(Collectors.joining(" AND "));
        }
        if (condition instanceof ConditionDefinition.AttributeType type) {
            return type.types().entrySet().stream().map(e -> "attribute_type(" + e.getKey() + ", " + e.getValue() + ")")
                    .collect(Collectors.joining(" AND "));
        }
        if (condition instanceof ConditionDefinition.Not not) {
            return "NOT (" + of(not.condition()) + ")";
        }
        return joined(((ConditionDefinition.Any) condition).conditions(), " OR ");
    }

    private static String joined(List<ConditionDefinition> conditions, String operator) {
        return conditions.stream().map(c -> conditions.size() > 1 && (c instanceof ConditionDefinition.All || c instanceof ConditionDefinition.Any)
                ? "(" + of(c) + ")" : of(c)).collect(Collectors.joining(operator));
    }

    private static String value(Object value) {
        if (value instanceof String text) {
            return "\"" + text + "\"";
        }
        if (value instanceof BigDecimal number) {
            return number.toPlainString();
        }
        return String.valueOf(value);
    }
}
