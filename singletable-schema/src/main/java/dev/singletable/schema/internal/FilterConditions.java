package dev.singletable.schema.internal;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.ValidationException;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.ConditionDefinition;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * An access pattern's {@code filter} as the core's {@link Condition}, its compared values the caller's where given (by
 * attribute, or {@code attribute.from} and {@code attribute.to} for a {@code between}'s bounds), else the file's.
 */
final class FilterConditions {
    private final AccessPatterns patterns;

    FilterConditions(AccessPatterns patterns) {
        this.patterns = patterns;
    }

    Condition condition(AccessPatternDefinition pattern, ConditionDefinition condition, Map<String, ?> parameters) {
        if (condition instanceof ConditionDefinition.Present present) {
            return Condition.exists(patterns.attribute(pattern, present.attribute()));
        }
        if (condition instanceof ConditionDefinition.Absent absent) {
            return Condition.notExists(patterns.attribute(pattern, absent.attribute()));
        }
        if (condition instanceof ConditionDefinition.Equals equals) {
            return each(pattern, equals.values(), parameters, Condition::eq);
        }
        if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            return each(pattern, notEquals.values(), parameters, Condition::ne);
        }
        if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            List<Condition> all = new ArrayList<>();
            beginsWith.prefixes().forEach((name, prefix) -> all.add(Condition.beginsWith(text(pattern, name),
                    String.valueOf(AccessPatterns.given(parameters, name, prefix)))));
            return Condition.allOf(all);
        }
        if (condition instanceof ConditionDefinition.Compare compare) {
            return each(pattern, compare.values(), parameters, switch (compare.comparison()) {
                case LESS_THAN -> Condition::lt;
                case LESS_THAN_OR_EQUAL -> Condition::le;
                case GREATER_THAN -> Condition::gt;
                case GREATER_THAN_OR_EQUAL -> Condition::ge;
            });
        }
        if (condition instanceof ConditionDefinition.Between between) {
            return between(pattern, between, parameters);
        }
        if (condition instanceof ConditionDefinition.In in) {
            List<Condition> all = new ArrayList<>();
            in.values().forEach((name, values) -> all.add(Condition.in(patterns.attribute(pattern, name),
                    values.stream().map(value -> patterns.typed(pattern, name, value)).toList())));
            return Condition.allOf(all);
        }
        if (condition instanceof ConditionDefinition.Contains contains) {
            List<Condition> all = new ArrayList<>();
            contains.values().forEach((name, value) -> all.add(value instanceof BigDecimal number
                    ? Condition.contains(patterns.attribute(pattern, name), number)
                    : Condition.contains(patterns.attribute(pattern, name), String.valueOf(value))));
            return Condition.allOf(all);
        }
        if (condition instanceof ConditionDefinition.Size size) {
            return sizes(pattern, size);
        }
        if (condition instanceof ConditionDefinition.AttributeType type) {
            return types(pattern, type);
        }
        if (condition instanceof ConditionDefinition.Not not) {
            return Condition.not(condition(pattern, not.condition(), parameters));
        }
        List<Condition> parts = new ArrayList<>();
        boolean all = condition instanceof ConditionDefinition.All;
        (all ? ((ConditionDefinition.All) condition).conditions() : ((ConditionDefinition.Any) condition).conditions())
                .forEach(part -> parts.add(condition(pattern, part, parameters)));
        return all ? Condition.allOf(parts) : Condition.anyOf(parts);
    }

    private Condition sizes(AccessPatternDefinition pattern, ConditionDefinition.Size size) {
        List<Condition> all = new ArrayList<>();
        size.sizes().forEach((name, comparisons) -> comparisons.forEach((comparison, number) -> all.add(size(
                Condition.size(patterns.attribute(pattern, name)), comparison, number))));
        return Condition.allOf(all);
    }

    private Condition types(AccessPatternDefinition pattern, ConditionDefinition.AttributeType type) {
        List<Condition> all = new ArrayList<>();
        type.types().forEach((name, code) -> all.add(Condition.hasType(patterns.attribute(pattern, name), java.util.Arrays.stream(
                Condition.StoredType.values()).filter(stored -> stored.code().equals(code)).findFirst().orElseThrow())));
        return Condition.allOf(all);
    }

    private static Condition size(Condition.Size size, ConditionDefinition.SizeComparison comparison, long number) {
        return switch (comparison) {
            case EQUALS -> size.eq(number);
            case NOT_EQUALS -> size.ne(number);
            case LESS_THAN -> size.lt(number);
            case LESS_THAN_OR_EQUAL -> size.le(number);
            case GREATER_THAN -> size.gt(number);
            case GREATER_THAN_OR_EQUAL -> size.ge(number);
        };
    }

    /** One comparison of each attribute named with its value (the caller's, else the file's), all holding. */
    private Condition each(AccessPatternDefinition pattern, Map<String, Object> values, Map<String, ?> parameters,
                           BiFunction<Attribute<DynamicItem, Object>, Object, Condition> compare) {
        List<Condition> all = new ArrayList<>();
        values.forEach((name, value) -> all.add(compare.apply(patterns.attribute(pattern, name),
                patterns.typed(pattern, name, AccessPatterns.given(parameters, name, value)))));
        return Condition.allOf(all);
    }

    /** The bounds the caller gives ({@code total.from}, {@code total.to}) or the file's, low above high refused before sending. */
    private Condition between(AccessPatternDefinition pattern, ConditionDefinition.Between between, Map<String, ?> parameters) {
        List<Condition> all = new ArrayList<>();
        between.from().forEach((name, from) -> {
            String low = name + AccessPatternDefinition.FROM;
            String high = name + AccessPatternDefinition.TO;
            Object lowValue = patterns.typed(pattern, name, AccessPatterns.given(parameters, low, from));
            Object highValue = patterns.typed(pattern, name, AccessPatterns.given(parameters, high, between.to().get(name)));
            if (StoredOrder.INSTANCE.compare(lowValue, highValue) > 0) {
                throw new ValidationException("Access pattern '" + pattern.name() + "': filter between on " + name + ": low " + lowValue
                        + " is above high " + highValue + "; give " + low + " at most " + high);
            }
            all.add(Condition.between(patterns.attribute(pattern, name), lowValue, highValue));
        });
        return Condition.allOf(all);
    }

    @SuppressWarnings("unchecked")
    private Attribute<DynamicItem, String> text(AccessPatternDefinition pattern, String name) {
        return (Attribute<DynamicItem, String>) (Attribute<?, ?>) patterns.attribute(pattern, name);
    }
}
