package dev.singletable.design.internal.cost;

import dev.singletable.schema.ConditionDefinition;

import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * About which share of the items a query reads its filter keeps: 1/n for an equality on an attribute of n values, 1 - 1/n
 * for an inequality, k/n for {@code in} of k values, 1/{@link #UNBOUNDED_VALUES} for a prefix and for {@code contains},
 * 1/2 for an ordered comparison and for each comparison of a {@code size} (which side of the value items lie is not in
 * the design), 1/4 for a {@code between}, 1 less the share kept by what {@code not} negates; presence, and
 * {@code attributeType} (which the file admits for the declared type only), are not counted, as how many items have an
 * attribute is not in the design. Lint's ST002 and the cost model's reads of a filtered query with a limit both take it.
 *
 * <pre>{@code
 * double kept = FilterShare.kept(pattern.filter().get(), attribute -> 2);   // a filter on one boolean: 0.5
 * }</pre>
 */
final class FilterShare {
    /** Values taken for an attribute of unbounded values, and for a prefix. */
    static final int UNBOUNDED_VALUES = 10;
    /** The share one bound of an ordered comparison keeps. */
    static final double ORDERED_SHARE = 0.5;

    private FilterShare() {
    }

    /** The share {@code condition} keeps, where {@code values} gives how many values an attribute (by name) takes. */
    static double kept(ConditionDefinition condition, ToIntFunction<String> values) {
        if (condition instanceof ConditionDefinition.Equals equals) {
            return equals.values().keySet().stream().mapToDouble(name -> 1.0 / values.applyAsInt(name)).reduce(1, (x, y) -> x * y);
        }
        if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            return notEquals.values().keySet().stream().mapToDouble(name -> 1 - 1.0 / values.applyAsInt(name)).reduce(1, (x, y) -> x * y);
        }
        if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            return Math.pow(1.0 / UNBOUNDED_VALUES, beginsWith.prefixes().size());
        }
        if (condition instanceof ConditionDefinition.Compare compare) {
            return Math.pow(ORDERED_SHARE, compare.values().size());
        }
        if (condition instanceof ConditionDefinition.Between between) {
            return Math.pow(ORDERED_SHARE * ORDERED_SHARE, between.from().size());
        }
        if (condition instanceof ConditionDefinition.In in) {
            return in.values().entrySet().stream().mapToDouble(e -> Math.min(1, (double) e.getValue().size() / values.applyAsInt(e.getKey())))
                    .reduce(1, (x, y) -> x * y);
        }
        if (condition instanceof ConditionDefinition.Contains contains) {
            return Math.pow(1.0 / UNBOUNDED_VALUES, contains.values().size());
        }
        if (condition instanceof ConditionDefinition.Size size) {
            return Math.pow(ORDERED_SHARE, size.sizes().values().stream().mapToInt(Map::size).sum());
        }
        if (condition instanceof ConditionDefinition.Not not) {
            return not.condition() instanceof ConditionDefinition.Present || not.condition() instanceof ConditionDefinition.Absent
                    || not.condition() instanceof ConditionDefinition.AttributeType ? 1 : 1 - kept(not.condition(), values);
        }
        if (condition instanceof ConditionDefinition.All all) {
            return all.conditions().stream().mapToDouble(c -> kept(c, values)).reduce(1, (x, y) -> x * y);
        }
        if (condition instanceof ConditionDefinition.Any any) {
            return Math.min(1, any.conditions().stream().mapToDouble(c -> kept(c, values)).sum());
        }
        return 1;
    }
}
