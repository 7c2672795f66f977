package dev.singletable;

import dev.singletable.partiql.PartiqlBatchException;
import dev.singletable.partiql.PartiqlStatement;
import dev.singletable.partiql.PartiqlWrite;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

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
@Stable
public interface Table extends OfflineOperations {

    /** A table using the client as it is configured (region, credentials, endpoint). */
    static Table of(TableSchema schema, DynamoDbClient client) {
        NullArgumentException.check("Table.of", "schema", schema, "client", client);
        return builder(schema, client).build();
    }

    /**
     * A table without a client: it renders requests ({@code toRequest()}), composes and decodes items ({@link #toItem},
     * {@link #fromItem}) and builds cursors exactly as a connected table would, and sends nothing. For documentation, tests
     * of rendered requests and tools that show a design without DynamoDB or credentials. Every operation that would send
     * a request throws {@link OfflineTableException}.
     *
     * <pre>{@code
     * Table design = Table.offline(schema);
     * QueryRequest request = design.query(ORDER).partition(CUSTOMER_ID, "C1").toRequest();
     * Map<String, AttributeValue> item = design.toItem(order);
     * }</pre>
     */
    static Table offline(TableSchema schema) {
        NullArgumentException.check("Table.offline", "schema", schema);
        return offlineBuilder(schema).build();
    }

    /**
     * A builder of an {@linkplain #offline offline} table, for a fixed clock (the timestamps {@link #toItem} callers add)
     * or a cursor key.
     *
     * <pre>{@code
     * Table design = Table.offlineBuilder(schema).clock(Clock.fixed(Instant.parse("2025-01-01T00:00:00Z"), ZoneOffset.UTC)).build();
     * }</pre>
     */
    static Builder offlineBuilder(TableSchema schema) {
        NullArgumentException.check("Table.offlineBuilder", "schema", schema);
        return new Builder(schema, OfflineClient.of(schema.name()));
    }

    /**
     * Whether a table on {@code client} (a {@code DynamoDbClient} or {@code DynamoDbAsyncClient}) without its own
     * {@linkplain Builder#cursorKey(byte[]) cursor key} would refuse to make or read cursors: true for Amazon DynamoDB and
     * for any endpoint not on this machine (a loopback address or {@code localhost}), where cursors signed with the
     * published default key could be forged. Lets an application refuse to start, rather than fail on the first
     * paginated request:
     *
     * <pre>{@code
     * if (cursorKey == null && Table.publishedCursorKeyRefused(client)) {
     *     throw new IllegalStateException("set app.cursor-key: 32 random bytes, the same in every process");
     * }
     * }</pre>
     */
    static boolean publishedCursorKeyRefused(software.amazon.awssdk.core.SdkClient client) {
        NullArgumentException.check("Table.publishedCursorKeyRefused", "client", client);
        return dev.singletable.internal.Tables.publishedCursorKeyRefused(client);
    }

    static Builder builder(TableSchema schema, DynamoDbClient client) {
        NullArgumentException.check("Table.builder", "schema", schema, "client", client);
        return new Builder(schema, client);
    }


    /** The CreateTable request {@link #createTable()} sends when the table is missing (on-demand billing). */
    CreateTableRequest createTableRequest();

    /**
     * Creates the table with its GSIs (and enables TTL when the schema names a TTL attribute) if it
     * does not exist, and waits until it and its GSIs are active (not CREATING, UPDATING or
     * backfilling). When it exists, waits likewise and checks its key schema and GSIs. Safe to call
     * from several processes at once: a CreateTable refused with {@code ResourceInUseException}
     * means another caller is creating it, and this one waits for that table. TTL is enabled only
     * when that changes something and the service would accept it; where the engine has no TTL,
     * or TTL is still being disabled, or changed too recently, it logs a warning and goes on (reads
     * hide expired items client-side anyway).
     *
     * <pre>{@code
     * Table table = Table.builder(schema, client).tableWaitTimeout(Duration.ofMinutes(30)).build();
     * table.createTable();     // idempotent; returns once the table can take every request
     * }</pre>
     *
     * @throws TableSchemaMismatchException when the existing table's keys differ from the schema
     * @throws TableNotReadyException when the table does not settle within the wait (10 minutes unless set)
     */
    void createTable();

