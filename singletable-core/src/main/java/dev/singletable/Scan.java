package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A scan: reads the whole table (or GSI), keeping the items of one entity type or collection.
 * Rarely the right access pattern, since it reads, and pays for, every item of every type; prefer
 * a query on a key designed for the pattern. Useful for exports, migrations and small tables.
 * Same paging, cursors, filters and projections as {@link Query}; large tables can be read in
 * parallel segments.
 *
 * <pre>{@code
 * long pending = table.scan(ORDER).filter(Condition.eq(STATUS, OrderStatus.PENDING)).count();
 * // four workers, each reading a quarter of the table
 * List<Order> part = table.scan(ORDER).segment(worker, 4).list();
 * }</pre>
 */
@Stable
public interface Scan<T> {
    /** Scans a GSI instead of the table. */
    Scan<T> index(String indexName);

    /**
     * Keeps only the items the condition accepts, as DynamoDB's FilterExpression (several calls combine
     * with AND; {@link Condition#none()} adds nothing).
     */
    Scan<T> filter(Condition filter);

    /**
     * Returns items whose TTL has passed too. Without it, items whose TTL attribute (epoch seconds)
     * is at or before the table's clock are skipped as they arrive, as DynamoDB deletes expired items
     * lazily (typically within days): they still cost read capacity, do not count towards
     * {@link #limit(int)}, and cursors resume right after the last item returned.
     */
    Scan<T> includeExpired();

    /** Reads only these attributes, giving partial entities; refused when a required attribute is left out. */
    Scan<T> select(Attribute<?, ?>... attributes);

    /** Reads only these attributes, as maps of attribute name to decoded value. */
    Scan<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes);

    /** Reads only one of {@code totalSegments} parts of the table, numbered from 0, for parallel workers. */
    Scan<T> segment(int segment, int totalSegments);

    /** Strongly consistent reads; refused before sending on a GSI. */
    Scan<T> consistentRead();

    /** At most this many matching items are returned, over as many requests as it takes. */
    Scan<T> limit(int maxItems);

    /** How many items each request reads (DynamoDB's {@code Limit}, counted before filters). */
    Scan<T> pageSize(int itemsPerRequest);

    /** The first request this scan would send, without sending it. */
    ScanRequest toRequest();

    /** The first request as the SDK request and as JSON, without sending it. */
    default Explanation explain() {
        return Explanation.ofRequest(toRequest());
    }

    /** Runs the scan, following pages until the limit or the end. */
    QueryResult<T> execute();

    default List<T> list() {
        return execute().items();
    }

    default Optional<T> first() {
        return limit(1).list().stream().findFirst();
    }

    /** How many items match, as {@link Query#count()} (expired items not counted); reads (and costs) the whole table. */
    long count();

    /**
     * The first page: {@link #limit(int)} items, or one request's items without a limit.
     *
     * @throws ValidationException when there is more to read (a cursor to make) and the table, built without a
     *         {@linkplain TableBuilder#cursorKey(byte[]) cursor key}, is on Amazon DynamoDB or another host: a cursor
     *         signed with the published default key could be forged
     */
    Page<T> page();

    /**
     * The page after the one that gave this cursor.
     *
     * @throws InvalidCursorException when the cursor is malformed, altered or from another read
     * @throws ValidationException (before sending anything) when the table, built without a
     *         {@linkplain TableBuilder#cursorKey(byte[]) cursor key}, is on Amazon DynamoDB or another host: a cursor
     *         signed with the published default key could be forged
     */
    Page<T> page(String cursor);

    /** The items lazily, one request at a time. */
    Stream<T> stream();
}
