package dev.singletable;

import dev.singletable.partiql.AsyncPartiqlStatement;
import dev.singletable.partiql.PartiqlBatchException;
import dev.singletable.partiql.PartiqlWrite;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A {@link Table} on the SDK's asynchronous client: gets, queries, collections, scans, counts,
 * every write, transactions and batches return {@link CompletableFuture}s, and items stream as a
 * {@link java.util.concurrent.Flow.Publisher}. Writes render exactly the requests of the sync table.
 * The explain methods stay on {@link Table}: they send nothing, so they have nothing to wait for.
 * Nothing blocks: each page is requested when the previous one completes. The same schema, keys,
 * filters and cursors as the synchronous API (a cursor from one works in the other, given the same
 * cursor key). Failures complete the future exceptionally with the same typed exceptions.
 *
 * <pre>{@code
 * AsyncTable table = AsyncTable.of(schema, DynamoDbAsyncClient.create());
 * table.query(ORDER).index("GSI1").partition(STATUS, OrderStatus.PENDING).limit(50).list()
 *      .thenAccept(orders -> render(orders));
 * }</pre>
 */
@Stable
public interface AsyncTable extends OfflineOperations {

    static AsyncTable of(TableSchema schema, DynamoDbAsyncClient client) {
        NullArgumentException.check("AsyncTable.of", "schema", schema, "client", client);
        return builder(schema, client).build();
    }

    static Builder builder(TableSchema schema, DynamoDbAsyncClient client) {
        NullArgumentException.check("AsyncTable.builder", "schema", schema, "client", client);
        return new Builder(schema, client);
    }

    /** Reads one entity by its primary key's slot values, eventually consistent; an item whose TTL has passed reads as absent. */
    default <T> CompletableFuture<Optional<T>> get(EntitySchema<T> entity, KeyValues key) {
        return unlessNull(() -> get(entity, key, ReadConsistency.EVENTUAL), "AsyncTable.get", "entity", entity, "key", key);
    }

