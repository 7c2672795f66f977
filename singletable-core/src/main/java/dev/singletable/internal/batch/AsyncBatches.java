package dev.singletable.internal.batch;

import dev.singletable.AsyncBatchWrite;
import dev.singletable.BatchOptions;
import dev.singletable.BatchWriteResult;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.internal.table.Futures;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.writes.WritePlans;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Batch gets, batch writes and transactional gets on the asynchronous client: only the sending is
 * here. Retries wait on a delayed executor, never in a sleeping thread.
 */
public final class AsyncBatches {
    private final DynamoDbAsyncClient client;
    private final RequestRunner runner;
    private final BatchGets gets;
    private final BatchWrites writes;

    public AsyncBatches(WritePlans plans, DynamoDbAsyncClient client) {
        this.client = client;
        this.runner = plans.table().runner();
        BatchKeys keys = new BatchKeys(plans.table());
        this.gets = new BatchGets(keys);
        this.writes = new BatchWrites(plans, keys);
    }

    public CompletableFuture<ItemsByKey> transactGet(List<? extends ItemKey<?>> keys) {
        return Futures.of(() -> gets.transactKeys(keys)).thenCompose(asked -> runner.sendAsync("TransactGetItems", Optional.empty(),
                        BatchKeys.entities(asked), Map.of(), () -> client.transactGetItems(gets.transactRequest(asked)),
                        gets.transactOutcome())
                .thenApply(response -> gets.transactResult(asked, response)));
    }

    public CompletableFuture<ItemsByKey> batchGet(List<? extends ItemKey<?>> keys, BatchOptions options) {
        return Futures.of(() -> gets.start(keys, options)).thenCompose(progress -> Chunks.runAllAsync(gets.chunks(progress, options),
                        options, chunk -> Chunks.sendAsync(chunk, progress.backoff(),
                                request -> runner.sendAsync("BatchGetItem", Optional.empty(), chunk.entities(), Map.of(),
                                        () -> client.batchGetItem(request), gets.getOutcome()), 1))
                .thenApply(done -> gets.result(progress)));
    }

    public AsyncBatchWrite batchWrite() {
        return new DefaultAsyncBatchWrite();
    }

    private final class DefaultAsyncBatchWrite extends BatchWriteCollector<AsyncBatchWrite> implements AsyncBatchWrite {
        @Override
        AsyncBatchWrite self() {
            return this;
        }

        @Override
        public CompletableFuture<BatchWriteResult> execute() {
            return Futures.of(() -> writes.start(puts(), deletes(), options())).thenCompose(progress -> Chunks.runAllAsync(
                            writes.chunks(progress), options(), chunk -> Chunks.sendAsync(chunk, progress.backoff(),
                                    request -> runner.sendAsync("BatchWriteItem", Optional.empty(), chunk.entities(), Map.of(),
                                            () -> client.batchWriteItem(request), writes.outcome(chunk.size())), 1))
                    .thenApply(done -> writes.result(progress)));
        }
    }
}
