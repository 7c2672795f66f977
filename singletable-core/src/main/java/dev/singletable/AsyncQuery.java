package dev.singletable;


import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/**
 * The asynchronous {@link Query}: the same immutable builder, with terminal operations that return
 * futures and a publisher instead of blocking.
 *
 * <pre>{@code
 * CompletableFuture<Page<Order>> page = table.query(ORDER).partition(CUSTOMER_ID, "C1").limit(20).page(cursor);
 * table.query(ORDER).index("GSI1").partition(STATUS, OrderStatus.PENDING).publisher().subscribe(subscriber);
 * }</pre>
 */
public interface AsyncQuery<T> {
    /** Queries a GSI instead of the table. */
    AsyncQuery<T> index(String indexName);

    /** The partition key's slot values. */
    AsyncQuery<T> partition(KeyValues values);

    /** The partition key, for a template with one slot. */
    default <V> AsyncQuery<T> partition(Attribute<?, V> attribute, V value) {
        NullArgumentException.check("AsyncQuery.partition", "attribute", attribute, "value", value);
        return partition(KeyValues.of(attribute, value));
    }

    /** Sort key equal to the key composed from every slot's value. */
    AsyncQuery<T> sortEquals(KeyValues values);

    /** Sort key begins with the prefix composed from the leading slots' values (equality when all are given). */
    AsyncQuery<T> sortBeginsWith(KeyValues values);

    /** Sort key begins with exactly this text, which may end inside a slot ({@code ORDER#12} matches {@code ORDER#123}). */
    AsyncQuery<T> sortBeginsWithRaw(String prefix);

    AsyncQuery<T> sortLessThan(KeyValues values);

    AsyncQuery<T> sortLessThanOrEqual(KeyValues values);

    AsyncQuery<T> sortGreaterThan(KeyValues values);

    AsyncQuery<T> sortGreaterThanOrEqual(KeyValues values);

    /** Sort key from {@code from} to {@code to}, both inclusive (every key starting with a partial {@code to} included). */
    AsyncQuery<T> sortBetween(KeyValues from, KeyValues to);

    /** Sort key between two raw key texts, both inclusive. */
    AsyncQuery<T> sortBetweenRaw(String from, String to);

    /** Highest sort key first. */
    AsyncQuery<T> descending();

    /**
     * Keeps only the items the condition accepts, as DynamoDB's FilterExpression (several calls combine
     * with AND; {@link Condition#none()} adds nothing). DynamoDB still reads, and charges for, the items
     * it drops; {@link #limit(int)} still returns that many matching items.
     */
    AsyncQuery<T> filter(Condition filter);

    /**
     * Returns items whose TTL has passed too. Without it, items whose TTL attribute (epoch seconds)
     * is at or before the table's clock are skipped as they arrive, as DynamoDB deletes expired items
     * lazily (typically within days): they still cost read capacity, do not count towards
     * {@link #limit(int)}, and cursors resume right after the last item returned.
     */
    AsyncQuery<T> includeExpired();

    /**
     * Reads only these attributes (plus the keys), giving partial entities whose other attributes
     * are null or empty.
     *
     * @throws ValidationException when the projection leaves out a required attribute, without which the entity cannot be built
     */
    AsyncQuery<T> select(Attribute<?, ?>... attributes);

    /** Reads only these attributes, each item as a map of attribute name to decoded value (absent attributes left out). */
    AsyncQuery<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes);

    /** Strongly consistent reads; refused before sending on a GSI, which DynamoDB serves eventually consistent only. */
    AsyncQuery<T> consistentRead();

    /** Reads each page's whole items from the table; see {@link Query#fetchFullItems()}. */
    AsyncQuery<T> fetchFullItems();

    /** At most this many items are returned, over as many requests as it takes. */
    AsyncQuery<T> limit(int maxItems);

    /** How many items each request reads (DynamoDB's {@code Limit}, counted before filters). */
    AsyncQuery<T> pageSize(int itemsPerRequest);

    /** The first request this query would send, without sending it. */
    QueryRequest toRequest();

    /** The first request as the SDK request and as JSON, without sending it. */
    default Explanation explain() {
        return Explanation.of("Query", toRequest());
    }

    /** Runs the query, following pages until the limit or the end. */
    CompletableFuture<QueryResult<T>> execute();

    default CompletableFuture<List<T>> list() {
        return execute().thenApply(QueryResult::items);
    }

    default CompletableFuture<Optional<T>> first() {
        return limit(1).list().thenApply(items -> items.stream().findFirst());
    }

    /** How many items match, as {@link Query#count()}; {@link #limit(int)} does not apply, expired items are not counted. */
    CompletableFuture<Long> count();

    /** The first page: {@link #limit(int)} items, or one request's items without a limit. */
    CompletableFuture<Page<T>> page();

    /** The page after the one that gave this cursor; completes with {@link InvalidCursorException} for a bad cursor. */
    CompletableFuture<Page<T>> page(String cursor);

    /**
     * The items as a publisher honouring back-pressure: a request is sent only when the subscriber
     * has demand the fetched items cannot meet. Each subscription runs the query anew.
     */
    Flow.Publisher<T> publisher();
}
