package dev.singletable;

import java.util.List;

/**
 * What a batch write did: how many puts and deletes DynamoDB processed, how many requests and
 * retries it took, and what was still unprocessed when the retry budget ran out (never dropped:
 * it is here, or thrown by {@link #orThrow()}).
 *
 * <pre>{@code
 * BatchWriteResult result = table.batchWrite().putAll(orders).execute();
 * if (!result.isComplete()) { requeue(result.unprocessedPuts()); }
 * }</pre>
 */
@Stable
public final class BatchWriteResult {
    private final int processed;
    private final List<Object> unprocessedPuts;
    private final List<ItemKey<?>> unprocessedDeletes;
    private final int requestCount;
    private final int retries;

    public BatchWriteResult(int processed, List<Object> unprocessedPuts, List<ItemKey<?>> unprocessedDeletes,
                            int requestCount, int retries) {
        this.processed = processed;
        this.unprocessedPuts = List.copyOf(unprocessedPuts);
        this.unprocessedDeletes = List.copyOf(unprocessedDeletes);
        this.requestCount = requestCount;
        this.retries = retries;
    }

    /** Puts and deletes DynamoDB processed. */
    public int processed() {
        return processed;
    }

    /** Entities not written when the retry budget ran out. */
    public List<Object> unprocessedPuts() {
        return unprocessedPuts;
    }

    /** Keys not deleted when the retry budget ran out. */
    public List<ItemKey<?>> unprocessedDeletes() {
        return unprocessedDeletes;
    }

    public boolean isComplete() {
        return unprocessedPuts.isEmpty() && unprocessedDeletes.isEmpty();
    }

    /** BatchWriteItem requests sent, first tries and retries. */
    public int requestCount() {
        return requestCount;
    }

    /** Requests that re-sent unprocessed items or followed a throttling error. */
    public int retries() {
        return retries;
    }

    /**
     * This result, when complete.
     *
     * @throws BatchIncompleteException listing what was not written otherwise
     */
    public BatchWriteResult orThrow() {
        if (!isComplete()) {
            throw new BatchIncompleteException("Batch write left " + Counted.of(unprocessedPuts.size(), "put", "puts") + " and "
                    + Counted.of(unprocessedDeletes.size(), "delete", "deletes") + " unprocessed after its retry budget ran out ("
                    + processed + " processed, " + Counted.of(requestCount, "request", "requests") + "): puts " + BatchIncompleteException.preview(unprocessedPuts) + ", deletes "
                    + BatchIncompleteException.preview(unprocessedDeletes) + "; retry them later or give the batch a larger budget",
                    this);
        }
        return this;
    }

    @Override
    public String toString() {
        return "BatchWriteResult[" + processed + " processed, " + Counted.of(unprocessedPuts.size(), "put", "puts") + " and "
                + Counted.of(unprocessedDeletes.size(), "delete", "deletes") + " unprocessed, " + Counted.of(requestCount, "request", "requests")
                + ", " + Counted.of(retries, "retry", "retries") + "]";
    }
}
