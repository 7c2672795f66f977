package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * What a query reads, the same on {@link Query} and {@link AsyncQuery}: the index, the partition and sort key
 * conditions, the partitions across buckets or shards, the filter, the projection and the paging. Each method returns a
 * new query of the same kind, so a partially built query can be reused; the two differ only in how they run.
 *
 * <pre>{@code
 * Query<Order> pending = table.query(ORDER).index("GSI1").partition(STATUS, OrderStatus.PENDING).limit(50);
 * AsyncQuery<Order> same = asyncTable.query(ORDER).index("GSI1").partition(STATUS, OrderStatus.PENDING).limit(50);
 * }</pre>
 *
 * @param <T> the type of the items read
 * @param <Q> the query type each method returns
 */
@Stable
public interface QueryParameters<T, Q extends QueryParameters<T, Q>> {
    /** Queries a GSI instead of the table. */
    Q index(String indexName);

    /**
     * The partition key's slot values.
     *
     * @throws ValidationException (when run) for a value of a slot outside the partition key template, such as a sort key slot
     */
    Q partition(KeyValues values);

    /** The partition key, for a template with one slot. */
    default <V> Q partition(Attribute<?, V> attribute, V value) {
        NullArgumentException.checkOn(this, "partition", "attribute", attribute, "value", value);
        return partition(KeyValues.of(attribute, value));
    }

    /** Sort key equal to the key composed from every slot's value. */
    Q sortEquals(KeyValues values);

    /** Sort key begins with the prefix composed from the leading slots' values (equality when all are given). */
    Q sortBeginsWith(KeyValues values);

    /** Sort key begins with exactly this text, which may end inside a slot ({@code ORDER#12} matches {@code ORDER#123}). */
    Q sortBeginsWithRaw(String prefix);

    Q sortLessThan(KeyValues values);

    Q sortLessThanOrEqual(KeyValues values);

    Q sortGreaterThan(KeyValues values);

    Q sortGreaterThanOrEqual(KeyValues values);

    /** Sort key from {@code from} to {@code to}, both inclusive (every key starting with a partial {@code to} included). */
    Q sortBetween(KeyValues from, KeyValues to);

    /** Sort key between two raw key texts, both inclusive. */
    Q sortBetweenRaw(String from, String to);

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
    Q sortChildren(KeyValues values);

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
    Q sortSubtree(KeyValues values);

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
    <V> Q acrossBuckets(Attribute<?, V> attribute, V from, V to);

    /**
     * Reads every shard of the partition key's {@code {shard:of=attribute,count=N}} slot: N queries, merged
     * as {@link #acrossBuckets} merges buckets (parallel, sort-key order, one cursor, exact limit); with
     * {@code acrossBuckets} too, every shard of every bucket.
     *
     * <pre>{@code
     * List<Reading> all = table.query(READING_BY_DAY).partition(DAY, LocalDate.of(2025, 5, 19)).acrossShards().list();
     * }</pre>
     */
    Q acrossShards();

    /** The most partition queries {@link #acrossBuckets} and {@link #acrossShards()} may send (100 unless set). */
    Q maxPartitions(int partitions);

    /** How many partition queries a query across buckets or shards sends at once (4 unless set, at most 64). */
    Q parallelism(int queries);

    /** Highest sort key first. */
    Q descending();

    /**
     * Keeps only the items the condition accepts, as DynamoDB's FilterExpression (several calls combine
     * with AND; {@link Condition#none()} adds nothing). DynamoDB still reads, and charges for, the items
     * it drops; {@link #limit(int)} still returns that many matching items.
     *
     * @throws ValidationException when the filter names an attribute the queried entity (or no member of the
     *         collection) has, such as one built from another entity's attribute
     */
    Q filter(Condition filter);

    /**
     * Returns items whose TTL has passed too. Without it, items whose TTL attribute (epoch seconds)
     * is at or before the table's clock are skipped as they arrive, as DynamoDB deletes expired items
     * lazily (typically within days): they still cost read capacity, do not count towards
     * {@link #limit(int)}, and cursors resume right after the last item returned.
     */
    Q includeExpired();

    /**
     * Reads only these attributes (plus the keys), giving partial entities whose other attributes
     * are null or empty.
     *
     * @throws ValidationException when the projection leaves out a required attribute, without which the entity cannot be built
     */
    Q select(Attribute<?, ?>... attributes);

    /** Strongly consistent reads; refused before sending on a GSI, which DynamoDB serves eventually consistent only. */
    Q consistentRead();

    /**
     * Reads each page's whole items from the table, for an index whose projection (KEYS_ONLY or
     * INCLUDE) lacks attributes the entity needs: the index query finds the keys, then BatchGetItem
     * reads the items (100 keys a request, unprocessed keys retried), returned in the query's order.
     * Items deleted between the two reads are left out. Limits, filters and cursors work as on any
     * query; each page costs the index read plus one read of every item.
     *
     * <pre>{@code
     * List<Score> top = table.query(SCORE).index("Leaderboard").partition(GAME, "chess").descending().limit(10).fetchFullItems().list();
     * }</pre>
     *
     * @throws ValidationException on a query of the table itself, which reads whole items anyway, or with select(...)
     */
    Q fetchFullItems();

    /** At most this many items are returned, over as many requests as it takes. */
    Q limit(int maxItems);

    /** How many items each request reads (DynamoDB's {@code Limit}, counted before filters). */
    Q pageSize(int itemsPerRequest);

    /** The first request this query would send, without sending it. */
    QueryRequest toRequest();

    /** The first request as the SDK request and as JSON, without sending it. */
    default Explanation explain() {
        return Explanation.ofRequest(toRequest());
    }
}