    /**
     * How the table that {@code description} (a DescribeTable response's) describes differs from this table's schema:
     * its partition or sort key, a missing index, an index's keys, a key attribute's type, each with its fix; empty when
     * it matches. These are the differences for which {@link #createTable()} refuses an existing table with
     * {@link TableSchemaMismatchException}. Sends no request.
     *
     * <pre>{@code
     * List<String> problems = table.schemaMismatches(client.describeTable(r -> r.tableName(name)).table());
     * }</pre>
     */
    List<String> schemaMismatches(TableDescription description);

    /**
     * Deletes the table if it exists, waiting first while it is CREATING or UPDATING (DynamoDB refuses
     * to delete it then), and after until it is gone.
     *
     * @throws TableNotReadyException when that takes longer than the wait (10 minutes unless set)
     */
    void deleteTable();

    /**
     * Writes the entity, replacing any item with the same primary key. For a versioned entity the
     * stored version must be the entity's (or no item must exist, when the entity has no version yet).
     * Sets the entity's timestamps and next version. An entity stored by its state ({@link EntityStates})
     * is written in a TransactWriteItems that keeps it out of the other states' keys, and a put of one
     * read from the table with its state changed moves the item (see {@link EntityStates}).
     *
     * @return the entity as written (version and timestamps set)
     * @throws VersionConflictException when the stored version differs
     * @throws ValidationException when the entity's version is the largest value of its type ({@code Integer.MAX_VALUE},
     *         {@code Long.MAX_VALUE}), so the next is out of its range; nothing is sent
     */
    default <T> T put(T entity) {
        return put(entity, Condition.none());
    }

    /**
     * {@link #put(Object)} when the condition holds for the stored item.
     *
     * <pre>{@code table.put(order, Condition.ne(STATUS, OrderStatus.SHIPPED));}</pre>
     *
     * @throws ConditionFailedException when it does not, with the stored item
     */
    <T> T put(T entity, Condition condition);

    /**
     * Writes the entity only if no item has its primary key. Versioned entities start at version 1.
     *
     * @return the entity as written
     * @throws ItemAlreadyExistsException when one does; nothing is written
     */
    <T> T create(T entity);

    /**
     * Writes the entity as it was stored elsewhere (a backup, a DynamoDB export, another table): only if no item has its
     * primary key, as {@link #create}, but with its {@code createdAt}, {@code updatedAt} and version written as the entity
     * gives them, so that the restored item says when it last changed and which version a client holding it expects.
     * Those it leaves null are set as {@code create} sets them (the clock's instant, version 1). Index keys, the entity
     * type and an entity stored by its state are written as {@code create} writes them.
     *
     * <pre>{@code
     * Order restored = table.restore(exported);   // exported.updatedAt() and exported.version() kept
     * }</pre>
     *
     * @return the entity as written
     * @throws ItemAlreadyExistsException when an item has its key; nothing is written
     */
    <T> T restore(T entity);

    /**
     * {@link #restore}, but over whatever item has the entity's primary key: one unconditional PutItem replacing it (for an
     * entity stored by its state, a TransactWriteItems that also deletes it from the other states' keys), with the entity's
     * {@code createdAt}, {@code updatedAt} and version as given. For bringing a backup back over a table that may hold some
     * of its items; a versioned item stored there is replaced whatever its version, so a writer holding that version
     * conflicts afterwards unless the restored version is the same.
     *
     * <pre>{@code
     * table.restoreReplacing(exported);   // the table now holds exported as it was, updatedAt and version kept
     * }</pre>
     *
     * @return the entity as written
     */
    <T> T restoreReplacing(T entity);

