package dev.singletable.internal;

import dev.singletable.NullArgumentException;
import java.util.Optional;

import dev.singletable.AsyncBatchWrite;
import dev.singletable.AsyncPartiqlStatement;
import dev.singletable.AsyncQuery;
import dev.singletable.AsyncScan;
import dev.singletable.AsyncTable;
import dev.singletable.AsyncWriteTransaction;
import dev.singletable.BatchOptions;
import dev.singletable.Condition;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.TableSchema;
import dev.singletable.Update;
import dev.singletable.internal.batch.Batches;
import dev.singletable.internal.reads.ItemFetcher;
import dev.singletable.internal.reads.Reads;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.Sender;
import dev.singletable.internal.writes.Writes;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/** The {@link AsyncTable} facade on the asynchronous SDK client: the writes, batches and gets of the sync table, as futures. */
final class DefaultAsyncTable implements AsyncTable {
    private final BoundTable table;
    private final DynamoDbAsyncClient client;
    private final Sender sender;
    private final ItemFetcher fetcher;
    private final Writes writes;
    private final Batches batches;

    DefaultAsyncTable(BoundTable table, DynamoDbAsyncClient client) {
        this.table = table;
        this.client = client;
        this.sender = Sender.of(table, client);
        this.fetcher = new ItemFetcher(table);
        this.writes = new Writes(sender);
        this.batches = new Batches(sender, writes);
    }

    @Override
    public TableSchema schema() {
        return table.schema();
    }

    @Override
    public <T> Map<String, AttributeValue> toItem(T entity) {
        NullArgumentException.check("AsyncTable.toItem", "entity", entity);
        return table.toItem(entity);
    }

    @Override
    public <T> T fromItem(EntitySchema<T> entity, Map<String, AttributeValue> item) {
        NullArgumentException.check("AsyncTable.fromItem", "entity", entity, "item", item);
        return table.fromItem(entity, item);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.get", "entity", entity, "key", key, "consistency", consistency);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return fetcher.get(sender, entity, key, consistency, true);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.getIncludingExpired", "entity", entity, "key", key, "consistency", consistency);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return fetcher.get(sender, entity, key, consistency, false);
    }

    // ---------------------------------------------------------------- reads: the read package's builders on this client

    @Override
    public <T> AsyncQuery<T> query(EntitySchema<T> entity) {
        NullArgumentException.check("AsyncTable.query", "entity", entity);
        return Reads.of(table, entity).query(client);
    }

    @Override
    public <T> AsyncQuery<T> query(EntityCollection<T> collection) {
        NullArgumentException.check("AsyncTable.query", "collection", collection);
        return Reads.of(table, collection).query(client);
    }

    @Override
    public <T> AsyncScan<T> scan(EntitySchema<T> entity) {
        NullArgumentException.check("AsyncTable.scan", "entity", entity);
        return Reads.of(table, entity).scan(client);
    }

    @Override
    public <T> AsyncScan<T> scan(EntityCollection<T> collection) {
        NullArgumentException.check("AsyncTable.scan", "collection", collection);
        return Reads.of(table, collection).scan(client);
    }

    @Override
    public <T> AsyncPartiqlStatement<T> partiql(EntitySchema<T> entity, String statement) {
        NullArgumentException.check("AsyncTable.partiql", "entity", entity, "statement", statement);
        return Reads.of(table, entity).partiql(client, statement);
    }

    @Override
    public <T> AsyncPartiqlStatement<T> partiql(EntityCollection<T> collection, String statement) {
        NullArgumentException.check("AsyncTable.partiql", "collection", collection, "statement", statement);
        return Reads.of(table, collection).partiql(client, statement);
    }

    // ---------------------------------------------------------------- writes: rendered and sent as the sync table's

    @Override
    public <T> CompletableFuture<T> put(T entity, Condition condition) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.put", "entity", entity, "condition", condition);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.put(entity, condition);
    }

    @Override
    public <T> CompletableFuture<T> create(T entity) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.create", "entity", entity);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.create(entity);
    }

    @Override
    public <T> CompletableFuture<T> replace(T entity, Condition condition) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.replace", "entity", entity, "condition", condition);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.replace(entity, condition);
    }

    @Override
    public <T> CompletableFuture<T> update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.update", "entity", entity, "key", key, "changes", changes, "condition", condition);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.update(entity, key, changes, condition);
    }

    @Override
    public <T> CompletableFuture<T> update(T current, UnaryOperator<Update<T>> changes, Condition condition) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.update", "current", current, "changes", changes, "condition", condition);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.update(current, changes, condition);
    }

    @Override
    public <T> CompletableFuture<T> upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.upsert", "entity", entity, "key", key, "changes", changes, "condition", condition);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.upsert(entity, key, changes, condition);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.delete", "entity", entity, "key", key, "condition", condition);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.delete(entity, key, condition);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> delete(T current) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.delete", "current", current);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.delete(current);
    }

    @Override
    public <T> CompletableFuture<Void> delete(EntitySchema<T> entity, KeyValues key) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.delete", "entity", entity, "key", key);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.delete(entity, key);
    }

    @Override
    public <T> CompletableFuture<T> move(EntitySchema<T> entity, KeyValues oldKey, T moved) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.move", "entity", entity, "oldKey", oldKey, "moved", moved);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.move(entity, oldKey, moved);
    }

    @Override
    public <T> CompletableFuture<T> move(T current, T moved) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.move", "current", current, "moved", moved);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.move(current, moved);
    }

    @Override
    public <T> CompletableFuture<T> retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.retryOnConflict", "entity", entity, "key", key, "change", change);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return writes.retryOnConflict(entity, key, maxAttempts, change);
    }

    @Override
    public AsyncWriteTransaction transaction() {
        return writes.asyncTransaction();
    }

    @Override
    public CompletableFuture<ItemsByKey> transactGet(List<? extends ItemKey<?>> keys) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.transactGet", "keys", keys);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return batches.transactGet(keys);
    }

    @Override
    public CompletableFuture<ItemsByKey> batchGet(List<? extends ItemKey<?>> keys, BatchOptions options) {
        Optional<NullArgumentException> refused = NullArgumentException.refusal("AsyncTable.batchGet", "keys", keys, "options", options);
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        return batches.batchGet(keys, options);
    }

    @Override
    public AsyncBatchWrite batchWrite() {
        return batches.asyncBatchWrite();
    }
}
