package dev.singletable.internal.reads;

import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.Futures;
import dev.singletable.internal.table.Sender;
import dev.singletable.internal.table.RequestRunner;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** GetItem, sync and async: one request renderer and one decoder for both. */
public final class ItemFetcher {
    private static final RequestRunner.Outcome<GetItemResponse> OUTCOME =
            RequestRunner.Outcome.of(response -> response.hasItem() ? 1 : 0, GetItemResponse::consumedCapacity);

    private final BoundTable table;

    public ItemFetcher(BoundTable table) {
        this.table = table;
    }

    public <T> GetItemRequest request(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return GetItemRequest.builder().tableName(table.name()).key(table.bound(entity).key(key))
                .consistentRead(consistency == ReadConsistency.STRONG)
                .returnConsumedCapacity(table.runner().consumedCapacity()).build();
    }

    /** The item, decoded; on the synchronous client the future is complete when it is returned. */
    public <T> CompletableFuture<Optional<T>> get(Sender sender, EntitySchema<T> entity, KeyValues key, ReadConsistency consistency,
                                                  boolean hideExpired) {
        return Futures.of(() -> request(entity, key, consistency)).thenCompose(request -> sender.send("GetItem", entity.type(),
                        table.keyText(request.key()), c -> c.getItem(request), c -> c.getItem(request), OUTCOME))
                .thenApply(response -> decode(table.bound(entity), response, hideExpired));
    }

    private <T> Optional<T> decode(BoundEntity<T> bound, GetItemResponse response, boolean hideExpired) {
        Map<String, AttributeValue> item = response.item();
        if (!response.hasItem() || item.isEmpty() || (hideExpired && table.isExpired(item))) {
            return Optional.empty();
        }
        return Optional.of(bound.fromItem(item));
    }
}
