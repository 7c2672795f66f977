package dev.singletable.internal;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.reads.CursorCodec;
import dev.singletable.internal.reads.DefaultAsyncQuery;
import dev.singletable.internal.reads.DefaultAsyncScan;
import dev.singletable.internal.reads.ReadDefinition;
import dev.singletable.internal.reads.ReadTarget;
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

/** The {@link AsyncTable} implementation on the asynchronous SDK client. */
public final class DefaultAsyncTable implements AsyncTable, ReadTarget {
    private final TableSchema schema;
    private final DynamoDbAsyncClient client;
    private final RequestRunner runner;
    private final CursorCodec cursors;
    private final Clock clock;
    private final Map<String, BoundEntity<?>> entitiesByType = new LinkedHashMap<>();

    public DefaultAsyncTable(TableSchema schema, DynamoDbAsyncClient client, List<RequestListener> listeners, Clock clock,
                             CursorCodec cursors) {
        this.schema = schema;
        this.client = client;
        this.runner = new RequestRunner(schema.name(), listeners);
        this.cursors = cursors;
        this.clock = clock;
        for (EntitySchema<?> entity : schema.entities()) {
            entitiesByType.put(entity.type(), new BoundEntity<>(entity, schema));
        }
    }

    @Override
    public TableSchema schema() {
        return schema;
    }

    @Override
    public RequestRunner runner() {
        return runner;
    }

    @Override
    public CursorCodec cursors() {
        return cursors;
    }

    @Override
    public Clock clock() {
        return clock;
    }

    @SuppressWarnings("unchecked")
    private <T> BoundEntity<T> bound(EntitySchema<T> entity) {
        BoundEntity<?> bound = entitiesByType.get(entity.type());
        if (bound == null || bound.schema() != entity) {
            throw new SchemaDefinitionException("Entity type " + entity.type() + " is not part of table " + schema.name()
                    + "; add it to the TableSchema (entities are " + entitiesByType.keySet() + ")");
        }
        return (BoundEntity<T>) bound;
    }

    private <T> List<BoundEntity<? extends T>> members(EntityCollection<T> collection) {
        List<BoundEntity<? extends T>> members = new ArrayList<>();
        for (EntitySchema<? extends T> member : collection.members()) {
            members.add(bound(member));
        }
        return members;
    }

    @Override
    public <T> CompletableFuture<Optional<T>> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return get(entity, key, consistency, true);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return get(entity, key, consistency, false);
    }

    private <T> CompletableFuture<Optional<T>> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency,
                                                   boolean hideExpired) {
        BoundEntity<T> bound;
        GetItemRequest request;
        try {
            bound = bound(entity);
            request = GetItemRequest.builder().tableName(schema.name()).key(bound.key(key))
                    .consistentRead(consistency == ReadConsistency.STRONG)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        Map<String, String> keyText = new LinkedHashMap<>();
        request.key().forEach((name, value) -> keyText.put(name, value.s() != null ? value.s() : String.valueOf(value)));
        return runner.sendAsync("GetItem", Optional.empty(), bound.type(), keyText, () -> client.getItem(request),
                new RequestRunner.Outcome<GetItemResponse>() {
                    @Override
                    public int itemCount(GetItemResponse response) {
                        return response.hasItem() ? 1 : 0;
                    }

                    @Override
                    public ConsumedCapacity capacity(GetItemResponse response) {
                        return response.consumedCapacity();
                    }
                }).thenApply(response -> {
                    Map<String, AttributeValue> item = response.item();
                    return !response.hasItem() || item.isEmpty() || (hideExpired && isExpired(item)) ? Optional.<T>empty()
                            : Optional.of(bound.fromItem(item));
                });
    }

    @Override
    public <T> AsyncQuery<T> query(EntitySchema<T> entity) {
        BoundEntity<T> bound = bound(entity);
        return new DefaultAsyncQuery<>(client, ReadDefinition.query(this, bound.type(), List.of(bound), false));
    }

    @Override
    public <T> AsyncQuery<T> query(EntityCollection<T> collection) {
        return new DefaultAsyncQuery<>(client, ReadDefinition.query(this, collection.toString(), members(collection), true));
    }

    @Override
    public <T> AsyncScan<T> scan(EntitySchema<T> entity) {
        BoundEntity<T> bound = bound(entity);
        return new DefaultAsyncScan<>(client, ReadDefinition.scan(this, bound.type(), List.of(bound), false));
    }

    @Override
    public <T> AsyncScan<T> scan(EntityCollection<T> collection) {
        return new DefaultAsyncScan<>(client, ReadDefinition.scan(this, collection.toString(), members(collection), true));
    }
}
