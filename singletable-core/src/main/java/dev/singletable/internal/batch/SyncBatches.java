package dev.singletable.internal.batch;

import dev.singletable.BatchOptions;
import dev.singletable.BatchWrite;
import dev.singletable.BatchWriteResult;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.writes.WritePlans;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Batch gets, batch writes and transactional gets on the synchronous client: only the sending is here. */
public final class SyncBatches {
    private final DynamoDbClient client;
    private final RequestRunner runner;
    private final BatchGets gets;
    private final BatchWrites writes;

    public SyncBatches(WritePlans plans, DynamoDbClient client) {
        this.client = client;
        this.runner = plans.table().runner();
        BatchKeys keys = new BatchKeys(plans.table());
        this.gets = new BatchGets(keys);
        this.writes = new BatchWrites(plans, keys);
    }

    public ItemsByKey transactGet(List<? extends ItemKey<?>> keys) {
        List<BatchKeys.Asked> asked = gets.transactKeys(keys);
        TransactGetItemsRequest request = gets.transactRequest(asked);
        return gets.transactResult(asked, runner.send("TransactGetItems", Optional.empty(), BatchKeys.entities(asked), Map.of(),
                () -> client.transactGetItems(request), gets.transactOutcome()));
    }

    public ItemsByKey batchGet(List<? extends ItemKey<?>> keys, BatchOptions options) {
        BatchGets.Progress progress = gets.start(keys, options);
        Chunks.runAll(gets.chunks(progress, options), options, chunk -> Chunks.send(chunk, progress.backoff(),
                request -> runner.send("BatchGetItem", Optional.empty(), chunk.entities(), Map.of(),
                        () -> client.batchGetItem(request), gets.getOutcome())));
        return gets.result(progress);
    }

    public BatchWrite batchWrite() {
        return new DefaultBatchWrite();
    }

    private final class DefaultBatchWrite extends BatchWriteCollector<BatchWrite> implements BatchWrite {
        @Override
        BatchWrite self() {
            return this;
        }

        @Override
        public BatchWriteResult execute() {
            BatchWrites.Progress progress = writes.start(puts(), deletes(), options());
            Chunks.runAll(writes.chunks(progress), options(), chunk -> Chunks.send(chunk, progress.backoff(),
                    request -> runner.send("BatchWriteItem", Optional.empty(), chunk.entities(), Map.of(),
                            () -> client.batchWriteItem(request), writes.outcome(chunk.size()))));
            return writes.result(progress);
        }
    }
}
