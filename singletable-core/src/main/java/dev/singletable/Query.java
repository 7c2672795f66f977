package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.List;
import java.util.Optional;

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
 * }</pre>
 */
public interface Query<T> {
    /** Queries a GSI instead of the table. */
    Query<T> index(String indexName);

    /** The partition key's slot values. */
    Query<T> partition(KeyValues values);

    /** The partition key, for a template with one slot. */
    default <V> Query<T> partition(Attribute<?, V> attribute, V value) {
        return partition(KeyValues.of(attribute, value));
    }

    /** Sort key equal to the key composed from every slot's value. */
    Query<T> sortEquals(KeyValues values);

    /** Sort key begins with the prefix composed from the leading slots' values (equality when all are given). */
    Query<T> sortBeginsWith(KeyValues values);

    /** Sort key begins with exactly this text, which may end inside a slot ({@code ORDER#12} matches {@code ORDER#123}). */
    Query<T> sortBeginsWithRaw(String prefix);

    Query<T> sortLessThan(KeyValues values);

    Query<T> sortLessThanOrEqual(KeyValues values);

    Query<T> sortGreaterThan(KeyValues values);

    Query<T> sortGreaterThanOrEqual(KeyValues values);

    /** Sort key from {@code from} to {@code to}, both inclusive (every key starting with a partial {@code to} included). */
    Query<T> sortBetween(KeyValues from, KeyValues to);

    /** Sort key between two raw key texts, both inclusive. */
    Query<T> sortBetweenRaw(String from, String to);

    /** Highest sort key first. */
    Query<T> descending();

    /** Strongly consistent reads; refused before sending on a GSI, which DynamoDB serves eventually consistent only. */
    Query<T> consistentRead();

    /** At most this many items are returned, over as many requests as it takes. */
    Query<T> limit(int maxItems);

    /** How many items each request reads (DynamoDB's {@code Limit}, counted before filters). */
    Query<T> pageSize(int itemsPerRequest);

    /** The first request this query would send, without sending it. */
    QueryRequest toRequest();

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
