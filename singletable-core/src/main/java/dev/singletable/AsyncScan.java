package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.Map;

/**
 * The asynchronous {@link Scan}.
 *
 * <pre>{@code
 * CompletableFuture<Long> orders = table.scan(ORDER).count();
 * }</pre>
 */
@Stable
public interface AsyncScan<T> extends AsyncResults<T> {
    /** Scans a GSI instead of the table. */
    AsyncScan<T> index(String indexName);

    /**
     * Keeps only the items the condition accepts, as DynamoDB's FilterExpression (several calls combine
     * with AND; {@link Condition#none()} adds nothing).
     */
    AsyncScan<T> filter(Condition filter);

    /**
     * Returns items whose TTL has passed too. Without it, items whose TTL attribute (epoch seconds)
     * is at or before the table's clock are skipped as they arrive, as DynamoDB deletes expired items
     * lazily (typically within days): they still cost read capacity, do not count towards
     * {@link #limit(int)}, and cursors resume right after the last item returned.
     */
    AsyncScan<T> includeExpired();

    /** Reads only these attributes, giving partial entities; refused when a required attribute is left out. */
    AsyncScan<T> select(Attribute<?, ?>... attributes);

    /** Reads only these attributes, as maps of attribute name to decoded value. */
    AsyncScan<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes);

    /** Reads only one of {@code totalSegments} parts of the table, numbered from 0, for parallel workers. */
    AsyncScan<T> segment(int segment, int totalSegments);

    /** Strongly consistent reads; refused before sending on a GSI. */
    AsyncScan<T> consistentRead();

    /** At most this many matching items are returned, over as many requests as it takes. */
    AsyncScan<T> limit(int maxItems);

    /** How many items each request reads (DynamoDB's {@code Limit}, counted before filters). */
    AsyncScan<T> pageSize(int itemsPerRequest);

    /** The first request this scan would send, without sending it. */
    ScanRequest toRequest();

    /** The first request as the SDK request and as JSON, without sending it. */
    default Explanation explain() {
        return Explanation.ofRequest(toRequest());
    }
}
