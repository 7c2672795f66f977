package dev.singletable.internal.reads;

import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;

/**
 * How a read turns the stored items of a page into results: which it skips because their TTL has
 * passed (unless the read includes expired items) or, in a read of a collection, because their entity
 * type is not a member (as a filter on the entity-type attribute would), and how it decodes the others.
 */
record ItemReading<T>(BoundTable table, boolean includeExpired, ItemDecoder<T> decoder, ReadSubject<?> subject) {
    /** True when the read skips this item: its TTL has passed, or it belongs to no member of the collection read. */
    boolean hides(Map<String, AttributeValue> item) {
        return !includeExpired && table.isExpired(item) || subject.collection() && subject.isForeign(item);
    }
}
