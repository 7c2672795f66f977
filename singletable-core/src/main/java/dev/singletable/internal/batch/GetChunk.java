package dev.singletable.internal.batch;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.internal.table.Sender;
import dev.singletable.internal.page.DecodedPage;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Up to 100 keys of a batch get, until each is found, found missing, or left unprocessed. */
final class GetChunk extends PendingChunk<BatchKeys.Asked, BatchGetItemRequest, BatchGetItemResponse> {
    private final BatchGets gets;
    private final BatchGets.Progress progress;
    private final boolean consistentRead;
    private final Sender sender;
    // the wire codec's page of the request in flight (one at a time per chunk); empty when the client has no codec
    private Optional<DecodedPage> wire = Optional.empty();

    GetChunk(BatchGets gets, BatchGets.Progress progress, List<BatchKeys.Asked> chunk, boolean consistentRead, Sender sender) {
        super(progress.unprocessed(), progress.failure());
        this.gets = gets;
        this.progress = progress;
        this.consistentRead = consistentRead;
        this.sender = sender;
        for (BatchKeys.Asked a : chunk) {
            pending().put(a.itemKey(), a);
        }
    }

    String entities() {
        return BatchKeys.entities(new ArrayList<>(pending().values()));
    }

    @Override
    public BatchGetItemRequest request() {
        progress.requests().incrementAndGet();
        BatchGetItemRequest request = BatchGetItemRequest.builder()
                .requestItems(Map.of(gets.keys().tableName(), KeysAndAttributes.builder().keys(new ArrayList<>(pending().keySet()))
                        .consistentRead(consistentRead).build()))
                .returnConsumedCapacity(gets.keys().table().runner().consumedCapacity()).build();
        wire = sender.decodedPage(DynamoOperation.BATCH_GET_ITEM);
        return wire.isPresent() ? wire.get().mark(request) : request;
    }

    @Override
    public void accept(BatchGetItemResponse response) {
        String tableName = gets.keys().tableName();
        Map<Map<String, AttributeValue>, BatchKeys.Asked> next = new LinkedHashMap<>();
        KeysAndAttributes left = response.unprocessedKeys().get(tableName);
        if (left != null && left.hasKeys()) {
            for (Map<String, AttributeValue> key : left.keys()) {
                BatchKeys.Asked a = pending().get(gets.keys().keyOnly(key));
                if (a != null) {
                    next.put(a.itemKey(), a);
                }
            }
        }
        List<Map<String, AttributeValue>> items = wire.flatMap(DecodedPage::items)
                .orElseGet(() -> response.responses().getOrDefault(tableName, List.of()));
        for (Map<String, AttributeValue> item : items) {
            BatchKeys.Asked a = pending().get(gets.keys().keyOnly(item));
            if (a != null) {
                gets.keys().decodeLive(a, item).ifPresent(entity -> progress.found().put(a.itemKey(), entity));
            }
        }
        keepPending(next);
    }

    @Override
    public void retrying() {
        // a batch get reports requests, not retries
    }
}