    /**
     * Writes the entity only if an item has its primary key (and, for a versioned entity, the
     * entity's version).
     *
     * @throws ItemNotFoundException when none does
     * @throws VersionConflictException when the stored version differs
     * @throws ValidationException when the entity's version is the largest value of its type ({@code Integer.MAX_VALUE},
     *         {@code Long.MAX_VALUE}), so the next is out of its range; nothing is sent
     */
    default <T> T replace(T entity) {
        return replace(entity, Condition.none());
    }

    /** {@link #replace(Object)} when the condition also holds. */
    <T> T replace(T entity, Condition condition);

    /**
     * Changes some attributes of an existing item (UpdateItem), keeping index keys, the update
     * timestamp and the version (incremented, not checked: use {@link #update(Object, UnaryOperator)}
     * to check it) true. The version is incremented where the item is stored: an {@code Integer} version at its
     * maximum is refused there ({@link NumberOutOfRangeException}); a {@code Long} one is not guarded (its top is 2^63
     * increments away, reached only when another writer stored it), so at {@code Long.MAX_VALUE} the update stores
     * 2^63, an item the entity can no longer read.
     *
     * <pre>{@code
     * Product p = table.update(PRODUCT, KeyValues.of(SKU, "sku-123"), u -> u.subtract(STOCK, 1).set(STATUS, ACTIVE));
     * }</pre>
     *
     * @return the item after the update
     * @throws ItemNotFoundException when no item of this entity type has the key
     * @throws ValidationException when the update changes a primary key attribute, or an index key needs a value it lacks,
     *         or changes or tests an attribute the entity does not have, or its key and values alone are over 400 KB
     *         (an item that grows past 400 KB by what is stored fails with {@link DynamoDbRequestException}, saying so)
     */
    default <T> T update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return update(entity, key, changes, Condition.none());
    }

    /**
     * {@link #update(EntitySchema, KeyValues, UnaryOperator)} when the condition holds.
     *
     * <pre>{@code
     * table.update(PRODUCT, sku, u -> u.subtract(STOCK, 2), Condition.ge(STOCK, 2));
     * }</pre>
     *
     * @throws ConditionFailedException when it does not, with the stored item
     */
    <T> T update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition);

    /**
     * Changes the stored item {@code current} was read from; for a versioned entity, only if its
     * version is still {@code current}'s. Index keys are rewritten from {@code current}'s values
     * where the update lacks them.
     *
     * @throws VersionConflictException when someone else wrote the item since
     * @throws ItemNotFoundException when the item was deleted since
     * @throws ValidationException when {@code current}'s version is the largest value of its type, so the next is out
     *         of its range; nothing is sent
     */
    default <T> T update(T current, UnaryOperator<Update<T>> changes) {
        return update(current, changes, Condition.none());
    }

    /** {@link #update(Object, UnaryOperator)} when the condition also holds. */
    <T> T update(T current, UnaryOperator<Update<T>> changes, Condition condition);

    /**
     * Changes the item, creating it (from the key and the changes) when missing. The creation
     * timestamp is set only when the item is created; the version is incremented where the item is stored, as by
     * {@link #update(EntitySchema, KeyValues, UnaryOperator)} (which says what is guarded at its maximum).
     *
     * <pre>{@code
     * table.upsert(COUNTER, KeyValues.of(NAME, "visits"), u -> u.add(COUNT, 1L));
     * }</pre>
     */
    default <T> T upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return upsert(entity, key, changes, Condition.none());
    }

    <T> T upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition);

    /**
     * Deletes the item at the key, if there is one and the condition holds. Deleting an end of a
     * relation deletes that item only: its adjacency items and their mirrors stay, naming an entity no
     * longer stored ({@link #related} still returns them, {@link #relatedEntities} leaves them out,
     * {@link #verifyRelation} reports them as dangling); {@link #deleteWithPairs(Object)} deletes it with
     * its pairs in one transaction.
     *
     * @return the deleted entity, if there was one
     * @throws ConditionFailedException when the condition does not hold
     */
    <T> Optional<T> delete(EntitySchema<T> entity, KeyValues key, Condition condition);

    /**
     * Deletes the stored item {@code current} was read from; for a versioned entity, only if its
     * version is still {@code current}'s.
     *
     * @return the deleted entity; empty when no item has the key any more (deleted since it was read), as
     *         {@link #delete(EntitySchema, KeyValues, Condition)} of a key not stored
     * @throws VersionConflictException when someone else wrote the item since
     */
    <T> Optional<T> delete(T current);

    /**
     * Moves an item to a new primary key: deletes the item at {@code oldKey} (which must exist) and
     * creates {@code moved} (whose key must be free), in one transaction.
     *
     * <pre>{@code
     * table.move(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1"), order.withCustomerId("C2"));
     * }</pre>
     *
     * @return the moved entity as written
     * @throws TransactionCanceledException when the old item is missing or the new key is taken
     */
    <T> T move(EntitySchema<T> entity, KeyValues oldKey, T moved);

    /**
     * Moves the stored item {@code current} was read from to {@code moved}'s key, in one transaction:
     * the delete requires the item (and, for a versioned entity, {@code current}'s version), the
     * create requires the new key to be free. The moved entity starts at version 1.
     *
     * <pre>{@code Order moved = table.move(order, order.withCustomerId("C2"));}</pre>
     *
     * @throws TransactionCanceledException when the item changed or is gone, or the new key is taken
     */
    <T> T move(T current, T moved);

    /**
     * Reads the item (strongly consistent), applies {@code change} and replaces it if its version is
     * unchanged; on a version conflict, waits a little (jittered) and starts over, up to
     * {@code maxAttempts} times. The entity must declare a version.
     *
     * <pre>{@code
     * Account after = table.retryOnConflict(ACCOUNT, key, 10, a -> a.withBalance(a.balance().add(amount)));
     * }</pre>
     *
     * @throws ItemNotFoundException when there is no item at the key
     * @throws VersionConflictException when the last attempt still conflicts
     * @throws ValidationException when the stored version is the largest value of its type, so the next is out of its
     *         range; nothing is written
     */
    <T> T retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change);

    /**
     * {@link #retryOnConflict(EntitySchema, KeyValues, int, UnaryOperator)} with up to 100 attempts: enough for 16 threads that each increment one item 200 times at once (on the embedded engine) to finish without
     * running out; the jittered wait between attempts grows from 1 ms to 100 ms, so the budget spans a few seconds.
     * Under heavier contention pass a larger budget, or use an atomic {@code update} ({@code add}) instead.
     */
    default <T> T retryOnConflict(EntitySchema<T> entity, KeyValues key, UnaryOperator<T> change) {
        NullArgumentException.check("Table.retryOnConflict", "entity", entity, "key", key, "change", change);
        return retryOnConflict(entity, key, 100, change);
    }

    /** A new all-or-nothing write of up to 100 actions. */
    WriteTransaction transaction();

    /**
     * Relates two entities: writes both adjacency items of the relation (the first entity's and the
     * mirror) with the copied attributes, in one TransactWriteItems that also requires both entities to
     * be stored. Idempotent: relating again writes the same items (no error, no duplicate, no change;
     * copies that had changed are refreshed).
     *
     * <pre>{@code table.relate(alice, admins, MEMBERSHIP);}</pre>
     *
     * @throws ItemNotFoundException when an entity is not stored (the message names which; its cause is the transaction's
     *         {@link TransactionCanceledException}); nothing was written
     * @throws SchemaDefinitionException when the table does not declare the relation
     */
    <A, B> void relate(A first, B second, Relation<A, B> relation);

    /**
     * {@link #relate(Object, Object, Relation)} with values of the edge itself (its
     * {@link Relation.Builder#edge edge attributes}) written onto both adjacency items; relating again
     * writes the items anew, with the edge values then given.
     *
     * <pre>{@code table.relate(ada, admins, MEMBERSHIP, EdgeValues.of(JOIN_DATE, LocalDate.of(2025, 1, 1)).and(ROLE, "ADMIN"));}</pre>
     *
     * @throws ValidationException when a value is not of one of the relation's edge attributes, or a required one is missing
     * @throws ItemNotFoundException when an entity is not stored (the message names which; its cause is the transaction's
     *         {@link TransactionCanceledException}); nothing was written
     * @throws SchemaDefinitionException when the table does not declare the relation
     */
    <A, B> void relate(A first, B second, Relation<A, B> relation, EdgeValues edge);

    /**
     * {@link #relate(Object, Object, Relation)} with the one relation the table declares between the
     * two entities' types (in either order).
     *
     * @throws SchemaDefinitionException when there is none, or more than one
     */
    void relate(Object first, Object second);

    /** Deletes both adjacency items of a related pair in one transaction; unrelating a pair that is not related changes nothing. */
    <A, B> void unrelate(A first, B second, Relation<A, B> relation);

    /** {@link #unrelate(Object, Object, Relation)} with the one relation between the two entities' types. */
    void unrelate(Object first, Object second);

    /**
     * The entity's adjacency items: one Query of its partition (every page), in sort-key order, each
     * with the far entity's key and the copied attributes; {@code relation.inverse()} reads from the
     * second side. It reads the adjacency items only: a pair whose far entity was deleted is returned
     * as stored (delete leaves adjacency items in place, {@link #deleteWithPairs(Object)} does not), where
     * {@link #relatedEntities} leaves it out; {@link #verifyRelation} lists such dangling pairs, {@link #unrelate} removes them.
     *
     * <pre>{@code
     * List<Adjacency<User, Group>> memberships = table.related(alice, MEMBERSHIP);
     * List<Adjacency<Group, User>> members = table.related(admins, MEMBERSHIP.inverse());
     * }</pre>
     */
    <A, B> List<Adjacency<A, B>> related(A entity, Relation<A, B> relation);

    /**
     * The related entities themselves: {@link #related} then BatchGetItem of their keys (100 keys a
     * request, unprocessed keys retried), in the adjacency items' order; an entity no longer stored is
     * left out, so the list can be shorter than {@link #related}'s, which returns every adjacency item
     * (compare the two, or run {@link #verifyRelation}, to find the dangling pairs; {@link #unrelate} removes them).
     *
     * @throws BatchIncompleteException when keys stay unprocessed after the retries
     */
    <A, B> List<B> relatedEntities(A entity, Relation<A, B> relation);

    /**
     * Deletes an entity together with its pairs of every relation its type is an end of, atomically: one
     * Query of its adjacency items per relation (two for a relation of its type with itself, one per
     * direction), then one TransactWriteItems deleting the entity (checking its version when versioned)
     * and both adjacency items of each pair. Afterwards the other ends' {@link #related} no longer
     * returns it. An entity that is not stored is no error: its pairs found (left by a plain
     * {@link #delete}) are deleted all the same. A pair related between the Query and the transaction
     * is not seen; {@link #verifyRelation} reports it as dangling (and {@code verify-relation --fix}
     * removes it). Plain {@link #delete} is unchanged: it deletes the entity's item alone.
     *
     * <pre>{@code
     * int memberships = table.deleteWithPairs(ada);   // Ada, and both items of each of her memberships
     * }</pre>
     *
     * @return the number of pairs deleted
     * @throws TooManyPairsException when the pairs do not fit one transaction (more than 49: 100 actions,
     *         the entity's delete and two a pair); nothing is written then
     * @throws TransactionCanceledException when the entity is versioned and was written since {@code entity} was read
     */
    @Experimental
    int deleteWithPairs(Object entity);

    /**
     * {@link #deleteWithPairs(Object)} with the pairs of one relation only (its other relations' pairs
     * are left as a plain {@link #delete} leaves them); {@code relation.inverse()} for an entity of its
     * second side.
     *
     * <pre>{@code
     * table.deleteWithPairs(admins, MEMBERSHIP.inverse());   // the group and its members' memberships
     * }</pre>
     *
     * @return the number of pairs deleted
     * @throws TooManyPairsException when the pairs do not fit one transaction; nothing is written then
     * @throws SchemaDefinitionException when the table does not declare the relation
     */
    @Experimental
    <A, B> int deleteWithPairs(A entity, Relation<A, B> relation);

    /**
     * Checks a relation's stored items: one Scan of the table for both adjacency item types, then
     * BatchGetItem of every entity they name; reports pairs with one item, items naming a missing
     * entity, and copies that differ from their source. Reads the whole table: for audits and repairs.
     *
     * <pre>{@code System.out.println(table.verifyRelation(MEMBERSHIP).text());}</pre>
     */
    RelationReport verifyRelation(Relation<?, ?> relation);

    /**
     * Repairs what plain deletes of a relation's ends left: the Scan and BatchGetItem of
     * {@link #verifyRelation}, then, for each pair naming an entity that is not stored, one
     * TransactWriteItems deleting both its adjacency items and checking that entity is still not stored
     * (an entity written again meanwhile keeps its pair). Pairs whose ends are stored are left as they
     * are, one-sided or not. Reads the whole table: for repairs, where {@link #deleteWithPairs(Object)}
     * keeps them from arising.
     *
     * <pre>{@code
     * int removed = table.deleteDanglingPairs(MEMBERSHIP);   // verifyRelation(MEMBERSHIP).dangling() is empty afterwards
     * }</pre>
     *
     * @return the number of pairs deleted
     */
    @Experimental
    int deleteDanglingPairs(Relation<?, ?> relation);

    /**
     * Writes both items of a many-to-many adjacency pair in one transaction (see
     * {@link WriteTransaction#link}).
     *
     * @deprecated declare the pair as a {@link Relation} and use {@link #relate(Object, Object, Relation)},
     *             which writes both items from the two entities, checks both exist, and can be verified
     */
    @Deprecated
    default void link(Object forward, Object backward) {
        NullArgumentException.check("Table.link", "forward", forward, "backward", backward);
        transaction().link(forward, backward).execute();
    }

    /**
     * Deletes both items of an adjacency pair in one transaction.
     *
     * @deprecated use {@link #unrelate(Object, Object, Relation)} with a declared {@link Relation}
     */
    @Deprecated
    default void unlink(ItemKey<?> forward, ItemKey<?> backward) {
        NullArgumentException.check("Table.unlink", "forward", forward, "backward", backward);
        WriteTransaction transaction = transaction();
        unlinkInto(transaction, forward);
        unlinkInto(transaction, backward);
        transaction.execute();
    }

    private static <T> void unlinkInto(WriteTransaction transaction, ItemKey<T> key) {
        transaction.delete(key.entity(), key.values());
    }

    /**
     * Reads up to 100 items atomically (TransactGetItems): a consistent snapshot across entity types.
     * Items whose TTL has passed count as not found.
     *
     * @throws ValidationException for no keys, more than 100, or a key given twice
     */
    ItemsByKey transactGet(List<? extends ItemKey<?>> keys);

    /** Reads any number of items, in BatchGetItem requests of 100, with the default {@link BatchOptions}. */
    default ItemsByKey batchGet(List<? extends ItemKey<?>> keys) {
        NullArgumentException.check("Table.batchGet", "keys", keys);
        return batchGet(keys, BatchOptions.defaults());
    }

    /**
     * Reads any number of items of any entity types, in BatchGetItem requests of 100; unprocessed keys
     * are retried within the options' budget, and those still unprocessed are in the result.
     * Items whose TTL has passed count as not found.
     *
     * @throws ValidationException for a key given twice
     * @throws BatchIncompleteException when a request fails (not throttling, which is retried): what the other requests
     *                                  read is in its {@code readResult()}, the keys not read in {@code unprocessedKeys()}
     */
    ItemsByKey batchGet(List<? extends ItemKey<?>> keys, BatchOptions options);

    /** A new batch of puts and deletes. */
    BatchWrite batchWrite();

    /** Reads one entity by its primary key's slot values, eventually consistent; an item whose TTL has passed reads as absent. */
    default <T> Optional<T> get(EntitySchema<T> entity, KeyValues key) {
        NullArgumentException.check("Table.get", "entity", entity, "key", key);
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
        NullArgumentException.check("Table.explainGet", "entity", entity, "key", key);
        return Explanation.ofRequest(getRequest(entity, key, ReadConsistency.EVENTUAL));
    }

    /**
     * Reads one entity by its primary key's slot values, even when its TTL has passed (DynamoDB
     * deletes expired items lazily, typically within days).
     *
     * <pre>{@code Optional<Session> lingering = table.getIncludingExpired(SESSION, key, ReadConsistency.STRONG);}</pre>
     */
    <T> Optional<T> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency);

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

    /**
     * Deletes the item at the entity's primary key, if there is one; an end of a relation is deleted
     * alone, its adjacency items left in place (see {@link #delete(EntitySchema, KeyValues, Condition)}).
     */
    <T> void delete(EntitySchema<T> entity, KeyValues key);

    /**
     * A query returning the items of one entity type, or of a collection's types (each decoded into its own type, in
     * one request). Items of other types in the same key range are left out. A collection's members must share the
     * partition key template of the queried index.
     *
     * <pre>{@code
     * List<Order> orders = table.query(ORDER).partition(CUSTOMER_ID, "C1").list();
     * List<CustomerItems> both = table.query(CUSTOMER_ITEMS).partition(CUSTOMER_ID, "C1").list();
     * }</pre>
     *
     * @throws UnknownEntityTypeException (when run) for an item of a type outside the collection
     */
    <T> Query<T> query(EntityTypes<T> entities);

    /**
     * A scan of the whole table keeping the items of one entity type, or of a collection's types (each decoded into
     * its own type): a filter on the entity-type attribute. Reads and pays for every item of every type: prefer a
     * query where a key serves the access pattern.
     */
    <T> Scan<T> scan(EntityTypes<T> entities);

    /**
     * A PartiQL {@code SELECT} whose items are entities of one type, or of a collection's types (each decoded into its
     * own type), with {@code ?} parameters:
     * {@code table.partiql(ORDER_LINE, "SELECT * FROM \"AppTable\" WHERE \"PK\" = ? AND begins_with(\"SK\", ?)")
     * .parameters("ORDER#O1", "LINE#").list()}.
     *
     * @throws ValidationException when the statement is not a {@code SELECT} on this table
     */
    <T> PartiqlStatement<T> partiql(EntityTypes<T> entities, String statement);


    /**
     * Sends one PartiQL write (ExecuteStatement). An INSERT of an entity holding the table's TTL attribute writes over an
     * expired item, as {@link #create} does (PartiQL cannot say so in the INSERT: the expired item is deleted first, only
     * while still expired, and the INSERT sent again); {@link #executeBatch} and {@link #executeTransaction} cannot, and
     * refuse it. Refusals are the item operations' exceptions: an INSERT whose key is
     * taken {@link ItemAlreadyExistsException}, an UPDATE of a missing item {@link ItemNotFoundException}, a failed
     * condition {@link ConditionFailedException} (with the stored item where the engine returns it), a statement
     * DynamoDB finds invalid {@link ValidationException}.
     *
     * @throws ValidationException when the parameters do not match the statement's {@code ?}s, or the statement is of another table
     */
    void execute(PartiqlWrite statement);

    /**
     * Sends up to 25 PartiQL writes in one BatchExecuteStatement. Not atomic: each statement succeeds or fails on its own,
     * and when any fails this throws {@link PartiqlBatchException} listing which failed and why (as {@link #execute} would
     * have thrown) and which were applied. Failures are not retried.
     *
     * <pre>{@code table.executeBatch(orders.stream().map(table::partiqlInsert).toList());}</pre>
     *
     * @throws ValidationException for no statements or more than 25
     */
    void executeBatch(List<? extends PartiqlWrite> statements);

    /**
     * Sends up to 100 PartiQL writes in one ExecuteTransaction: all are applied or none. A cancellation throws
     * {@link TransactionCanceledException} with a reason per statement, mapped as for {@link #transaction()} (a failed
     * condition or a taken key as the exception {@link #execute} would have thrown).
     *
     * <pre>{@code table.executeTransaction(List.of(table.partiqlInsert(order), table.partiqlUpdate(CUSTOMER, customerKey, u -> u.add(ORDERS, 1))));}</pre>
     *
     * @throws ValidationException for no statements, more than 100, or two on the same item
     */
    void executeTransaction(List<? extends PartiqlWrite> statements);

    /**
     * The PutItem request {@link #put(Object)} would send for the entity (keys, entity type, version
     * and timestamps filled), without sending it. For an entity stored by its state ({@link EntityStates})
     * it is the TransactWriteItems the put sends first ({@link Explanation#operation()} says which).
     *
     * <pre>{@code
     * System.out.println(table.explainPut(order).json());
     * }</pre>
     */
    <T> Explanation explainPut(T entity);

    /**
     * The PutItem request {@link #create(Object)} would send, with its {@code attribute_not_exists} condition; for an
     * entity stored by its state, the TransactWriteItems that also requires the other states' keys free.
     */
    <T> Explanation explainCreate(T entity);

    /** The request {@link #restore(Object)} would send: {@link #explainCreate}'s, with the entity's timestamps and version. */
    <T> Explanation explainRestore(T entity);

    /**
     * The request {@link #restoreReplacing(Object)} would send: one PutItem without condition; for an entity stored by its
     * state, the TransactWriteItems that also deletes the entity's keys in the other states (where {@link #explainRestore}'s
     * requires them free).
     */
    <T> Explanation explainRestoreReplacing(T entity);

    /**
     * The UpdateItem request {@link #update(EntitySchema, KeyValues, UnaryOperator)} would send, with
     * the rewritten index keys and its conditions. An update that must first read the stored item for
     * index key values cannot be explained without reading it, and is refused with that reason.
     */
    <T> Explanation explainUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes);

    /**
     * The UpdateItem request {@link #update(EntitySchema, KeyValues, UnaryOperator, Condition)} would send: as
     * {@link #explainUpdate(EntitySchema, KeyValues, UnaryOperator)}, with {@code condition} joined to its conditions.
     *
     * <pre>{@code
     * table.explainUpdate(CUSTOMER, key, u -> u.set(HOME_CITY, "Paris"), Condition.eq(HOME_CITY, "Lyon")).json();
     * }</pre>
     */
    <T> Explanation explainUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition);

    /** The DeleteItem request {@link #delete(EntitySchema, KeyValues, Condition)} would send. */
    <T> Explanation explainDelete(EntitySchema<T> entity, KeyValues key, Condition condition);

    /** Configures a {@link Table}. */
    final class Builder extends TableBuilder<Builder> {
        private final DynamoDbClient client;
        private java.time.Duration tableWait = java.time.Duration.ofMinutes(10);

        private Builder(TableSchema schema, DynamoDbClient client) {
            super("Table.Builder", schema);
            this.client = Objects.requireNonNull(client, "client");
        }

        /**
         * How long {@link Table#createTable()} and {@link Table#deleteTable()} wait for the table and
         * its indexes to settle (CREATING, UPDATING, a GSI backfilling, DELETING) before throwing
         * {@link TableNotReadyException}; 10 minutes unless set. A new GSI on a big table can take longer.
         */
        public Builder tableWaitTimeout(java.time.Duration timeout) {
            NullArgumentException.check("Table.Builder.tableWaitTimeout", "timeout", timeout);
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new ValidationException("Table " + schema.name() + ": the table wait timeout must be positive, got " + timeout);
            }
            this.tableWait = timeout;
            return this;
        }

        public Table build() {
            return dev.singletable.internal.Tables.table(schema, client, List.copyOf(listeners), clock, cursorKey, tableWait);
        }
    }
}
