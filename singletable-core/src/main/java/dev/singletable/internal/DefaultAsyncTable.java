package dev.singletable.internal;

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
        return table.toItem(entity);
    }

    @Override
    public <T> T fromItem(EntitySchema<T> entity, Map<String, AttributeValue> item) {
        return table.fromItem(entity, item);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return fetcher.get(sender, entity, key, consistency, true);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return fetcher.get(sender, entity, key, consistency, false);
    }

    // ---------------------------------------------------------------- reads: the read package's builders on this client

    @Override
    public <T> AsyncQuery<T> query(EntitySchema<T> entity) {
        return Reads.of(table, entity).query(client);
    }

    @Override
    public <T> AsyncQuery<T> query(EntityCollection<T> collection) {
        return Reads.of(table, collection).query(client);
    }

    @Override
    public <T> AsyncScan<T> scan(EntitySchema<T> entity) {
        return Reads.of(table, entity).scan(client);
    }

    @Override
    public <T> AsyncScan<T> scan(EntityCollection<T> collection) {
        return Reads.of(table, collection).scan(client);
    }

    @Override
    public <T> AsyncPartiqlStatement<T> partiql(EntitySchema<T> entity, String statement) {
        return Reads.of(table, entity).partiql(client, statement);
    }

    @Override
    public <T> AsyncPartiqlStatement<T> partiql(EntityCollection<T> collection, String statement) {
        return Reads.of(table, collection).partiql(client, statement);
    }

    // ---------------------------------------------------------------- writes: rendered and sent as the sync table's

    @Override
    public <T> CompletableFuture<T> put(T entity, Condition condition) {
        return writes.put(entity, condition);
    }

    @Override
    public <T> CompletableFuture<T> create(T entity) {
        return writes.create(entity);
    }

    @Override
    public <T> CompletableFuture<T> replace(T entity, Condition condition) {
        return writes.replace(entity, condition);
    }

    @Override
    public <T> CompletableFuture<T> update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return writes.update(entity, key, changes, condition);
    }

    @Override
    public <T> CompletableFuture<T> update(T current, UnaryOperator<Update<T>> changes, Condition condition) {
        return writes.update(current, changes, condition);
    }

    @Override
    public <T> CompletableFuture<T> upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return writes.upsert(entity, key, changes, condition);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return writes.delete(entity, key, condition);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> delete(T current) {
        return writes.delete(current);
    }

    @Override
    public <T> CompletableFuture<Void> delete(EntitySchema<T> entity, KeyValues key) {
        return writes.delete(entity, key);
    }

    @Override
    public <T> CompletableFuture<T> move(EntitySchema<T> entity, KeyValues oldKey, T moved) {
        return writes.move(entity, oldKey, moved);
    }

    @Override
    public <T> CompletableFuture<T> move(T current, T moved) {
        return writes.move(current, moved);
    }

    @Override
    public <T> CompletableFuture<T> retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change) {
        return writes.retryOnConflict(entity, key, maxAttempts, change);
    }

    @Override
    public AsyncWriteTransaction transaction() {
        return writes.asyncTransaction();
    }

    @Override
    public CompletableFuture<ItemsByKey> transactGet(List<? extends ItemKey<?>> keys) {
        return batches.transactGet(keys);
    }

    @Override
    public CompletableFuture<ItemsByKey> batchGet(List<? extends ItemKey<?>> keys, BatchOptions options) {
        return batches.batchGet(keys, options);
    }

    @Override
    public AsyncBatchWrite batchWrite() {
        return batches.asyncBatchWrite();
    }
}
