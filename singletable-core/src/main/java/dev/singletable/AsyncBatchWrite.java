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
     * {@link ValidationException} for a key given twice or a versioned entity (put or delete), before anything is
     * sent, or with {@link BatchIncompleteException} when a request fails (not throttling, which is retried): what was
     * written, the unprocessed puts and deletes, and the failure as its cause.
     */
    CompletableFuture<BatchWriteResult> execute();
}
