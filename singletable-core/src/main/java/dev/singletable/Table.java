package dev.singletable;

import dev.singletable.internal.CursorCodec;
import dev.singletable.internal.DefaultTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A single DynamoDB table and the entity types in it, bound to a client: the entry point of
 * every operation. Thread-safe; create one per table and share it.
 *
 * <pre>{@code
 * Table table = Table.of(schema, DynamoDbClient.create());
 * table.createTable();                                   // creates it if missing, else checks its keys
 * table.create(new Order("C1", "O1", OrderStatus.PENDING, new BigDecimal("9.99"), now));
 * Optional<Order> order = table.get(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1"));
 * List<Order> orders = table.query(ORDER).partition(CUSTOMER_ID, "C1").list();
 * }</pre>
 */
public interface Table {

    /** A table using the client as it is configured (region, credentials, endpoint). */
    static Table of(TableSchema schema, DynamoDbClient client) {
        return builder(schema, client).build();
    }

    static Builder builder(TableSchema schema, DynamoDbClient client) {
        return new Builder(schema, client);
    }

    TableSchema schema();

    /** The CreateTable request {@link #createTable()} sends when the table is missing (on-demand billing). */
    CreateTableRequest createTableRequest();

    /**
     * Creates the table with its GSIs (and enables TTL when the schema names a TTL attribute) if it
     * does not exist, and waits until it is active. When it exists, checks its key schema and GSIs.
     *
     * @throws TableSchemaMismatchException when the existing table's keys differ from the schema
     */
    void createTable();

    /** Deletes the table if it exists and waits until it is gone. */
    void deleteTable();

    /** Writes the entity, replacing any item with the same primary key. */
    <T> void put(T entity);

    /**
     * Writes the entity only if no item has its primary key.
     *
     * @throws ItemAlreadyExistsException when one does; nothing is written
     */
    <T> void create(T entity);

    /** Reads one entity by its primary key's slot values, eventually consistent. */
    default <T> Optional<T> get(EntitySchema<T> entity, KeyValues key) {
        return get(entity, key, ReadConsistency.EVENTUAL);
    }

    /**
     * Reads one entity by its primary key's slot values.
     *
     * @throws EntityTypeMismatchException when the item at that key belongs to another entity type
     */
    <T> Optional<T> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency);

    /** The GetItem request {@link #get(EntitySchema, KeyValues, ReadConsistency)} sends, without sending it. */
    <T> GetItemRequest getRequest(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency);

    /** The GetItem request of an eventually consistent get, as SDK request and JSON, without sending it. */
    default <T> Explanation explainGet(EntitySchema<T> entity, KeyValues key) {
        return Explanation.of("GetItem", getRequest(entity, key, ReadConsistency.EVENTUAL));
    }

    /**
     * The primary key singletable writes for an entity: key attribute name to key text, such as
     * {@code {PK=CUSTOMER#C1, SK=ORDER#O1}}. Sends nothing.
     */
    <T> Map<String, String> keyOf(T entity);

    /**
     * The primary key built from key values, as {@link #keyOf(Object)} gives it; to show or log
     * the key a get or delete will use. Sends nothing.
     *
     * <pre>{@code
     * table.keyOf(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1")); // {PK=CUSTOMER#C1, SK=ORDER#O1}
     * }</pre>
     */
    <T> Map<String, String> keyOf(EntitySchema<T> entity, KeyValues key);

    /** Deletes the item at the entity's primary key, if there is one. */
    <T> void delete(EntitySchema<T> entity, KeyValues key);

    /** A query returning items of one entity type; items of other types in the same key range are left out. */
    <T> Query<T> query(EntitySchema<T> entity);

    /**
     * A query returning several entity types in one request, each decoded into its own type.
     * Its members must share the partition key template of the queried index.
     *
     * @throws UnknownEntityTypeException (when run) for an item of a type outside the collection
     */
    <T> Query<T> query(EntityCollection<T> collection);

    /**
     * A scan of the whole table for one entity type (a filter on the entity-type attribute). Reads
     * and pays for every item of every type: prefer a query where a key serves the access pattern.
     */
    <T> Scan<T> scan(EntitySchema<T> entity);

    /** A scan keeping the items of a collection's entity types, each decoded into its own type. */
    <T> Scan<T> scan(EntityCollection<T> collection);

    /**
     * A PartiQL {@code SELECT} whose items are entities of this type, with {@code ?} parameters:
     * {@code table.partiql(ORDER_LINE, "SELECT * FROM \"AppTable\" WHERE \"PK\" = ? AND begins_with(\"SK\", ?)")
     * .parameters("ORDER#O1", "LINE#").list()}.
     */
    <T> PartiqlStatement<T> partiql(EntitySchema<T> entity, String statement);

    /** A PartiQL {@code SELECT} whose items are of a collection's types, each decoded into its own type. */
    <T> PartiqlStatement<T> partiql(EntityCollection<T> collection, String statement);

    /** Configures a {@link Table}. */
    final class Builder {
        private final TableSchema schema;
        private final DynamoDbClient client;
        private final List<RequestListener> listeners = new ArrayList<>();
        private CursorCodec cursors = CursorCodec.withDefaultKey();

        private Builder(TableSchema schema, DynamoDbClient client) {
            this.schema = Objects.requireNonNull(schema, "schema");
            this.client = Objects.requireNonNull(client, "client");
        }

        /** Called after every request, in the calling thread. */
        public Builder listener(RequestListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * The secret that signs pagination cursors (HMAC-SHA256), at least 16 bytes; 32 random bytes
         * are best. Every process serving the same clients needs the same key. Without it, cursors are
         * signed with a published default key, the UTF-8 bytes of {@code "singletable default cursor key:
         * set your own with Table.Builder.cursorKey"}: tampering is still detected, but anyone can forge
         * a cursor, so configure a key outside local use.
         *
         * <pre>{@code
         * Table table = Table.builder(schema, client).cursorKey(secrets.get("cursor-key")).build();
         * }</pre>
         */
        public Builder cursorKey(byte[] key) {
            if (key == null || key.length < 16) {
                throw new ValidationException("Table " + schema.name() + ": the cursor key has " + (key == null ? 0 : key.length)
                        + " bytes; give at least 16 (32 random bytes are best)");
            }
            this.cursors = new CursorCodec(key);
            return this;
        }

        public Table build() {
            return new DefaultTable(schema, client, listeners, cursors);
        }
    }
}
