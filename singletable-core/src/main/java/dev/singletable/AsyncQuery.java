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
@Stable
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

    /**
     * The children of a hierarchy node, and nothing deeper: the sort key template ends with a path slot
     * (a {@code List<String>} attribute, {@code CATEGORY#{path}}) and the values give the node's path
     * (and any slots before it). Sends {@code begins_with(SK, "CATEGORY#ELECTRONICS#AUDIO#")}, which stops at
     * a segment boundary ({@code AUDIO2} never matches), with the filter {@code size(path) = depth + 1}:
     * one request that reads (and pays for) the node's whole subtree below it, and returns its children.
     *
     * <pre>{@code
     * List<Category> audio = table.query(CATEGORY).partition(CATALOG, "main")
     *         .sortChildren(KeyValues.of(PATH, List.of("ELECTRONICS", "AUDIO"))).list();
     * }</pre>
     *
     * @throws ValidationException (when run) when no value is a path, or the sort key template has no path slot
     */
    AsyncQuery<T> sortChildren(KeyValues values);

    /**
     * A hierarchy node and its whole subtree, in key order (each node before its descendants): sends
     * {@code SK BETWEEN "…#AUDIO" AND "…#AUDIO$"} ({@code $} follows the separator {@code #}) with the filter
     * {@code path[depth - 1] = "AUDIO"}, so {@code AUDIO2} never matches and the rare sibling whose name is the
     * node's followed by a character before {@code #} ({@code AUDIO!}) is read but dropped. One request per page.
     * When the path is in the partition key (one partition per node, as seed 000 does), query an index whose sort
     * key holds the path, naming the partition it reads with {@code partition(...)}.
     *
     * <pre>{@code
     * List<Category> audio = table.query(CATEGORY).partition(CATALOG, "main")
     *         .sortSubtree(KeyValues.of(PATH, List.of("ELECTRONICS", "AUDIO"))).list();
     * }</pre>
     */
    AsyncQuery<T> sortSubtree(KeyValues values);

    /**
     * Reads every time bucket of the partition key from {@code from} to {@code to} (both inclusive; the
     * template has a {@code {attribute:bucket=DAY}} slot): one query per bucket partition, sent in parallel
     * (see {@link #parallelism(int)}), merged in sort-key order, with one cursor across them all and
     * {@link #limit(int)} respected exactly. Without a sort key condition, and when the sort key template starts
     * with the same attribute, each query also gets {@code sortBetween(from, to)}. Refused before sending when
     * the range covers more than {@link #maxPartitions(int)} buckets.
     *
     * <pre>{@code
     * List<Reading> day = table.query(READING).partition(DEVICE_ID, "d1")
     *         .acrossBuckets(TAKEN_AT, Instant.parse("2025-05-19T22:00:00Z"), Instant.parse("2025-05-20T02:00:00Z"))
     *         .limit(50).list();                 // two DAY buckets, two queries
     * }</pre>
     *
     * @throws ValidationException (when run) when the partition key template has no bucket on the attribute, from is after
     *         to, or the range covers more buckets than allowed (naming how many)
     */
    <V> AsyncQuery<T> acrossBuckets(Attribute<?, V> attribute, V from, V to);

    /**
     * Reads every shard of the partition key's {@code {shard:of=attribute,count=N}} slot: N queries, merged
     * as {@link #acrossBuckets} merges buckets (parallel, sort-key order, one cursor, exact limit); with
     * {@code acrossBuckets} too, every shard of every bucket.
     *
     * <pre>{@code
     * List<Reading> all = table.query(READING_BY_DAY).partition(DAY, LocalDate.of(2025, 5, 19)).acrossShards().list();
     * }</pre>
     */
    AsyncQuery<T> acrossShards();

    /** The most partition queries {@link #acrossBuckets} and {@link #acrossShards()} may send (100 unless set). */
    AsyncQuery<T> maxPartitions(int partitions);

    /** How many partition queries a query across buckets or shards sends at once (4 unless set, at most 64). */
    AsyncQuery<T> parallelism(int queries);

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
        return Explanation.ofRequest(toRequest());
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
