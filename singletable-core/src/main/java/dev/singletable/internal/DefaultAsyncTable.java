package dev.singletable.internal;

import dev.singletable.AsyncBatchWrite;
import dev.singletable.AsyncPartiqlStatement;
import dev.singletable.AsyncWriteTransaction;
import dev.singletable.BatchOptions;
import dev.singletable.Condition;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.Update;
import dev.singletable.internal.batch.AsyncBatches;
import dev.singletable.internal.table.Futures;
import dev.singletable.internal.writes.AsyncWrites;
import dev.singletable.internal.writes.ConflictRetries;
import dev.singletable.internal.writes.DefaultAsyncWriteTransaction;
import dev.singletable.internal.writes.EntityWrites;
import dev.singletable.internal.writes.PutAction;
import dev.singletable.internal.writes.WritePlans;
import java.util.function.UnaryOperator;

import dev.singletable.internal.reads.ItemFetcher;
import dev.singletable.internal.table.BoundTable;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.CursorCodec;
import dev.singletable.internal.reads.Reads;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.RequestRunner;

import dev.singletable.AsyncQuery;
import dev.singletable.AsyncScan;
import dev.singletable.AsyncTable;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.RequestListener;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The {@link AsyncTable} facade on the asynchronous SDK client. */
final class DefaultAsyncTable implements AsyncTable {
    private final BoundTable table;
    private final DynamoDbAsyncClient client;
    private final ItemFetcher fetcher;
    private final WritePlans plans;
    private final AsyncWrites writes;
    private final AsyncBatches batches;

    public DefaultAsyncTable(BoundTable table, DynamoDbAsyncClient client) {
        this.table = table;
        this.client = client;
        this.fetcher = new ItemFetcher(table);
        this.plans = new WritePlans(table);
        this.writes = new AsyncWrites(plans, client);
        this.batches = new AsyncBatches(plans, client);
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
        return fetcher.getAsync(client, entity, key, consistency, true);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return fetcher.getAsync(client, entity, key, consistency, false);
    }

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

    // ---------------------------------------------------------------- writes: rendered as the sync table renders them

    @Override
    public <T> CompletableFuture<T> put(T entity, Condition condition) {
        return Futures.compose(() -> writes.put(plans.put(entity, EntityWrites.PutMode.PUT, condition)));
    }

    @Override
    public <T> CompletableFuture<T> create(T entity) {
        return Futures.compose(() -> writes.put(plans.put(entity, EntityWrites.PutMode.CREATE, Condition.none())));
    }

    @Override
    public <T> CompletableFuture<T> replace(T entity, Condition condition) {
        return Futures.compose(() -> writes.put(plans.put(entity, EntityWrites.PutMode.REPLACE, condition)));
    }

    @Override
    public <T> CompletableFuture<T> update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return Futures.compose(() -> writes.update(entity, key, changes, condition, EntityWrites.UpdateMode.UPDATE));
    }

    @Override
    public <T> CompletableFuture<T> update(T current, UnaryOperator<Update<T>> changes, Condition condition) {
        return Futures.compose(() -> writes.update(plans.update(current, changes, condition), table.<T>entityFor(current.getClass()).schema()));
    }

    @Override
    public <T> CompletableFuture<T> upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return Futures.compose(() -> writes.update(entity, key, changes, condition, EntityWrites.UpdateMode.UPSERT));
    }

    @Override
    public <T> CompletableFuture<Optional<T>> delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return Futures.compose(() -> writes.delete(plans.delete(entity, key, condition), entity));
    }

    @Override
    public <T> CompletableFuture<Optional<T>> delete(T current) {
        return Futures.compose(() -> writes.delete(plans.delete(current, false), table.<T>entityFor(current.getClass()).schema()));
    }

    @Override
    public <T> CompletableFuture<Void> delete(EntitySchema<T> entity, KeyValues key) {
        return writes.delete(entity, key);
    }

    @Override
    public <T> CompletableFuture<T> move(EntitySchema<T> entity, KeyValues oldKey, T moved) {
        return Futures.compose(() -> moved(new DefaultAsyncWriteTransaction(writes).deleteExisting(entity, oldKey)
                .create(moved)));
    }

    @Override
    public <T> CompletableFuture<T> move(T current, T moved) {
        return Futures.compose(() -> moved(new DefaultAsyncWriteTransaction(writes).deleteExisting(current).create(moved)));
    }

    private static <T> CompletableFuture<T> moved(AsyncWriteTransaction transaction) {
        return ((DefaultAsyncWriteTransaction) transaction).send().thenApply(sent -> ((PutAction) sent.actions().get(1)).writtenAs());
    }

    @Override
    public <T> CompletableFuture<T> retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change) {
        return Futures.compose(() -> writes.retryOnConflict(ConflictRetries.of(plans, entity, key, maxAttempts, change), 1));
    }

    @Override
    public AsyncWriteTransaction transaction() {
        return new DefaultAsyncWriteTransaction(writes);
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
        return batches.batchWrite();
    }
}
