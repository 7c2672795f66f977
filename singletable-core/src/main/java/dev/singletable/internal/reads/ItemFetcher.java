package dev.singletable.internal.reads;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.Sender;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.page.DecodedPage;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

import java.util.List;
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
        Optional<DecodedPage> wire = sender.decodedPage(DynamoOperation.GET_ITEM);
        GetItemRequest request;
        try {
            request = request(entity, key, consistency);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e); // a rendering failure fails the future, as the send's does
        }
        GetItemRequest sent = wire.isPresent() ? wire.get().mark(request) : request;
        return sender.send(DynamoOperation.GET_ITEM, sent, entity.type(), () -> table.keyText(request.key()), OUTCOME).thenApply(response -> decode(table.bound(entity), item(response, wire), hideExpired));
    }

    /** The item of the response, or the one the wire codec decoded from it (the SDK's response then holds an empty one). */
    private static Optional<Map<String, AttributeValue>> item(GetItemResponse response, Optional<DecodedPage> wire) {
        Optional<List<Map<String, AttributeValue>>> decoded = wire.flatMap(DecodedPage::items);
        if (decoded.isPresent()) {
            return decoded.get().isEmpty() ? Optional.empty() : Optional.of(decoded.get().get(0));
        }
        return response.hasItem() ? Optional.of(response.item()) : Optional.empty();
    }

    private <T> Optional<T> decode(BoundEntity<T> bound, Optional<Map<String, AttributeValue>> found, boolean hideExpired) {
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Map<String, AttributeValue> item = found.get();
        if (item.isEmpty() || (hideExpired && table.isExpired(item))) {
            return Optional.empty();
        }
        return Optional.of(bound.fromItem(item));
    }
}
