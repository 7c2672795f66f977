package dev.singletable.internal.writes;

import dev.singletable.internal.reads.ItemFetcher;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.RequestRunner;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.ItemDecodingException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.TableSchema;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** Single-item writes: renders them with {@link EntityWrites}, sends them, explains refusals. */
public final class ItemWriter {
    private final BoundTable table;
    private final ItemFetcher fetcher;
    private final TableSchema schema;
    private final DynamoDbClient client;
    private final RequestRunner runner;
    private final Clock clock;
    private final Map<String, EntityWrites<?>> writes = new java.util.concurrent.ConcurrentHashMap<>(); // Table is shared by threads

    public ItemWriter(BoundTable table, DynamoDbClient client) {
        this.table = table;
        this.fetcher = new ItemFetcher(table);
        this.schema = table.schema();
        this.client = client;
        this.runner = table.runner();
        this.clock = table.clock();
    }

    public Clock clock() {
        return clock;
    }

    @SuppressWarnings("unchecked")
    public <T> EntityWrites<T> writes(BoundEntity<T> bound) {
        return (EntityWrites<T>) writes.computeIfAbsent(bound.type(), t -> new EntityWrites<>(bound, schema, clock));
    }

    public <T> EntityWrites<T> writesFor(T entity) {
        return writes(table.<T>entityFor(entity.getClass()));
    }

    public <T> EntityWrites<T> writes(EntitySchema<T> entity) {
        return writes(table.bound(entity));
    }

    @SuppressWarnings("unchecked")
    EntityWrites<Object> writesOf(WritePlan plan) {
        return (EntityWrites<Object>) writes(plan.entity());
    }

    // ------------------------------------------------------------------ plans

    public <T> WritePlan putPlan(T entity, EntityWrites.PutMode mode, Condition condition) {
        return writesFor(entity).putPlan(entity, mode, condition);
    }

    public <T> WritePlan updatePlan(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition,
                                    EntityWrites.UpdateMode mode) {
        EntityWrites<T> w = writes(entity);
        Update<T> update = changes.apply(Update.of(entity));
        try {
            return w.updatePlan(key, update, condition, mode, Optional.empty(), Optional.empty());
        } catch (EntityWrites.StoredValuesNeeded e) {
            Map<String, AttributeValue> item = read(w.bound(), w.bound().key(key));
            if (item == null) {
                throw new ItemNotFoundException(mode.name().toLowerCase(java.util.Locale.ROOT) + " of " + entity.type() + " "
                        + w.keyText(w.bound().key(key)) + " read the item for its index key values, but there is none; "
                        + "create it first", entity.type(), "update", w.keyText(w.bound().key(key)), null);
            }
            T stored = w.bound().fromItem(item);
            return w.updatePlan(key, update, condition, mode, Optional.empty(), Optional.of(w.valuesOf(stored)));
        }
    }

    public <T> WritePlan updatePlan(T current, UnaryOperator<Update<T>> changes, Condition condition) {
        EntityWrites<T> w = writesFor(current);
        Update<T> update = changes.apply(Update.of(w.bound().schema()));
        Optional<Long> version = w.isVersioned() ? Optional.ofNullable(w.versionOf(current)) : Optional.empty();
        if (w.isVersioned() && version.isEmpty()) {
            throw new ValidationException("update of " + w.bound().type() + " " + w.keyText(w.bound().key(current))
                    + " from an entity without a version: the entity was not read from the table. Read it first, or update by key");
        }
        return w.updatePlan(w.keyValuesOf(current), update, condition, EntityWrites.UpdateMode.UPDATE, version,
                Optional.of(w.valuesOf(current)));
    }

    public <T> WritePlan deletePlan(EntitySchema<T> entity, KeyValues key, Condition condition) {
        EntityWrites<T> w = writes(entity);
        return w.deletePlan(w.bound().key(key), Optional.empty(), false, condition, "delete");
    }

    public <T> WritePlan deletePlan(T current) {
        EntityWrites<T> w = writesFor(current);
        Optional<Long> version = w.isVersioned() ? Optional.ofNullable(w.versionOf(current)) : Optional.empty();
        return w.deletePlan(w.bound().key(current), version, version.isPresent(), Condition.none(), "delete");
    }

    // ------------------------------------------------------------------ sending

    @SuppressWarnings("unchecked")
    public <T> T put(WritePlan plan) {
        PutItemRequest request = plan.putRequest(schema.name());
        send("PutItem", plan, () -> client.putItem(request), r -> r.consumedCapacity());
        return (T) plan.written();
    }

    public <T> T update(WritePlan plan, EntitySchema<T> entity) {
        UpdateItemRequest request = plan.updateRequest(schema.name(), ReturnValue.ALL_NEW);
        UpdateItemResponse response = send("UpdateItem", plan, () -> client.updateItem(request), r -> r.consumedCapacity());
        try {
            return table.bound(entity).fromItem(response.attributes());
        } catch (ItemDecodingException e) {
            throw new ItemDecodingException("The " + plan.operation() + " of " + entity.type() + " " + writesOf(plan).keyText(plan.key())
                    + " was written, but the item it left cannot be read as " + entity.type() + ": " + e.getMessage()
                    + " (an upsert that creates an item must set every required attribute)", e);
        }
    }

