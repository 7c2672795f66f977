package dev.singletable.internal;

import dev.singletable.AsyncBatchWrite;
import dev.singletable.partiql.AsyncPartiqlStatement;
import dev.singletable.AsyncQuery;
import dev.singletable.AsyncScan;
import dev.singletable.AsyncTable;
import dev.singletable.AsyncWriteTransaction;
import dev.singletable.BatchOptions;
import dev.singletable.Condition;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.EntityTypes;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyValues;
import dev.singletable.NullArgumentException;
import dev.singletable.ReadConsistency;
import dev.singletable.Update;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.Sender;
import dev.singletable.internal.relations.Relations;
import dev.singletable.internal.table.Futures;
import dev.singletable.Adjacency;
import dev.singletable.Relation;
import dev.singletable.RelationReport;
import dev.singletable.TransactionActions;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** The {@link AsyncTable} facade on the asynchronous SDK client: the writes, batches and gets of the sync table, as futures. */
final class DefaultAsyncTable extends TableFacade implements AsyncTable {
    private final DynamoDbAsyncClient client;
    private final Relations relations;

    DefaultAsyncTable(BoundTable table, DynamoDbAsyncClient client) {
        super("AsyncTable", table, Sender.of(table, client));
        this.client = client;
        this.relations = new Relations(table, new Relations.Port() {
            @Override
            public <T> CompletableFuture<List<T>> query(EntitySchema<T> entity, KeyValues partition) {
                return DefaultAsyncTable.this.query(entity).partition(partition).list();
            }

            @Override
            public <T> CompletableFuture<List<T>> scan(EntityCollection<T> collection) {
                return DefaultAsyncTable.this.scan(collection).list();
            }

            @Override
            public CompletableFuture<ItemsByKey> batchGet(List<ItemKey<?>> keys) {
                return DefaultAsyncTable.this.batchGet(keys);
            }

            @Override
            public CompletableFuture<Void> transact(java.util.function.Consumer<TransactionActions<?>> actions) {
                AsyncWriteTransaction transaction = transaction();
                actions.accept(transaction);
                return transaction.execute();
            }
        });
    }

