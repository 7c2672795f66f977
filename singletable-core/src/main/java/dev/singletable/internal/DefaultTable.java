package dev.singletable.internal;

import dev.singletable.internal.batch.BatchRunner;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.reads.CursorCodec;
import dev.singletable.internal.reads.DefaultPartiqlStatement;
import dev.singletable.internal.reads.DefaultQuery;
import dev.singletable.internal.reads.DefaultScan;
import dev.singletable.internal.reads.ReadDefinition;
import dev.singletable.internal.reads.ReadTarget;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.writes.DefaultWriteTransaction;
import dev.singletable.internal.writes.EntityWrites;
import dev.singletable.internal.writes.ItemWriter;
import dev.singletable.internal.writes.WritePlan;

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

/** The {@link Table} implementation on the synchronous SDK client. */
public final class DefaultTable implements Table, ReadTarget {
    private final TableSchema schema;
    private final DynamoDbClient client;
    private final RequestRunner runner;
    private final CursorCodec cursors;
    private final Map<String, BoundEntity<?>> entitiesByType = new LinkedHashMap<>();
    private final Map<Class<?>, BoundEntity<?>> entitiesByClass = new LinkedHashMap<>();

    private final ItemWriter writer;
    private final BatchRunner batches;

    public DefaultTable(TableSchema schema, DynamoDbClient client, List<RequestListener> listeners, Clock clock, CursorCodec cursors) {
        this.schema = schema;
        this.client = client;
        this.runner = new RequestRunner(schema.name(), listeners);
        this.cursors = cursors;
        for (EntitySchema<?> entity : schema.entities()) {
            BoundEntity<?> bound = new BoundEntity<>(entity, schema);
            entitiesByType.put(entity.type(), bound);
            entitiesByClass.put(entity.javaType(), bound);
        }
        this.writer = new ItemWriter(this, clock);
        this.batches = new BatchRunner(this, writer);
    }

    /** Renders writes without sending them (for tests and tools). */
    public ItemWriter writer() {
        return writer;
    }

    @Override
    public Clock clock() {
        return writer.clock();
    }

    @Override
    public TableSchema schema() {
        return schema;
    }

    public DynamoDbClient client() {
        return client;
    }

    @Override
    public RequestRunner runner() {
        return runner;
    }

    @Override
    public CursorCodec cursors() {
        return cursors;
    }

    // ---------------------------------------------------------------- table lifecycle

    @Override
    public CreateTableRequest createTableRequest() {
        List<AttributeDefinition> definitions = new ArrayList<>();
        List<String> defined = new ArrayList<>();
        List<KeySchemaElement> keySchema = new ArrayList<>();
        keySchema.add(key(schema.partitionKeyAttribute(), KeyType.HASH, definitions, defined));
        schema.sortKeyAttribute().ifPresent(sk -> keySchema.add(key(sk, KeyType.RANGE, definitions, defined)));
        List<GlobalSecondaryIndex> indexes = new ArrayList<>();
        for (IndexSchema index : schema.indexes()) {
            List<KeySchemaElement> indexKeys = new ArrayList<>();
            indexKeys.add(key(index.partitionKeyAttribute(), KeyType.HASH, definitions, defined));
            index.sortKeyAttribute().ifPresent(sk -> indexKeys.add(key(sk, KeyType.RANGE, definitions, defined)));
            indexes.add(GlobalSecondaryIndex.builder()
                    .indexName(index.name())
                    .keySchema(indexKeys)
                    .projection(Projection.builder().projectionType(ProjectionType.ALL).build())
                    .build());
        }
        CreateTableRequest.Builder request = CreateTableRequest.builder()
                .tableName(schema.name())
                .attributeDefinitions(definitions)
                .keySchema(keySchema)
                .billingMode(BillingMode.PAY_PER_REQUEST);
        if (!indexes.isEmpty()) {
            request.globalSecondaryIndexes(indexes);
        }
        return request.build();
    }

