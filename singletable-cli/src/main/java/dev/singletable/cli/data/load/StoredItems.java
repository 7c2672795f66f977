package dev.singletable.cli.data.load;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;

/** Item comparison as DynamoDB stores items, for the load's check of an item already in the table ({@link StoredItemCheck}). */
final class StoredItems {
    private StoredItems() {
    }

    /**
     * Whether two stored items hold the same values: numbers compared as numbers (DynamoDB may store
     * {@code 1.50} as {@code 1.5}), sets in any order, lists and maps value by value.
     */
    static boolean same(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (Map.Entry<String, AttributeValue> entry : a.entrySet()) {
            AttributeValue other = b.get(entry.getKey());
            if (other == null || !sameValue(entry.getValue(), other)) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameValue(AttributeValue a, AttributeValue b) {
        if (a.type() != b.type()) {
            return false;
        }
        return switch (a.type()) {
            case N -> new java.math.BigDecimal(a.n()).compareTo(new java.math.BigDecimal(b.n())) == 0;
            case NS -> numbers(a.ns()).equals(numbers(b.ns()));
            case SS -> new java.util.HashSet<>(a.ss()).equals(new java.util.HashSet<>(b.ss()));
            case BS -> new java.util.HashSet<>(a.bs()).equals(new java.util.HashSet<>(b.bs()));
            case L -> a.l().size() == b.l().size() && java.util.stream.IntStream.range(0, a.l().size())
                    .allMatch(i -> sameValue(a.l().get(i), b.l().get(i)));
            case M -> same(a.m(), b.m());
            default -> a.equals(b);
        };
    }

    private static java.util.Set<java.math.BigDecimal> numbers(List<String> values) {
        java.util.Set<java.math.BigDecimal> numbers = new java.util.HashSet<>();
        values.forEach(n -> numbers.add(new java.math.BigDecimal(n).stripTrailingZeros()));
        return numbers;
    }
}
