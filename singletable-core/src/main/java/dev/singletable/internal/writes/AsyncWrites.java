package dev.singletable.internal.writes;

import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Update;
import dev.singletable.VersionConflictException;
import dev.singletable.internal.reads.ItemFetcher;
import dev.singletable.internal.table.Futures;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Single-item writes on the asynchronous client: {@link WritePlans} renders and reads, this only
 * sends. Failures complete the future with the same typed exceptions as the sync writes (wrapped
 * in a {@link java.util.concurrent.CompletionException} by {@code join()}).
 */
public final class AsyncWrites {
    private final WritePlans plans;
    private final DynamoDbAsyncClient client;
    private final ItemFetcher fetcher;

    public AsyncWrites(WritePlans plans, DynamoDbAsyncClient client) {
        this.plans = plans;
        this.client = client;
        this.fetcher = new ItemFetcher(plans.table());
    }

    DynamoDbAsyncClient client() {
        return client;
    }

    public WritePlans plans() {
        return plans;
    }

    public <T> CompletableFuture<T> put(PutAction action) {
        return send("PutItem", action, () -> client.putItem(action.request(plans.table().name())), PutItemResponse::consumedCapacity)
                .thenApply(response -> action.writtenAs());
    }

    public <T> CompletableFuture<T> update(UpdateAction action, EntitySchema<T> entity) {
        return send("UpdateItem", action, () -> client.updateItem(action.request(plans.table().name(), ReturnValue.ALL_NEW)),
                UpdateItemResponse::consumedCapacity).thenApply(response -> plans.updated(action, entity, response.attributes()));
    }

    public <T> CompletableFuture<T> update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes,
                                           Condition condition, EntityWrites.UpdateMode mode) {
        return Futures.compose(() -> keyedUpdate(entity, key, changes.apply(Update.of(entity)), condition, mode))
                .thenCompose(action -> update(action, entity));
    }

    /** A keyed update, reading the stored item first when its index keys need stored values. */
    public <T> CompletableFuture<UpdateAction> keyedUpdate(EntitySchema<T> entity, KeyValues key, Update<T> update, Condition condition,
                                                           EntityWrites.UpdateMode mode) {
        UpdatePlan plan = plans.update(entity, key, update, condition, mode);
        if (plan instanceof UpdatePlan.Ready ready) {
            return CompletableFuture.completedFuture(ready.action());
        }
        return fetcher.getAsync(client, entity, key, ReadConsistency.STRONG, false)
                .thenApply(stored -> plans.updateFromStored(entity, key, update, condition, mode, stored));
    }

    public <T> CompletableFuture<Optional<T>> delete(DeleteAction action, EntitySchema<T> entity) {
        return send("DeleteItem", action, () -> client.deleteItem(action.request(plans.table().name(), ReturnValue.ALL_OLD)),
                DeleteItemResponse::consumedCapacity)
                .thenApply(response -> plans.deleted(entity, response.hasAttributes(), response.attributes()));
    }

    public <T> CompletableFuture<Void> delete(EntitySchema<T> entity, KeyValues key) {
        return Futures.of(() -> plans.plainDelete(entity, key)).thenCompose((DeleteItemRequest request) ->
                plans.table().runner().sendAsync("DeleteItem", Optional.empty(), entity.type(), plans.table().keyText(request.key()),
                        () -> client.deleteItem(request), WritePlans.oneItem(DeleteItemResponse::consumedCapacity)))
                .thenApply(response -> null);
    }

    public <T> CompletableFuture<T> retryOnConflict(ConflictRetries<T> retries, int attempt) {
        return fetcher.getAsync(client, retries.entity(), retries.key(), ReadConsistency.STRONG, true)
                .thenCompose(current -> this.<T>put(retries.putFor(current.orElseThrow(retries::notFound))))
                .thenApply(CompletableFuture::completedFuture)
                .exceptionally(failure -> {
                    if (Futures.cause(failure) instanceof VersionConflictException conflict) {
                        long pause = retries.conflicted(attempt, conflict);
                        return CompletableFuture.supplyAsync(() -> attempt + 1, CompletableFuture.delayedExecutor(pause, TimeUnit.NANOSECONDS))
                                .thenCompose(next -> retryOnConflict(retries, next));
                    }
                    throw Futures.rethrow(failure);
                })
                .thenCompose(Function.identity());
    }

    private <R> CompletableFuture<R> send(String operation, WriteAction action, Supplier<CompletableFuture<R>> call,
                                          Function<R, ConsumedCapacity> capacity) {
        return plans.table().runner().sendAsync(operation, Optional.empty(), action.entityType(), plans.keyText(action), call,
                        WritePlans.oneItem(capacity))
                .exceptionally(failure -> {
                    throw Futures.rethrow(Futures.cause(failure) instanceof RuntimeException e ? plans.refusal(action, e) : failure);
                });
    }
}
