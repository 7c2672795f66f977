package dev.singletable.internal;

import dev.singletable.internal.batch.SyncBatches;
import dev.singletable.internal.writes.ConflictRetries;
import dev.singletable.internal.writes.DefaultWriteTransaction;
import dev.singletable.internal.writes.EntityWrites;
import dev.singletable.internal.writes.PutAction;
import dev.singletable.internal.writes.SyncWrites;
import dev.singletable.internal.writes.UpdatePlan;
import dev.singletable.internal.writes.WritePlans;

import dev.singletable.internal.admin.TableAdmin;
import dev.singletable.internal.reads.ItemFetcher;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.CursorCodec;
import dev.singletable.internal.reads.Reads;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.RequestRunner;

import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import dev.singletable.ValidationException;
import dev.singletable.Explanation;
import dev.singletable.BatchOptions;
import dev.singletable.BatchWrite;
import dev.singletable.Condition;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.KeyValues;
import dev.singletable.PartiqlStatement;
import dev.singletable.Query;
import dev.singletable.ReadConsistency;
import dev.singletable.Scan;
import dev.singletable.RequestListener;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.TableNotFoundException;
import dev.singletable.TableSchema;
import dev.singletable.TableSchemaMismatchException;
import dev.singletable.Update;
import dev.singletable.WriteTransaction;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.concurrent.TimeUnit;

/** The {@link Table} facade on the synchronous SDK client: each operation goes to the piece that does it. */
public final class DefaultTable implements Table {
    private final BoundTable table;
    private final DynamoDbClient client;
    private final TableAdmin admin;
    private final ItemFetcher fetcher;
    private final WritePlans plans;
    private final SyncWrites writes;
    private final SyncBatches batches;

    public DefaultTable(BoundTable table, DynamoDbClient client) {
        this.table = table;
        this.client = client;
        this.admin = new TableAdmin(table, client);
        this.fetcher = new ItemFetcher(table);
        this.plans = new WritePlans(table);
        this.writes = new SyncWrites(plans, client);
        this.batches = new SyncBatches(plans, client);
    }

    /** Renders writes without sending them (for tests and tools). */
    public WritePlans plans() {
        return plans;
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

    // ---------------------------------------------------------------- table lifecycle

    @Override
    public CreateTableRequest createTableRequest() {
        return admin.createTableRequest();
    }

    @Override
    public void createTable() {
        admin.createTable();
    }

    @Override
    public void deleteTable() {
        admin.deleteTable();
    }

    // ---------------------------------------------------------------- items

    @Override
    public <T> T put(T entity) {
        return put(entity, Condition.none());
    }

    @Override
    public <T> T put(T entity, Condition condition) {
        return writes.put(plans.put(entity, EntityWrites.PutMode.PUT, condition));
    }

    @Override
    public <T> T create(T entity) {
        return writes.put(plans.put(entity, EntityWrites.PutMode.CREATE, Condition.none()));
    }

    @Override
    public <T> T replace(T entity) {
        return replace(entity, Condition.none());
    }

    @Override
    public <T> T replace(T entity, Condition condition) {
        return writes.put(plans.put(entity, EntityWrites.PutMode.REPLACE, condition));
    }

    @Override
    public <T> T update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return update(entity, key, changes, Condition.none());
    }

