package dev.singletable.design.internal.cost;

import dev.singletable.schema.ConditionDefinition;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The partitions a filtered query across shards reads, as the design's examples spread over them: each shard holds the
 * share of the type's items its examples hold, and its items pass the filter as its examples do, in sort key order (their
 * pattern repeated over the shard's items). Items rarely spread evenly over a handful of shards; where the examples show
 * how they do, the requests follow them.
 *
 * <pre>{@code
 * Optional<List<FilteredQuery.Lane>> lanes = ExampleLanes.of(examples, "pk", Optional.of("sk"), false, filter, 4, 1000);
 * }</pre>
 */
final class ExampleLanes {
    private ExampleLanes() {
    }

    /**
     * The {@code queries} lanes of the examples (written items) by their {@code partition} attribute, {@code count} items in
     * all; empty when there are no examples, when one lacks the partition attribute, when they fill more partitions than the call queries, or when the filter is
     * one this cannot tell of an example (only equalities, inequalities, in and their all/any/not are).
     */
    static Optional<List<FilteredQuery.Lane>> of(List<Map<String, AttributeValue>> examples, String partition, Optional<String> sort,
                                                 boolean descending, ConditionDefinition filter, int queries, long count) {
        // an example without the partition attribute is not in the index (a sparse one): its share is not known here
        if (examples.isEmpty() || examples.stream().anyMatch(example -> !example.containsKey(partition))) {
            return Optional.empty();
        }
        TreeMap<String, List<Map<String, AttributeValue>>> byPartition = new TreeMap<>();
        for (Map<String, AttributeValue> example : examples) {
            byPartition.computeIfAbsent(text(example.get(partition)), p -> new ArrayList<>()).add(example);
        }
        if (byPartition.size() > queries) {
            return Optional.empty();
        }
        Comparator<Map<String, AttributeValue>> ascending = Comparator.comparing(item -> sort.map(item::get).orElse(null),
                Comparator.nullsFirst(ExampleLanes::compare));
        Comparator<Map<String, AttributeValue>> order = descending ? ascending.reversed() : ascending;
        List<Map<String, AttributeValue>> merged = new ArrayList<>(examples);
        merged.sort(order);
        Map<Map<String, AttributeValue>, Integer> places = new IdentityHashMap<>();
        for (int i = 0; i < merged.size(); i++) {
            places.put(merged.get(i), i);
        }
        List<FilteredQuery.Lane> lanes = new ArrayList<>();
        for (List<Map<String, AttributeValue>> shard : byPartition.values()) {
            shard.sort(order);
            List<Boolean> passes = new ArrayList<>();
            for (Map<String, AttributeValue> example : shard) {
                Optional<Boolean> pass = passes(filter, example);
                if (pass.isEmpty()) {
                    return Optional.empty();
                }
                passes.add(pass.get());
            }
            lanes.add(FilteredQuery.Lane.repeating(Math.round((double) count * shard.size() / examples.size()), passes,
                    shard.stream().map(places::get).toList(), merged.size()));
        }
        while (lanes.size() < queries) {
            lanes.add(FilteredQuery.Lane.repeating(0, List.of(), List.of(), merged.size()));   // a shard no example is in
        }
        return Optional.of(lanes);
    }

    /**
     * Whether {@code item} passes {@code condition}; empty for a condition other than equalities, inequalities, {@code in},
     * and their all/any/not (an ordered comparison's or a prefix's stored text may be formatted otherwise than the file's value).
     */
    static Optional<Boolean> passes(ConditionDefinition condition, Map<String, AttributeValue> item) {
        if (condition instanceof ConditionDefinition.Equals equals) {
            return Optional.of(equals.values().entrySet().stream().allMatch(e -> same(item.get(e.getKey()), e.getValue())));
        }
        if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            return Optional.of(notEquals.values().entrySet().stream().noneMatch(e -> same(item.get(e.getKey()), e.getValue())));
        }
        if (condition instanceof ConditionDefinition.In in) {
            return Optional.of(in.values().entrySet().stream().allMatch(e -> e.getValue().stream().anyMatch(v -> same(item.get(e.getKey()), v))));
        }
        if (condition instanceof ConditionDefinition.Not not) {
            return passes(not.condition(), item).map(pass -> !pass);
        }
        List<ConditionDefinition> parts = condition instanceof ConditionDefinition.All all ? all.conditions()
                : condition instanceof ConditionDefinition.Any any ? any.conditions() : null;
        if (parts == null) {
            return Optional.empty();
        }
        List<Boolean> results = new ArrayList<>();
        for (ConditionDefinition part : parts) {
            Optional<Boolean> result = passes(part, item);
            if (result.isEmpty()) {
                return Optional.empty();
            }
            results.add(result.get());
        }
        return Optional.of(condition instanceof ConditionDefinition.All ? !results.contains(false) : results.contains(true));
    }

    private static boolean same(AttributeValue stored, Object value) {
        String text = text(stored);
        if (text == null || value == null) {
            return text == null && value == null;
        }
        if (stored.n() != null && value instanceof Number) {
            return new BigDecimal(text).compareTo(new BigDecimal(value.toString())) == 0;
        }
        return text.equals(value.toString());
    }

    private static int compare(AttributeValue a, AttributeValue b) {
        if (a.n() != null && b.n() != null) {
            return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
        }
        return String.valueOf(text(a)).compareTo(String.valueOf(text(b)));
    }

    private static String text(AttributeValue value) {
        if (value == null) {
            return null;
        }
        return value.s() != null ? value.s() : value.n() != null ? value.n() : value.bool() != null ? value.bool().toString() : null;
    }
}
