package dev.singletable.internal.batch;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Up to 25 puts and deletes of a batch write, until each is processed or left unprocessed. */
final class WriteChunk extends PendingChunk<BatchWrites.Pending, BatchWriteItemRequest, BatchWriteItemResponse> {
    private final BatchWrites writes;
    private final BatchWrites.Progress progress;

    WriteChunk(BatchWrites writes, BatchWrites.Progress progress, List<BatchWrites.Pending> chunk) {
        super(progress.left(), progress.failure());
        this.writes = writes;
        this.progress = progress;
        for (BatchWrites.Pending p : chunk) {
            pending().put(p.key(), p);
        }
    }

    String entities() {
        return pending().values().stream().map(BatchWrites.Pending::type).distinct().toList().toString();
    }

    int size() {
        return pending().size();
    }

    @Override
    public BatchWriteItemRequest request() {
        List<WriteRequest> requests = new ArrayList<>(pending().size());
        for (BatchWrites.Pending p : pending().values()) {
            requests.add(p.request());
        }
        progress.requests().incrementAndGet();
        return BatchWriteItemRequest.builder().requestItems(Map.of(writes.keys().tableName(), requests))
                .returnConsumedCapacity(writes.keys().table().runner().consumedCapacity()).build();
    }

    @Override
    public void accept(BatchWriteItemResponse response) {
        Map<Map<String, AttributeValue>, BatchWrites.Pending> next = new LinkedHashMap<>();
        for (WriteRequest w : response.unprocessedItems().getOrDefault(writes.keys().tableName(), List.of())) {
            Map<String, AttributeValue> source = w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key();
            BatchWrites.Pending p = pending().get(writes.keys().keyOnly(source));
            if (p != null) {
                next.put(p.key(), p);
            }
        }
        progress.processed().addAndGet(pending().size() - next.size());
        keepPending(next);
    }

    @Override
    public void retrying() {
        progress.retries().incrementAndGet();
    }
}