    private static KeySchemaElement key(String attribute, KeyType type, List<AttributeDefinition> definitions, List<String> defined) {
        if (!defined.contains(attribute)) {
            defined.add(attribute);
            definitions.add(AttributeDefinition.builder().attributeName(attribute).attributeType(ScalarAttributeType.S).build());
        }
        return KeySchemaElement.builder().attributeName(attribute).keyType(type).build();
    }

    @Override
    public void createTable() {
        Optional<TableDescription> existing = describe();
        if (existing.isPresent()) {
            verify(existing.get());
        } else {
            CreateTableRequest request = createTableRequest();
            runner.send("CreateTable", Optional.empty(), "table", Map.of(), () -> client.createTable(request), none());
            awaitTable(true);
        }
        schema.timeToLiveAttribute().ifPresent(this::enableTimeToLive);
    }

    private void enableTimeToLive(String attribute) {
        var current = runner.send("DescribeTimeToLive", Optional.empty(), "table", Map.of(),
                () -> client.describeTimeToLive(DescribeTimeToLiveRequest.builder().tableName(schema.name()).build()), none());
        var description = current.timeToLiveDescription();
        if (description != null && attribute.equals(description.attributeName())
                && (description.timeToLiveStatus() == TimeToLiveStatus.ENABLED || description.timeToLiveStatus() == TimeToLiveStatus.ENABLING)) {
            return;
        }
        if (description != null && description.attributeName() != null && !attribute.equals(description.attributeName())
                && description.timeToLiveStatus() == TimeToLiveStatus.ENABLED) {
            throw new TableSchemaMismatchException("Table " + schema.name() + " has TTL on attribute '" + description.attributeName()
                    + "' but the schema names '" + attribute + "'; change one of them (DynamoDB allows one TTL attribute)");
        }
        runner.send("UpdateTimeToLive", Optional.empty(), "table", Map.of(), () -> client.updateTimeToLive(UpdateTimeToLiveRequest.builder()
                .tableName(schema.name())
                .timeToLiveSpecification(s -> s.attributeName(attribute).enabled(true))
                .build()), none());
    }