    public <T> Optional<T> delete(WritePlan plan, EntitySchema<T> entity) {
        DeleteItemRequest request = plan.deleteRequest(schema.name(), ReturnValue.ALL_OLD);
        DeleteItemResponse response = send("DeleteItem", plan, () -> client.deleteItem(request), r -> r.consumedCapacity());
        if (!response.hasAttributes() || response.attributes().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(table.bound(entity).fromItem(response.attributes()));
    }

    private <R> R send(String operation, WritePlan plan, Supplier<R> call, Function<R, ConsumedCapacity> capacity) {
        EntityWrites<Object> w = writesOf(plan);
        try {
            return runner.send(operation, Optional.empty(), plan.entityType(), w.keyText(plan.key()), call, new RequestRunner.Outcome<>() {
                @Override
                public int itemCount(R response) {
                    return 1;
                }

                @Override
                public ConsumedCapacity capacity(R response) {
                    return capacity.apply(response);
                }
            });
        } catch (ConditionFailedException e) {
            Optional<Map<String, AttributeValue>> item = Optional.empty();
            if (e.getCause() instanceof ConditionalCheckFailedException failed && failed.hasItem()) {
                item = Optional.of(failed.item());
            }
            throw w.explain(plan, item, e.getCause());
        }
    }

    private Map<String, AttributeValue> read(BoundEntity<?> bound, Map<String, AttributeValue> key) {
        var response = runner.send("GetItem", Optional.empty(), bound.type(), writes(bound).keyText(key),
                () -> client.getItem(b -> b.tableName(schema.name()).key(key).consistentRead(true)), new RequestRunner.Outcome<>() {
                    @Override
                    public int itemCount(software.amazon.awssdk.services.dynamodb.model.GetItemResponse r) {
                        return r.hasItem() ? 1 : 0;
                    }

                    @Override
                    public ConsumedCapacity capacity(software.amazon.awssdk.services.dynamodb.model.GetItemResponse r) {
                        return r.consumedCapacity();
                    }
                });
        return response.hasItem() && !response.item().isEmpty() ? response.item() : null;
    }

    // ------------------------------------------------------------------ optimistic locking

    public <T> T retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change) {
        EntityWrites<T> w = writes(entity);
        if (!w.isVersioned()) {
            throw new ValidationException("retryOnConflict on " + entity.type() + ": the entity has no version attribute, so a "
                    + "conflicting write could not be detected; declare one with EntitySchema.builder(...).version(VERSION)");
        }
        if (maxAttempts < 1) {
            throw new ValidationException("retryOnConflict on " + entity.type() + ": maxAttempts must be at least 1, got " + maxAttempts);
        }
        Map<String, AttributeValue> itemKey = w.bound().key(key);
        for (int attempt = 1; ; attempt++) {
            T current = fetcher.get(client, entity, key, ReadConsistency.STRONG, true).orElseThrow(() -> new ItemNotFoundException(
                    "retryOnConflict on " + entity.type() + " " + w.keyText(itemKey) + ": no item has this key; create it first",
                    entity.type(), "retryOnConflict", w.keyText(itemKey), null));
            T changed = change.apply(current);
            if (changed == null) {
                throw new ValidationException("retryOnConflict on " + entity.type() + " " + w.keyText(itemKey)
                        + ": the change returned null; return the changed entity");
            }
            if (!w.bound().key(changed).equals(itemKey)) {
                throw new ValidationException("retryOnConflict on " + entity.type() + " " + w.keyText(itemKey)
                        + ": the change moved the entity to key " + w.keyText(w.bound().key(changed)) + "; use table.move to change keys");
            }
            if (!java.util.Objects.equals(w.versionOf(changed), w.versionOf(current))) {
                throw new ValidationException("retryOnConflict on " + entity.type() + " " + w.keyText(itemKey) + ": the change set version "
                        + w.versionOf(changed) + " but the item read has " + w.versionOf(current) + "; leave the version as read");
            }
            try {
                return put(w.putPlan(changed, EntityWrites.PutMode.REPLACE, Condition.none()));
            } catch (VersionConflictException e) {
                if (attempt >= maxAttempts) {
                    throw new VersionConflictException("retryOnConflict on " + entity.type() + " " + w.keyText(itemKey) + " still conflicted after "
                            + maxAttempts + " attempts (" + e.getMessage() + "); the item is heavily contended: allow more attempts, or use an "
                            + "atomic update (add, conditions) instead of read-modify-write", e.entityType(), "retryOnConflict", e.key(),
                            e.expectedVersion(), e.storedVersion(), e.currentItem(), e.currentEntity(), e);
                }
                pause(attempt);
            }
        }
    }

    private static void pause(int attempt) {
        // full jitter, 1 ms doubling up to 100 ms: contenders spread out instead of colliding again
        long cap = Math.min(100_000L, 1_000L << Math.min(attempt, 10));
        long micros = ThreadLocalRandom.current().nextLong(cap + 1);
        try {
            Thread.sleep(micros / 1000, (int) (micros % 1000) * 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new dev.singletable.SingleTableException("retryOnConflict was interrupted", e);
        }
    }
}