    @Override
    public <T> CompletableFuture<Optional<T>> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return unlessNull(() -> fetcher.get(sender, entity, key, consistency, true), "AsyncTable.get", "entity", entity, "key", key, "consistency", consistency);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return unlessNull(() -> fetcher.get(sender, entity, key, consistency, false), "AsyncTable.getIncludingExpired", "entity", entity, "key", key, "consistency", consistency);
    }

    // ---------------------------------------------------------------- reads: the read package's builders on this client

    @Override
    public <T> AsyncQuery<T> query(EntityTypes<T> entities) {
        return reads("query", entities).query(client);
    }

    @Override
    public <T> AsyncScan<T> scan(EntityTypes<T> entities) {
        return reads("scan", entities).scan(client);
    }

    @Override
    public <T> AsyncPartiqlStatement<T> partiql(EntityTypes<T> entities, String statement) {
        return partiqlReads(entities, statement).partiql(client, statement);
    }

    @Override
    public CompletableFuture<Void> execute(dev.singletable.partiql.PartiqlWrite statement) {
        return unlessNull(() -> writes.execute(statement), "AsyncTable.execute", "statement", statement);
    }

    @Override
    public CompletableFuture<Void> executeBatch(List<? extends dev.singletable.partiql.PartiqlWrite> statements) {
        return unlessNull(() -> writes.executeBatch(statements), "AsyncTable.executeBatch", "statements", statements);
    }

    @Override
    public CompletableFuture<Void> executeTransaction(List<? extends dev.singletable.partiql.PartiqlWrite> statements) {
        return unlessNull(() -> writes.executeTransaction(statements), "AsyncTable.executeTransaction", "statements", statements);
    }

    // ---------------------------------------------------------------- writes: rendered and sent as the sync table's

    @Override
    public <T> CompletableFuture<T> put(T entity, Condition condition) {
        return unlessNull(() -> writes.put(entity, condition).thenCompose(relations::propagate), "AsyncTable.put", "entity", entity, "condition", condition);
    }

    @Override
    public <T> CompletableFuture<T> create(T entity) {
        return unlessNull(() -> writes.create(entity), "AsyncTable.create", "entity", entity);
    }

    @Override
    public <T> CompletableFuture<T> restore(T entity) {
        return unlessNull(() -> writes.restore(entity), "AsyncTable.restore", "entity", entity);
    }

    @Override
    public <T> CompletableFuture<T> restoreReplacing(T entity) {
        return unlessNull(() -> writes.restoreReplacing(entity), "AsyncTable.restoreReplacing", "entity", entity);
    }

    @Override
    public <T> CompletableFuture<T> replace(T entity, Condition condition) {
        return unlessNull(() -> writes.replace(entity, condition).thenCompose(relations::propagate), "AsyncTable.replace", "entity", entity, "condition", condition);
    }

    @Override
    public <T> CompletableFuture<T> update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return unlessNull(() -> writes.update(entity, key, changes, condition).thenCompose(relations::propagate), "AsyncTable.update", "entity", entity, "key", key, "changes", changes, "condition", condition);
    }

    @Override
    public <T> CompletableFuture<T> update(T current, UnaryOperator<Update<T>> changes, Condition condition) {
        return unlessNull(() -> writes.update(current, changes, condition).thenCompose(relations::propagate), "AsyncTable.update", "current", current, "changes", changes, "condition", condition);
    }

    @Override
    public <T> CompletableFuture<T> upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return unlessNull(() -> writes.upsert(entity, key, changes, condition).thenCompose(relations::propagate), "AsyncTable.upsert", "entity", entity, "key", key, "changes", changes, "condition", condition);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return unlessNull(() -> writes.delete(entity, key, condition), "AsyncTable.delete", "entity", entity, "key", key, "condition", condition);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> delete(T current) {
        return unlessNull(() -> writes.delete(current), "AsyncTable.delete", "current", current);
    }

    @Override
    public <T> CompletableFuture<Void> delete(EntitySchema<T> entity, KeyValues key) {
        return unlessNull(() -> writes.delete(entity, key), "AsyncTable.delete", "entity", entity, "key", key);
    }

    @Override
    public <T> CompletableFuture<T> move(EntitySchema<T> entity, KeyValues oldKey, T moved) {
        return unlessNull(() -> writes.move(entity, oldKey, moved), "AsyncTable.move", "entity", entity, "oldKey", oldKey, "moved", moved);
    }

    @Override
    public <T> CompletableFuture<T> move(T current, T moved) {
        return unlessNull(() -> writes.move(current, moved), "AsyncTable.move", "current", current, "moved", moved);
    }

    @Override
    public <T> CompletableFuture<T> retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change) {
        return unlessNull(() -> writes.retryOnConflict(entity, key, maxAttempts, change), "AsyncTable.retryOnConflict", "entity", entity, "key", key, "change", change);
    }

    @Override
    public AsyncWriteTransaction transaction() {
        return writes.asyncTransaction();
    }

    @Override
    public <A, B> CompletableFuture<Void> relate(A first, B second, Relation<A, B> relation) {
        return unlessNull(() -> relations.relate(first, second, relation), "AsyncTable.relate", "first", first, "second", second,
                "relation", relation);
    }

    @Override
    public <A, B> CompletableFuture<Void> relate(A first, B second, Relation<A, B> relation, dev.singletable.EdgeValues edge) {
        return unlessNull(() -> relations.relate(first, second, relation, edge), "AsyncTable.relate", "first", first, "second", second,
                "relation", relation, "edge", edge);
    }

    @Override
    public CompletableFuture<Void> relate(Object first, Object second) {
        return unlessNull(() -> Futures.compose(() -> relations.relate(first, second, relations.between(first, second))),
                "AsyncTable.relate", "first", first, "second", second);
    }

    @Override
    public <A, B> CompletableFuture<Void> unrelate(A first, B second, Relation<A, B> relation) {
        return unlessNull(() -> relations.unrelate(first, second, relation), "AsyncTable.unrelate", "first", first, "second", second,
                "relation", relation);
    }

    @Override
    public CompletableFuture<Void> unrelate(Object first, Object second) {
        return unlessNull(() -> Futures.compose(() -> relations.unrelate(first, second, relations.between(first, second))),
                "AsyncTable.unrelate", "first", first, "second", second);
    }

    @Override
    public <A, B> CompletableFuture<List<Adjacency<A, B>>> related(A entity, Relation<A, B> relation) {
        return unlessNull(() -> relations.related(entity, relation), "AsyncTable.related", "entity", entity, "relation", relation);
    }

    @Override
    public <A, B> CompletableFuture<List<B>> relatedEntities(A entity, Relation<A, B> relation) {
        return unlessNull(() -> relations.relatedEntities(entity, relation), "AsyncTable.relatedEntities", "entity", entity,
                "relation", relation);
    }

    @Override
    public CompletableFuture<Integer> deleteWithPairs(Object entity) {
        return unlessNull(() -> relations.deleteWithPairs(entity), "AsyncTable.deleteWithPairs", "entity", entity);
    }

    @Override
    public <A, B> CompletableFuture<Integer> deleteWithPairs(A entity, Relation<A, B> relation) {
        return unlessNull(() -> relations.deleteWithPairs(entity, relation), "AsyncTable.deleteWithPairs", "entity", entity,
                "relation", relation);
    }

    @Override
    public CompletableFuture<RelationReport> verifyRelation(Relation<?, ?> relation) {
        return unlessNull(() -> relations.verify(relation), "AsyncTable.verifyRelation", "relation", relation);
    }

    @Override
    public CompletableFuture<Integer> deleteDanglingPairs(Relation<?, ?> relation) {
        return unlessNull(() -> relations.deleteDanglingPairs(relation), "AsyncTable.deleteDanglingPairs", "relation", relation);
    }

    @Override
    public CompletableFuture<ItemsByKey> transactGet(List<? extends ItemKey<?>> keys) {
        return unlessNull(() -> batches.transactGet(keys), "AsyncTable.transactGet", "keys", keys);
    }

    @Override
    public CompletableFuture<ItemsByKey> batchGet(List<? extends ItemKey<?>> keys, BatchOptions options) {
        return unlessNull(() -> batches.batchGet(keys, options), "AsyncTable.batchGet", "keys", keys, "options", options);
    }

    @Override
    public AsyncBatchWrite batchWrite() {
        return batches.asyncBatchWrite();
    }

    /** The call's future, or a failed one when an argument is null: async calls report every failure through their future. */
    private static <R> CompletableFuture<R> unlessNull(Supplier<CompletableFuture<R>> call, String method, Object... namesAndValues) {
        return NullArgumentException.refusal(method, namesAndValues).<CompletableFuture<R>>map(CompletableFuture::failedFuture)
                .orElseGet(call);
    }
}