    private Optional<TableDescription> describe() {
        DescribeTableRequest request = DescribeTableRequest.builder().tableName(schema.name()).build();
        try {
            return Optional.of(runner.send("DescribeTable", Optional.empty(), "table", Map.of(),
                    () -> client.describeTable(request), none()).table());
        } catch (TableNotFoundException e) {
            return Optional.empty();
        } catch (DynamoDbRequestException e) {
            if (isMissingTable(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** DynamoDB Local's embedded client reports a missing table with its own exception, wrapped or not. */
    private static boolean isMissingTable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ResourceNotFoundException
                    || (t.getMessage() != null && t.getMessage().contains("non-existent table"))) {
                return true;
            }
        }
        return false;
    }

    private void verify(TableDescription table) {
        List<String> problems = new ArrayList<>();
        compareKeys("the table", table.keySchema(), schema.partitionKeyAttribute(), schema.sortKeyAttribute(), problems);
        for (IndexSchema index : schema.indexes()) {
            Optional<GlobalSecondaryIndexDescription> found = table.globalSecondaryIndexes().stream()
                    .filter(g -> g.indexName().equals(index.name())).findFirst();
            if (found.isEmpty()) {
                problems.add("index " + index.name() + " is missing (add it with UpdateTable, or recreate the table)");
            } else {
                compareKeys("index " + index.name(), found.get().keySchema(), index.partitionKeyAttribute(),
                        index.sortKeyAttribute(), problems);
            }
        }
        if (!problems.isEmpty()) {
            throw new TableSchemaMismatchException("Table " + schema.name() + " exists but does not match its schema: "
                    + String.join("; ", problems));
        }
    }

    private static void compareKeys(String what, List<KeySchemaElement> actual, String pk, Optional<String> sk, List<String> problems) {
        String actualPk = actual.stream().filter(k -> k.keyType() == KeyType.HASH).map(KeySchemaElement::attributeName).findFirst().orElse("(none)");
        Optional<String> actualSk = actual.stream().filter(k -> k.keyType() == KeyType.RANGE).map(KeySchemaElement::attributeName).findFirst();
        if (!actualPk.equals(pk)) {
            problems.add(what + " has partition key '" + actualPk + "', the schema says '" + pk + "'");
        }
        if (!actualSk.equals(sk)) {
            problems.add(what + " has sort key " + actualSk.map(s -> "'" + s + "'").orElse("(none)") + ", the schema says "
                    + sk.map(s -> "'" + s + "'").orElse("(none)"));
        }
    }

    @Override
    public void deleteTable() {
        if (describe().isEmpty()) {
            return;
        }
        runner.send("DeleteTable", Optional.empty(), "table", Map.of(),
                () -> client.deleteTable(DeleteTableRequest.builder().tableName(schema.name()).build()), none());
        awaitTable(false);
    }

    /**
     * Polls until the table is active (or gone). Our own loop rather than the SDK's waiters, which
     * do not recognise the exceptions some DynamoDB-compatible engines throw for a missing table.
     */
    private void awaitTable(boolean active) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        long pauseMillis = 20;
        while (true) {
            Optional<TableDescription> table = describe();
            boolean done = active
                    ? table.map(t -> t.tableStatus() == TableStatus.ACTIVE
                            && t.globalSecondaryIndexes().stream().allMatch(g -> g.indexStatus() == IndexStatus.ACTIVE)).orElse(false)
                    : table.isEmpty();
            if (done) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new TableSchemaMismatchException("Table " + schema.name() + " did not become " + (active ? "active" : "deleted")
                        + " within 10 minutes; check its status in the console");
            }
            try {
                Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DynamoDbRequestException("Interrupted while waiting for table " + schema.name(), "(client)", e);
            }
            pauseMillis = Math.min(pauseMillis * 2, 2000);
        }
    }

    // ---------------------------------------------------------------- items

    @SuppressWarnings("unchecked")
    public <T> BoundEntity<T> entityFor(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            BoundEntity<?> bound = entitiesByClass.get(c);
            if (bound != null) {
                return (BoundEntity<T>) bound;
            }
        }
        throw new SchemaDefinitionException("No entity type of table " + schema.name() + " maps " + type.getName()
                + "; add its EntitySchema to the TableSchema (entities are " + entitiesByType.keySet() + ")");
    }

    @SuppressWarnings("unchecked")
    public <T> BoundEntity<T> bound(EntitySchema<T> entity) {
        BoundEntity<?> bound = entitiesByType.get(entity.type());
        if (bound == null || bound.schema() != entity) {
            throw new SchemaDefinitionException("Entity type " + entity.type() + " is not part of table " + schema.name()
                    + "; add it to the TableSchema (entities are " + entitiesByType.keySet() + ")");
        }
        return (BoundEntity<T>) bound;
    }

    public Optional<BoundEntity<?>> entityOfType(String type) {
        return Optional.ofNullable(entitiesByType.get(type));
    }

    @Override
    public <T> T put(T entity) {
        return put(entity, Condition.none());
    }

    @Override
    public <T> T put(T entity, Condition condition) {
        return writer.put(writer.putPlan(entity, EntityWrites.PutMode.PUT, condition));
    }

    @Override
    public <T> T create(T entity) {
        return writer.put(writer.putPlan(entity, EntityWrites.PutMode.CREATE, Condition.none()));
    }

    @Override
    public <T> T replace(T entity) {
        return replace(entity, Condition.none());
    }

    @Override
    public <T> T replace(T entity, Condition condition) {
        return writer.put(writer.putPlan(entity, EntityWrites.PutMode.REPLACE, condition));
    }

    @Override
    public <T> T update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return update(entity, key, changes, Condition.none());
    }

    @Override
    public <T> T update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return writer.update(writer.updatePlan(entity, key, changes, condition, EntityWrites.UpdateMode.UPDATE), entity);
    }

    @Override
    public <T> T update(T current, UnaryOperator<Update<T>> changes) {
        return update(current, changes, Condition.none());
    }

    @Override
    public <T> T update(T current, UnaryOperator<Update<T>> changes, Condition condition) {
        BoundEntity<T> bound = entityFor(current.getClass());
        return writer.update(writer.updatePlan(current, changes, condition), bound.schema());
    }

    @Override
    public <T> T upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return upsert(entity, key, changes, Condition.none());
    }

    @Override
    public <T> T upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return writer.update(writer.updatePlan(entity, key, changes, condition, EntityWrites.UpdateMode.UPSERT), entity);
    }

    @Override
    public <T> Optional<T> delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return writer.delete(writer.deletePlan(entity, key, condition), entity);
    }

    @Override
    public <T> Optional<T> delete(T current) {
        BoundEntity<T> bound = entityFor(current.getClass());
        return writer.delete(writer.deletePlan(current), bound.schema());
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T move(EntitySchema<T> entity, KeyValues oldKey, T moved) {
        DefaultWriteTransaction transaction = new DefaultWriteTransaction(this, writer);
        transaction.deleteExisting(entity, oldKey);
        transaction.create(moved);
        transaction.execute();
        return (T) transaction.plans().get(1).written();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T move(T current, T moved) {
        DefaultWriteTransaction transaction = new DefaultWriteTransaction(this, writer);
        transaction.deleteExisting(current);
        transaction.create(moved);
        transaction.execute();
        return (T) transaction.plans().get(1).written();
    }

    @Override
    public <T> T retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change) {
        return writer.retryOnConflict(entity, key, maxAttempts, change);
    }

    @Override
    public WriteTransaction transaction() {
        return new DefaultWriteTransaction(this, writer);
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
        return GetItemRequest.builder().tableName(schema.name()).key(bound(entity).key(key))
                .consistentRead(consistency == ReadConsistency.STRONG)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    @Override
    public <T> Optional<T> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return get(entity, key, consistency, true);
    }

    @Override
    public <T> Optional<T> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return get(entity, key, consistency, false);
    }

    private <T> Optional<T> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency, boolean hideExpired) {
        BoundEntity<T> bound = bound(entity);
        GetItemRequest request = getRequest(entity, key, consistency);
        Map<String, AttributeValue> itemKey = request.key();
        GetItemResponse response = runner.send("GetItem", Optional.empty(), bound.type(), keyText(itemKey), () -> client.getItem(request),
                new RequestRunner.Outcome<>() {
                    @Override
                    public int itemCount(GetItemResponse r) {
                        return r.hasItem() ? 1 : 0;
                    }

                    @Override
                    public software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity(GetItemResponse r) {
                        return r.consumedCapacity();
                    }
                });
        if (!response.hasItem() || response.item().isEmpty() || (hideExpired && isExpired(response.item()))) {
            return Optional.empty();
        }
        return Optional.of(bound.fromItem(response.item()));
    }

    @Override
    public <T> Explanation explainPut(T entity) {
        return Explanation.of("PutItem", writer.putPlan(entity, EntityWrites.PutMode.PUT, Condition.none()).putRequest(schema.name()));
    }

    @Override
    public <T> Explanation explainCreate(T entity) {
        return Explanation.of("PutItem", writer.putPlan(entity, EntityWrites.PutMode.CREATE, Condition.none()).putRequest(schema.name()));
    }

    @Override
    public <T> Explanation explainUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        Update<T> update = changes.apply(Update.of(entity));
        try {
            WritePlan plan = writer.writes(entity).updatePlan(key, update, Condition.none(), EntityWrites.UpdateMode.UPDATE,
                    Optional.empty(), Optional.empty());
            return Explanation.of("UpdateItem", plan.updateRequest(schema.name(), ReturnValue.ALL_NEW));
        } catch (EntityWrites.StoredValuesNeeded e) {
            throw new ValidationException("The update of " + entity.type() + " " + keyOf(entity, key) + " reads the stored item "
                    + "first for index key values, so it cannot be explained without sending that read; give the values "
                    + "in the update instead of readingStoredValuesForIndexKeys()", e);
        }
    }

    @Override
    public <T> Explanation explainDelete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return Explanation.of("DeleteItem", writer.deletePlan(entity, key, condition).deleteRequest(schema.name(), ReturnValue.ALL_OLD));
    }

    @Override
    public <T> Map<String, String> keyOf(T entity) {
        BoundEntity<T> bound = entityFor(entity.getClass());
        return keyText(bound.key(entity));
    }

    @Override
    public <T> Map<String, String> keyOf(EntitySchema<T> entity, KeyValues key) {
        return keyText(bound(entity).key(key));
    }

    @Override
    public <T> void delete(EntitySchema<T> entity, KeyValues key) {
        BoundEntity<T> bound = bound(entity);
        Map<String, AttributeValue> itemKey = bound.key(key);
        DeleteItemRequest request = DeleteItemRequest.builder().tableName(schema.name()).key(itemKey)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        runner.send("DeleteItem", Optional.empty(), bound.type(), keyText(itemKey), () -> client.deleteItem(request),
                write(r -> r.consumedCapacity()));
    }

    @Override
    public <T> Query<T> query(EntitySchema<T> entity) {
        return DefaultQuery.forEntity(this, bound(entity));
    }

    @Override
    public <T> Query<T> query(EntityCollection<T> collection) {
        List<BoundEntity<? extends T>> members = new ArrayList<>();
        for (EntitySchema<? extends T> member : collection.members()) {
            members.add(bound(member));
        }
        return DefaultQuery.forCollection(this, collection.toString(), members);
    }

    @Override
    public <T> Scan<T> scan(EntitySchema<T> entity) {
        BoundEntity<T> bound = bound(entity);
        return new DefaultScan<>(client, ReadDefinition.scan(this, bound.type(), List.of(bound), false));
    }

    @Override
    public <T> Scan<T> scan(EntityCollection<T> collection) {
        List<BoundEntity<? extends T>> members = new ArrayList<>();
        for (EntitySchema<? extends T> member : collection.members()) {
            members.add(bound(member));
        }
        return new DefaultScan<>(client, ReadDefinition.scan(this, collection.toString(), members, true));
    }

    @Override
    public <T> PartiqlStatement<T> partiql(EntitySchema<T> entity, String statement) {
        BoundEntity<T> bound = bound(entity);
        return new DefaultPartiqlStatement<>(this, bound.type(), List.of(bound), false, statement, List.of(), false, 0, false);
    }

    @Override
    public <T> PartiqlStatement<T> partiql(EntityCollection<T> collection, String statement) {
        List<BoundEntity<? extends T>> members = new ArrayList<>();
        for (EntitySchema<? extends T> member : collection.members()) {
            members.add(bound(member));
        }
        return new DefaultPartiqlStatement<>(this, collection.toString(), members, true, statement, List.of(), false, 0, false);
    }

    /** The key attributes of an item as text, for messages and exceptions. */
    public Map<String, String> keyText(Map<String, AttributeValue> item) {
        Map<String, String> key = new LinkedHashMap<>(4);
        key.put(schema.partitionKeyAttribute(), textOf(item.get(schema.partitionKeyAttribute())));
        schema.sortKeyAttribute().ifPresent(sk -> key.put(sk, textOf(item.get(sk))));
        return key;
    }

    private static String textOf(AttributeValue value) {
        return value == null ? "(missing)" : value.s() != null ? value.s() : String.valueOf(value);
    }

    private static <R> RequestRunner.Outcome<R> write(java.util.function.Function<R, software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity> capacity) {
        return new RequestRunner.Outcome<>() {
            @Override
            public int itemCount(R response) {
                return 1;
            }

            @Override
            public software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity(R response) {
                return capacity.apply(response);
            }
        };
    }

    private static <R> RequestRunner.Outcome<R> none() {
        return new RequestRunner.Outcome<>() {
            @Override
            public int itemCount(R response) {
                return 0;
            }

            @Override
            public software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity(R response) {
                return null;
            }
        };
    }
}
