package dev.singletable.schema.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.UUID;

/**
 * DynamoDB's order of two values of one attribute, as the file types them: strings (and UUIDs, stored as their text) by
 * UTF-8 bytes, binary by unsigned bytes, numbers, instants and dates by value (their stored texts are fixed-width ISO-8601,
 * whose order is theirs). A {@code between} with low above high in this order is one DynamoDB refuses.
 */
final class StoredOrder implements Comparator<Object> {
    static final StoredOrder INSTANCE = new StoredOrder();

    private StoredOrder() {
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public int compare(Object low, Object high) {
        if (low instanceof String || low instanceof UUID) {
            return Arrays.compareUnsigned(low.toString().getBytes(StandardCharsets.UTF_8), high.toString().getBytes(StandardCharsets.UTF_8));
        }
        if (low instanceof byte[] a && high instanceof byte[] b) {
            return Arrays.compareUnsigned(a, b);
        }
        if (low instanceof Number a && high instanceof Number b) {
            return new java.math.BigDecimal(a.toString()).compareTo(new java.math.BigDecimal(b.toString()));
        }
        if (low instanceof Comparable comparable && low.getClass() == high.getClass()) {
            return comparable.compareTo(high);
        }
        return 0; // values of another shape are refused by the ordered comparison's own check
    }
}