    @Override
    public <T> T update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return writes.update(entity, key, changes, condition, EntityWrites.UpdateMode.UPDATE);
    }

    @Override
    public <T> T update(T current, UnaryOperator<Update<T>> changes) {
        return update(current, changes, Condition.none());
    }

    @Override
    public <T> T update(T current, UnaryOperator<Update<T>> changes, Condition condition) {
        BoundEntity<T> bound = table.entityFor(current.getClass());
        return writes.update(plans.update(current, changes, condition), bound.schema());
    }

    @Override
    public <T> T upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return upsert(entity, key, changes, Condition.none());
    }

    @Override
    public <T> T upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return writes.update(entity, key, changes, condition, EntityWrites.UpdateMode.UPSERT);
    }

    @Override
    public <T> Optional<T> delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return writes.delete(plans.delete(entity, key, condition), entity);
    }

    @Override
    public <T> Optional<T> delete(T current) {
        BoundEntity<T> bound = table.entityFor(current.getClass());
        return writes.delete(plans.delete(current, false), bound.schema());
    }

    @Override
    public <T> void delete(EntitySchema<T> entity, KeyValues key) {
        writes.delete(entity, key);
    }

    @Override
    public <T> T move(EntitySchema<T> entity, KeyValues oldKey, T moved) {
        DefaultWriteTransaction transaction = new DefaultWriteTransaction(writes);
        transaction.deleteExisting(entity, oldKey).create(moved).execute();
        return ((PutAction) transaction.actions().get(1)).writtenAs();
    }

    @Override
    public <T> T move(T current, T moved) {
        DefaultWriteTransaction transaction = new DefaultWriteTransaction(writes);
        transaction.deleteExisting(current).create(moved).execute();
        return ((PutAction) transaction.actions().get(1)).writtenAs();
    }

    @Override
    public <T> T retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change) {
        return writes.retryOnConflict(ConflictRetries.of(plans, entity, key, maxAttempts, change));
    }

    @Override
    public WriteTransaction transaction() {
        return new DefaultWriteTransaction(writes);
    }

    @Override
    public ItemsByKey transactGet(List<? extends ItemKey<?>> keys) {
        return batches.transactGet(keys);
    }

    @Override
    public ItemsByKey batchGet(List<? extends ItemKey<?>> keys, BatchOptions options) {
        return batches.batchGet(keys, options);
    }

    @Override
    public BatchWrite batchWrite() {
        return batches.batchWrite();
    }

    @Override
    public <T> GetItemRequest getRequest(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return fetcher.request(entity, key, consistency);
    }

    @Override
    public <T> Optional<T> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return fetcher.get(client, entity, key, consistency, true);
    }

    @Override
    public <T> Optional<T> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return fetcher.get(client, entity, key, consistency, false);
    }


    @Override
    public <T> Explanation explainPut(T entity) {
        return Explanation.of("PutItem", plans.put(entity, EntityWrites.PutMode.PUT, Condition.none()).request(table.name()));
    }

    @Override
    public <T> Explanation explainCreate(T entity) {
        return Explanation.of("PutItem", plans.put(entity, EntityWrites.PutMode.CREATE, Condition.none()).request(table.name()));
    }

    @Override
    public <T> Explanation explainUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        UpdatePlan plan = plans.update(entity, key, changes.apply(Update.of(entity)), Condition.none(), EntityWrites.UpdateMode.UPDATE);
        if (plan instanceof UpdatePlan.Ready ready) {
            return Explanation.of("UpdateItem", ready.action().request(table.name(), ReturnValue.ALL_NEW));
        }
        throw new ValidationException("The update of " + entity.type() + " " + keyOf(entity, key) + " reads the stored item "
                + "first for index key values, so it cannot be explained without sending that read; give the values "
                + "in the update instead of readingStoredValuesForIndexKeys()");
    }

    @Override
    public <T> Explanation explainDelete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return Explanation.of("DeleteItem", plans.delete(entity, key, condition).request(table.name(), ReturnValue.ALL_OLD));
    }

    @Override
    public <T> Map<String, String> keyOf(T entity) {
        BoundEntity<T> bound = table.entityFor(entity.getClass());
        return table.keyText(bound.key(entity));
    }

    @Override
    public <T> Map<String, String> keyOf(EntitySchema<T> entity, KeyValues key) {
        return table.keyText(table.bound(entity).key(key));
    }

    @Override
    public <T> Query<T> query(EntitySchema<T> entity) {
        return Reads.of(table, entity).query(client);
    }

    @Override
    public <T> Query<T> query(EntityCollection<T> collection) {
        return Reads.of(table, collection).query(client);
    }

    @Override
    public <T> Scan<T> scan(EntitySchema<T> entity) {
        return Reads.of(table, entity).scan(client);
    }

    @Override
    public <T> Scan<T> scan(EntityCollection<T> collection) {
        return Reads.of(table, collection).scan(client);
    }

    @Override
    public <T> PartiqlStatement<T> partiql(EntitySchema<T> entity, String statement) {
        return Reads.of(table, entity).partiql(client, statement);
    }

    @Override
    public <T> PartiqlStatement<T> partiql(EntityCollection<T> collection, String statement) {
        return Reads.of(table, collection).partiql(client, statement);
    }
}
