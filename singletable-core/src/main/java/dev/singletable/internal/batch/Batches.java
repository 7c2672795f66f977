package dev.singletable.internal.batch;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.AsyncBatchWrite;
import dev.singletable.BatchOptions;
import dev.singletable.BatchWrite;
import dev.singletable.BatchWriteResult;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.internal.table.Futures;
import dev.singletable.internal.table.Sender;
import dev.singletable.internal.writes.Writes;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The entry point of the batch package: batch gets, batch writes and transactional gets of one
 * table on one kind of client (the {@link Sender}), written once for both: on the synchronous client
 * each future is complete when it is returned, and retries sleep; on the asynchronous one retries
 * wait on a delayed executor, never in a sleeping thread.
 */
public final class Batches {
    private final Sender sender;
    private final BatchGets gets;
    private final BatchWrites writes;

    public Batches(Sender sender, Writes writes) {
        this.sender = sender;
        BatchKeys keys = new BatchKeys(sender.table());
        this.gets = new BatchGets(keys);
        this.writes = new BatchWrites(writes, keys);
    }

    public CompletableFuture<ItemsByKey> transactGet(List<? extends ItemKey<?>> keys) {
        return Futures.of(() -> gets.transactKeys(keys)).thenCompose(asked -> sender.send(DynamoOperation.TRANSACT_GET_ITEMS,
                        gets.transactRequest(asked), BatchKeys.entities(asked), Map.of(), gets.transactOutcome())
                .thenApply(response -> gets.transactResult(asked, response)));
    }

    public CompletableFuture<ItemsByKey> batchGet(List<? extends ItemKey<?>> keys, BatchOptions options) {
        return Futures.of(() -> gets.start(keys, options)).thenCompose(progress -> Chunks.runAll(gets.chunks(progress, options, sender),
                        options, chunk -> Chunks.send(chunk, progress.backoff(), sender,
                                request -> sender.send(DynamoOperation.BATCH_GET_ITEM, request, chunk.entities(), Map.of(),
                                        gets.getOutcome()), 1))
                .thenApply(done -> gets.result(progress)));
    }

    /** A batch write on the synchronous client. */
    public BatchWrite batchWrite() {
        return new DefaultBatchWrite();
    }

    /** A batch write on the asynchronous client. */
    public AsyncBatchWrite asyncBatchWrite() {
        return new DefaultAsyncBatchWrite();
    }

    private CompletableFuture<BatchWriteResult> send(List<Object> puts, List<ItemKey<?>> deletes, BatchOptions options) {
        return Futures.of(() -> writes.start(puts, deletes, options)).thenCompose(progress -> Chunks.runAll(writes.chunks(progress),
                        options, chunk -> Chunks.send(chunk, progress.backoff(), sender,
                                request -> sender.send(DynamoOperation.BATCH_WRITE_ITEM, request, chunk.entities(), Map.of(),
                                        writes.outcome(chunk.size())), 1))
                .thenApply(done -> writes.result(progress)));
    }

    private final class DefaultBatchWrite extends BatchWriteCollector<BatchWrite> implements BatchWrite {
        @Override
        public BatchWriteResult execute() {
            return Futures.join(send(puts(), deletes(), options()));
        }
    }

    private final class DefaultAsyncBatchWrite extends BatchWriteCollector<AsyncBatchWrite> implements AsyncBatchWrite {
        @Override
        public CompletableFuture<BatchWriteResult> execute() {
            return send(puts(), deletes(), options());
        }
    }
}
