package dev.singletable.internal.writes;

import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.SingleTableException;
import dev.singletable.Update;
import dev.singletable.VersionConflictException;
import dev.singletable.internal.reads.ItemFetcher;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** Single-item writes on the synchronous client: {@link WritePlans} renders and reads, this only sends. */
public final class SyncWrites {
    private final WritePlans plans;
    private final DynamoDbClient client;
    private final ItemFetcher fetcher;

    public SyncWrites(WritePlans plans, DynamoDbClient client) {
        this.plans = plans;
        this.client = client;
        this.fetcher = new ItemFetcher(plans.table());
    }

    DynamoDbClient client() {
        return client;
    }

    public WritePlans plans() {
        return plans;
    }

    public <T> T put(PutAction action) {
        send("PutItem", action, () -> client.putItem(action.request(plans.table().name())), PutItemResponse::consumedCapacity);
        return action.writtenAs();
    }

    public <T> T update(UpdateAction action, EntitySchema<T> entity) {
        UpdateItemResponse response = send("UpdateItem", action,
                () -> client.updateItem(action.request(plans.table().name(), ReturnValue.ALL_NEW)), UpdateItemResponse::consumedCapacity);
        return plans.updated(action, entity, response.attributes());
    }

    public <T> T update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition,
                        EntityWrites.UpdateMode mode) {
        return update(keyedUpdate(entity, key, changes.apply(Update.of(entity)), condition, mode), entity);
    }

    /** A keyed update, reading the stored item first when its index keys need stored values. */
    public <T> UpdateAction keyedUpdate(EntitySchema<T> entity, KeyValues key, Update<T> update, Condition condition,
                                        EntityWrites.UpdateMode mode) {
        UpdatePlan plan = plans.update(entity, key, update, condition, mode);
        if (plan instanceof UpdatePlan.Ready ready) {
            return ready.action();
        }
        Optional<T> stored = fetcher.get(client, entity, key, ReadConsistency.STRONG, false);
        return plans.updateFromStored(entity, key, update, condition, mode, stored);
    }

    public <T> Optional<T> delete(DeleteAction action, EntitySchema<T> entity) {
        DeleteItemResponse response = send("DeleteItem", action,
                () -> client.deleteItem(action.request(plans.table().name(), ReturnValue.ALL_OLD)), DeleteItemResponse::consumedCapacity);
        return plans.deleted(entity, response.hasAttributes(), response.attributes());
    }

    public <T> void delete(EntitySchema<T> entity, KeyValues key) {
        DeleteItemRequest request = plans.plainDelete(entity, key);
        plans.table().runner().send("DeleteItem", Optional.empty(), entity.type(), plans.table().keyText(request.key()),
                () -> client.deleteItem(request), WritePlans.oneItem(DeleteItemResponse::consumedCapacity));
    }

    public <T> T retryOnConflict(ConflictRetries<T> retries) {
        for (int attempt = 1; ; attempt++) {
            T current = fetcher.get(client, retries.entity(), retries.key(), ReadConsistency.STRONG, true).orElseThrow(retries::notFound);
            try {
                return put(retries.putFor(current));
            } catch (VersionConflictException e) {
                LockSupport.parkNanos(retries.conflicted(attempt, e));
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    throw new SingleTableException("retryOnConflict was interrupted", e);
                }
            }
        }
    }

    private <R> R send(String operation, WriteAction action, Supplier<R> call, Function<R, ConsumedCapacity> capacity) {
        try {
            return plans.table().runner().send(operation, Optional.empty(), action.entityType(), plans.keyText(action), call,
                    WritePlans.oneItem(capacity));
        } catch (RuntimeException e) {
            throw plans.refusal(action, e);
        }
    }
}
