package dev.singletable;

import java.util.concurrent.CompletableFuture;

/**
 * The {@link BatchWrite} of an {@link AsyncTable}: the same checks, chunks of 25 and retries of
 * unprocessed items with backoff within the {@link BatchOptions} budget, without blocking a thread
 * (waits are scheduled). Chunks go one after another, or all at once when the options name an
 * executor. A builder: not thread-safe.
 *
 * <pre>{@code
 * asyncTable.batchWrite().putAll(orders).execute()
 *           .thenApply(BatchWriteResult::orThrow);
 * }</pre>
 */
@Stable
public interface AsyncBatchWrite extends BatchWriteActions<AsyncBatchWrite> {
    /**
     * Sends everything; completes normally with unprocessed items in the result, or fails with
     * {@link ValidationException} for a key given twice or a versioned entity, before anything is sent.
     */
    CompletableFuture<BatchWriteResult> execute();
}
