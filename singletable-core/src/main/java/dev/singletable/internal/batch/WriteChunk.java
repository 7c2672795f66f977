package dev.singletable.internal.batch;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/** Up to 25 puts and deletes of a batch write, until each is processed or left unprocessed. */
final class WriteChunk implements ChunkWork<BatchWriteItemRequest, BatchWriteItemResponse> {
    private final BatchWrites writes;
    private final BatchWrites.Progress progress;
    private Map<Map<String, AttributeValue>, BatchWrites.Pending> pending = new LinkedHashMap<>();

    WriteChunk(BatchWrites writes, BatchWrites.Progress progress, List<BatchWrites.Pending> chunk) {
        this.writes = writes;
        this.progress = progress;
        for (BatchWrites.Pending p : chunk) {
            pending.put(p.key(), p);
        }
    }

    String entities() {
        return pending.values().stream().map(BatchWrites.Pending::type).distinct().toList().toString();
    }

    int size() {
        return pending.size();
    }

    @Override
    public boolean hasPending() {
        return !pending.isEmpty();
    }

    @Override
    public BatchWriteItemRequest request() {
        List<WriteRequest> requests = new ArrayList<>(pending.size());
        for (BatchWrites.Pending p : pending.values()) {
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
            BatchWrites.Pending p = pending.get(writes.keys().keyOnly(source));
            if (p != null) {
                next.put(p.key(), p);
            }
        }
        progress.processed().addAndGet(pending.size() - next.size());
        pending = next;
    }

    @Override
    public void giveUp() {
        progress.left().addAll(pending.values());
        pending = Map.of();
    }

    @Override
    public AtomicReference<Throwable> batchFailure() {
        return progress.failure();
    }

    @Override
    public void retrying() {
        progress.retries().incrementAndGet();
    }
}
