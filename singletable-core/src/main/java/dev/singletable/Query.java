package dev.singletable;


import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A query on the table or one GSI, for one entity type or an {@link EntityCollection}. Keys are
 * given as attribute values and composed through the entity's templates. Immutable: each method
 * returns a new query, so a partially built query can be reused.
 *
 * <p>Sort key conditions take the values of a prefix of the sort key template's slots. A prefix
 * ends at a slot boundary: with {@code ORDER#{orderId}#{day}}, {@code sortBeginsWith} with
 * orderId {@code 12} sends {@code begins_with(SK, "ORDER#12#")}, which never matches order
 * {@code 123}; with every slot given it becomes {@code SK = key}. Range conditions on a prefix
 * cover every key that starts with it.
 *
 * <pre>{@code
 * List<Order> pending = table.query(ORDER).index("GSI1")
 *         .partition(STATUS, OrderStatus.PENDING)
 *         .sortBetween(KeyValues.of(CREATED_AT, from), KeyValues.of(CREATED_AT, to))
 *         .limit(50)
 *         .list();
 *
 * Page<Order> page = table.query(ORDER).partition(CUSTOMER_ID, "C1")
 *         .filter(Condition.gt(TOTAL, new BigDecimal("100")))
 *         .limit(20)
 *         .page(cursorFromLastPage);            // signed, bound to this query
 * }</pre>
 */
@Stable
public interface Query<T> extends QueryParameters<T, Query<T>> {
    /** Reads only these attributes, each item as a map of attribute name to decoded value (absent attributes left out). */
    Query<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes);

    /**
     * The first request of every partition this query reads, without sending any: one per bucket or shard for a
     * query {@link #acrossBuckets} or {@link #acrossShards()} (in the order they are merged), else {@link #toRequest()} alone.
     *
     * <pre>{@code
     * table.query(READING).index(GSI1).partition(TAKEN_AT, day).acrossShards().toRequests().size()   // 4: one query per shard
     * }</pre>
     *
     * @throws ValidationException when the range covers more partitions than {@link #maxPartitions(int)} allows
     */
    default List<QueryRequest> toRequests() {
        return List.of(toRequest());
    }

    /**
     * How many items match, paging through with {@code Select=COUNT} so nothing is transferred or
     * decoded. Costs the same read capacity as reading them; {@link #limit(int)} does not apply. On a
     * table with a TTL attribute, expired items are not counted: each request then reads only that
     * attribute (a projection instead of {@code Select=COUNT}) and the expired ones are counted out.
     */
    long count();

    /**
     * The first page: {@link #limit(int)} items (read over as many requests as it takes), or the
     * items of one request when there is no limit.
     *
     * @throws ValidationException when there is more to read (a cursor to make) and the table, built without a
     *         {@linkplain TableBuilder#cursorKey(byte[]) cursor key}, is on Amazon DynamoDB or another host: a cursor
     *         signed with the published default key could be forged
     */
    Page<T> page();

    /**
     * The page after the one that gave this cursor.
     *
     * @throws InvalidCursorException (before sending anything) when the cursor is malformed, altered,
     *         or was made by another query
     * @throws ValidationException (before sending anything) when the table, built without a
     *         {@linkplain TableBuilder#cursorKey(byte[]) cursor key}, is on Amazon DynamoDB or another host: a cursor
     *         signed with the published default key could be forged
     */
    Page<T> page(String cursor);

    /**
     * The items lazily, fetching the next page from DynamoDB only when the stream needs it; stops at
     * {@link #limit(int)}. Close it, or consume it, like any stream.
     */
    Stream<T> stream();

    /** Runs the query, following pages until the limit or the end. */
    QueryResult<T> execute();

    /** The items of {@link #execute()}. */
    default List<T> list() {
        return execute().items();
    }

    /** The first item, reading as little as possible. */
    default Optional<T> first() {
        return limit(1).list().stream().findFirst();
    }
}
