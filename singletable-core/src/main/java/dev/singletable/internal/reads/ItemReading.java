package dev.singletable.internal.reads;

import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;

/**
 * How a read turns the stored items of a page into results: which it skips because their TTL has
 * passed (unless the read includes expired items), and how it decodes the others.
 */
record ItemReading<T>(BoundTable table, boolean includeExpired, ItemDecoder<T> decoder) {
    /** True when the read skips this item, whose TTL has passed. */
    boolean hides(Map<String, AttributeValue> item) {
        return !includeExpired && table.isExpired(item);
    }
}