    /**
     * Reads one entity; completes with {@link EntityTypeMismatchException} when the item is of another type.
     * Items whose TTL has passed (by the builder's {@link Builder#clock(Clock) clock}) read as absent.
     */
    <T> CompletableFuture<Optional<T>> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency);

    /** Reads one entity even when its TTL has passed (DynamoDB deletes expired items lazily, typically within days). */
    <T> CompletableFuture<Optional<T>> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency);

    /** A query returning the items of one entity type, or of a collection's types, as {@link Table#query(EntityTypes)}. */
    <T> AsyncQuery<T> query(EntityTypes<T> entities);

    /** A scan keeping the items of one entity type, or of a collection's types, as {@link Table#scan(EntityTypes)}. */
    <T> AsyncScan<T> scan(EntityTypes<T> entities);

    /**
     * A PartiQL {@code SELECT} whose items are entities of one type, or of a collection's types, with {@code ?}
     * parameters, run without blocking: {@code asyncTable.partiql(ORDER_LINE, "SELECT * FROM \"AppTable\" WHERE \"PK\" = ?")
     * .parameters("ORDER#O1").list()} completes with the items.
     */
    <T> AsyncPartiqlStatement<T> partiql(EntityTypes<T> entities, String statement);

    /**
     * Sends one PartiQL write (ExecuteStatement); the future fails with the exceptions {@link Table#execute(PartiqlWrite)} throws.
     *
     * <pre>{@code asyncTable.execute(asyncTable.partiqlInsert(order)).thenRun(() -> log.info("stored"));}</pre>
     */
    CompletableFuture<Void> execute(PartiqlWrite statement);

    /** Up to 25 PartiQL writes in one BatchExecuteStatement; fails with {@link PartiqlBatchException} when any statement failed. */
    CompletableFuture<Void> executeBatch(List<? extends PartiqlWrite> statements);

    /** Up to 100 PartiQL writes in one ExecuteTransaction, all or none; fails with {@link TransactionCanceledException} when canceled. */
    CompletableFuture<Void> executeTransaction(List<? extends PartiqlWrite> statements);

    // ---------------------------------------------------------------- writes

    /**
     * Writes the entity as {@link Table#put(Object)} does (version checked and bumped, timestamps
     * and index keys filled); completes with the entity as written. The future fails with {@link ValidationException}
     * when the entity's version is the largest value of its type (the next would be out of its range); nothing is sent.
     *
     * <pre>{@code
     * asyncTable.put(order).thenAccept(written -> log.info("stored at version {}", written.version()));
     * }</pre>
     */
    default <T> CompletableFuture<T> put(T entity) {
        return unlessNull(() -> put(entity, Condition.none()), "AsyncTable.put", "entity", entity);
    }

    /** {@link #put(Object)} when the condition also holds; else the future fails with {@link ConditionFailedException}. */
    <T> CompletableFuture<T> put(T entity, Condition condition);

    /** Writes the entity only if no item has its key; else fails with {@link ItemAlreadyExistsException}. */
    <T> CompletableFuture<T> create(T entity);

    /**
     * {@link Table#restore(Object)}: writes the entity only if no item has its key, with its timestamps and version as it
     * gives them; else fails with {@link ItemAlreadyExistsException}.
     *
     * <pre>{@code
     * table.restore(exported).join();   // exported.updatedAt() and exported.version() kept
     * }</pre>
     */
    <T> CompletableFuture<T> restore(T entity);

    /**
     * {@link Table#restoreReplacing(Object)}: writes the entity over whatever item has its key, with its timestamps and
     * version as it gives them.
     *
     * <pre>{@code
     * table.restoreReplacing(exported).join();   // any stored item replaced; exported.updatedAt() and version() kept
     * }</pre>
     */
    <T> CompletableFuture<T> restoreReplacing(T entity);

    /**
     * Writes the entity only if an item has its key; else fails with {@link ItemNotFoundException}, or with
     * {@link ValidationException} when its version is the largest value of its type (nothing is sent).
     */
    default <T> CompletableFuture<T> replace(T entity) {
        return unlessNull(() -> replace(entity, Condition.none()), "AsyncTable.replace", "entity", entity);
    }

    /** {@link #replace(Object)} when the condition also holds. */
    <T> CompletableFuture<T> replace(T entity, Condition condition);

    /** Changes an existing item as {@link Table#update(EntitySchema, KeyValues, UnaryOperator)} does; completes with the item after. */
    default <T> CompletableFuture<T> update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return unlessNull(() -> update(entity, key, changes, Condition.none()), "AsyncTable.update", "entity", entity, "key", key, "changes", changes);
    }

    /** {@link #update(EntitySchema, KeyValues, UnaryOperator)} when the condition also holds. */
    <T> CompletableFuture<T> update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition);

    /**
     * Changes the stored item the entity was read from, checking its version when versioned; fails with
     * {@link ValidationException} when that version is the largest value of its type (nothing is sent).
     */
    default <T> CompletableFuture<T> update(T current, UnaryOperator<Update<T>> changes) {
        return unlessNull(() -> update(current, changes, Condition.none()), "AsyncTable.update", "current", current, "changes", changes);
    }

    /** {@link #update(Object, UnaryOperator)} when the condition also holds. */
    <T> CompletableFuture<T> update(T current, UnaryOperator<Update<T>> changes, Condition condition);

    /** Changes the item, creating it when missing. */
    default <T> CompletableFuture<T> upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return unlessNull(() -> upsert(entity, key, changes, Condition.none()), "AsyncTable.upsert", "entity", entity, "key", key, "changes", changes);
    }

    /** {@link #upsert(EntitySchema, KeyValues, UnaryOperator)} when the condition also holds. */
    <T> CompletableFuture<T> upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition);

    /** Deletes the item when the condition holds; completes with the entity deleted, if there was one. */
    <T> CompletableFuture<Optional<T>> delete(EntitySchema<T> entity, KeyValues key, Condition condition);

    /** Deletes the item the entity was read from, checking its version when versioned. */
    <T> CompletableFuture<Optional<T>> delete(T current);

    /** Deletes the item at the entity's primary key, if there is one. */
    <T> CompletableFuture<Void> delete(EntitySchema<T> entity, KeyValues key);

    /** Moves an item to a new key in one transaction, as {@link Table#move(EntitySchema, KeyValues, Object)} does. */
    <T> CompletableFuture<T> move(EntitySchema<T> entity, KeyValues oldKey, T moved);

    /** Moves the item the entity was read from, checking its version when versioned. */
    <T> CompletableFuture<T> move(T current, T moved);

    /**
     * Read, change, write, retried on version conflicts with jittered waits that are scheduled, not
     * slept; as {@link Table#retryOnConflict(EntitySchema, KeyValues, int, UnaryOperator)} (failing with
     * {@link ValidationException} when the stored version is the largest value of its type).
     */
    <T> CompletableFuture<T> retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change);

    /**
     * {@link #retryOnConflict(EntitySchema, KeyValues, int, UnaryOperator)} with up to 100 attempts: enough for 16 threads that each increment one item 200 times at once (on the embedded engine) to finish without
     * running out; the jittered wait between attempts grows from 1 ms to 100 ms, so the budget spans a few seconds.
     * Under heavier contention pass a larger budget, or use an atomic {@code update} ({@code add}) instead.
     */
    default <T> CompletableFuture<T> retryOnConflict(EntitySchema<T> entity, KeyValues key, UnaryOperator<T> change) {
        return unlessNull(() -> retryOnConflict(entity, key, 100, change), "AsyncTable.retryOnConflict", "entity", entity, "key", key, "change", change);
    }

    /** A new all-or-nothing write of up to 100 actions, sent by {@link AsyncWriteTransaction#execute()}. */
    AsyncWriteTransaction transaction();

    /** Relates two entities as {@link Table#relate(Object, Object, Relation)} does: both adjacency items, one transaction. */
    <A, B> CompletableFuture<Void> relate(A first, B second, Relation<A, B> relation);

    /** Relates two entities with values of the edge itself, as {@link Table#relate(Object, Object, Relation, EdgeValues)} does. */
    <A, B> CompletableFuture<Void> relate(A first, B second, Relation<A, B> relation, EdgeValues edge);

    /** {@link #relate(Object, Object, Relation)} with the one relation between the two entities' types. */
    CompletableFuture<Void> relate(Object first, Object second);

    /** Deletes both adjacency items of a pair in one transaction, as {@link Table#unrelate(Object, Object, Relation)}. */
    <A, B> CompletableFuture<Void> unrelate(A first, B second, Relation<A, B> relation);

    /** {@link #unrelate(Object, Object, Relation)} with the one relation between the two entities' types. */
    CompletableFuture<Void> unrelate(Object first, Object second);

    /** The entity's adjacency items, one Query of its partition, as {@link Table#related}. */
    <A, B> CompletableFuture<List<Adjacency<A, B>>> related(A entity, Relation<A, B> relation);

    /** The related entities through BatchGetItem, as {@link Table#relatedEntities}. */
    <A, B> CompletableFuture<List<B>> relatedEntities(A entity, Relation<A, B> relation);

    /**
     * Deletes the entity and both items of each of its pairs of every relation, in one transaction, as
     * {@link Table#deleteWithPairs(Object)}; completes with the number of pairs deleted, or fails with a
     * {@link TooManyPairsException} (nothing written) when they do not fit one transaction.
     *
     * <pre>{@code
     * async.deleteWithPairs(ada).thenAccept(pairs -> log.info("Ada and her {} memberships deleted", pairs));
     * }</pre>
     */
    @Experimental
    CompletableFuture<Integer> deleteWithPairs(Object entity);

    /** {@link #deleteWithPairs(Object)} with the pairs of one relation only, as {@link Table#deleteWithPairs(Object, Relation)}. */
    @Experimental
    <A, B> CompletableFuture<Integer> deleteWithPairs(A entity, Relation<A, B> relation);

    /** One Scan and batch gets reporting one-sided pairs, dangling items and stale copies, as {@link Table#verifyRelation}. */
    CompletableFuture<RelationReport> verifyRelation(Relation<?, ?> relation);

    /** Deletes the pairs naming an entity not stored, as {@link Table#deleteDanglingPairs}; completes with their number. */
    @Experimental
    CompletableFuture<Integer> deleteDanglingPairs(Relation<?, ?> relation);

    /** Reads up to 100 items in one consistent snapshot (TransactGetItems). */
    CompletableFuture<ItemsByKey> transactGet(List<? extends ItemKey<?>> keys);

    /** Reads any number of items, in BatchGetItem requests of 100, with the default {@link BatchOptions}. */
    default CompletableFuture<ItemsByKey> batchGet(List<? extends ItemKey<?>> keys) {
        return unlessNull(() -> batchGet(keys, BatchOptions.defaults()), "AsyncTable.batchGet", "keys", keys);
    }

    /** Reads any number of items; unprocessed keys are retried with backoff (scheduled, never slept) within the options' budget. */
    CompletableFuture<ItemsByKey> batchGet(List<? extends ItemKey<?>> keys, BatchOptions options);

    /** A new batch of puts and deletes. */
    AsyncBatchWrite batchWrite();

    /** Configures an {@link AsyncTable}. */
    final class Builder extends TableBuilder<Builder> {
        private final DynamoDbAsyncClient client;

        private Builder(TableSchema schema, DynamoDbAsyncClient client) {
            super("AsyncTable.Builder", schema);
            this.client = Objects.requireNonNull(client, "client");
        }

        public AsyncTable build() {
            return dev.singletable.internal.Tables.asyncTable(schema, client, List.copyOf(listeners), clock, cursorKey);
        }
    }

    /** The call's future, or a failed one when an argument is null: async calls report every failure through their future. */
    private static <R> CompletableFuture<R> unlessNull(Supplier<CompletableFuture<R>> call, String method,
                                                       Object... namesAndValues) {
        return NullArgumentException.refusal(method, namesAndValues).<CompletableFuture<R>>map(CompletableFuture::failedFuture)
                .orElseGet(call);
    }
}
