package dev.singletable;

import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;

import java.util.List;
import java.util.Optional;

/**
 * A batch ended with items DynamoDB never processed: its retry budget ran out, or one of its requests failed and the
 * batch stopped there. Lists them: the entities not written and the keys not deleted (batch write), or the keys not
 * read (batch get). Every other item was processed: {@link #writeResult()} and {@link #readResult()} tell what was
 * written or read. When a request failed it is the {@linkplain #getCause() cause}, and the items of that request are
 * listed as unprocessed; if it {@linkplain #mayHaveBeenApplied() may have been applied} they may be stored all the same
 * (batch puts and deletes are idempotent: sending them again is safe).
 *
 * <pre>{@code
 * try {
 *     table.batchWrite().putAll(orders).execute().orThrow();
 * } catch (BatchIncompleteException e) {
 *     retryLater(e.unprocessedPuts(), e.unprocessedKeys());
 *     e.writeResult().ifPresent(done -> log.info("{} written", done.processed()));
 * }
 * }</pre>
 */
@Stable
public class BatchIncompleteException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final transient List<Object> unprocessedPuts;
    private final transient List<ItemKey<?>> unprocessedKeys;
    private final transient Optional<BatchWriteResult> writeResult;
    private final transient Optional<ItemsByKey> readResult;

    public BatchIncompleteException(String message, List<Object> unprocessedPuts, List<ItemKey<?>> unprocessedKeys) {
        this(message, unprocessedPuts, unprocessedKeys, Optional.empty(), Optional.empty());
    }

    /** A batch write's result that is not complete: the budget ran out. */
    public BatchIncompleteException(String message, BatchWriteResult written) {
        this(message, written.unprocessedPuts(), written.unprocessedDeletes(), Optional.of(written), Optional.empty());
    }

    /** A batch get's result that is not complete: the budget ran out. */
    public BatchIncompleteException(String message, ItemsByKey read) {
        this(message, List.of(), read.unprocessed(), Optional.empty(), Optional.of(read));
    }

    /**
     * A batch write stopped by a failed request ({@code cause}): what it had written, and as unprocessed the failed
     * request's items and those of the requests not sent after it.
     */
    public BatchIncompleteException(BatchWriteResult written, Throwable cause) {
        this("Batch write stopped part-way: a BatchWriteItem request failed (" + failure(cause) + "); " + written.processed()
                + " puts and deletes were written, " + Counted.of(written.unprocessedPuts().size(), "put", "puts") + " and "
                + Counted.of(written.unprocessedDeletes().size(), "delete", "deletes") + " were not (the failed request's"
                + " and any not sent after it): puts " + preview(written.unprocessedPuts()) + ", deletes "
                + preview(written.unprocessedDeletes()) + (mayHaveBeenApplied(cause) ? "; the failed request may have been "
                + "applied all the same (a 5xx or a timeout), so some of these may be stored" : "")
                + "; fix the cause, then send the unprocessed ones again (batch puts and deletes are idempotent)",
                written.unprocessedPuts(), written.unprocessedDeletes(), Optional.of(written), Optional.empty());
        initCause(cause);
    }

    /**
     * A batch get stopped by a failed request ({@code cause}): what it had read, and as unprocessed the keys of the
     * failed request and of the requests not sent after it.
     */
    public BatchIncompleteException(ItemsByKey read, Throwable cause) {
        this("Batch get stopped part-way: a BatchGetItem request failed (" + failure(cause) + "); " + read.found().size()
                + " found and " + read.notFound().size() + " known missing were read, " + read.unprocessed().size()
                + " keys were not (the failed request's and any not sent after it): " + preview(read.unprocessed())
                + "; the items read are in readResult(); fix the cause, then read the unprocessed keys again",
                List.of(), read.unprocessed(), Optional.empty(), Optional.of(read));
        initCause(cause);
    }

    private BatchIncompleteException(String message, List<Object> unprocessedPuts, List<ItemKey<?>> unprocessedKeys,
                                     Optional<BatchWriteResult> writeResult, Optional<ItemsByKey> readResult) {
        super(message);
        this.unprocessedPuts = List.copyOf(unprocessedPuts);
        this.unprocessedKeys = List.copyOf(unprocessedKeys);
        this.writeResult = writeResult;
        this.readResult = readResult;
    }

    /** Entities a batch write did not write. */
    public List<Object> unprocessedPuts() {
        return unprocessedPuts;
    }

    /** Keys a batch write did not delete, or a batch get did not read. */
    public List<ItemKey<?>> unprocessedKeys() {
        return unprocessedKeys;
    }

    /** What the batch write did before it stopped: processed, unprocessed, requests; empty for a read. */
    public Optional<BatchWriteResult> writeResult() {
        return writeResult;
    }

    /** What the batch get read before it stopped: the items found, the keys known missing, the keys not read; empty for a write. */
    public Optional<ItemsByKey> readResult() {
        return readResult;
    }

    /** True when a request of the batch failed in a way that may have applied it: its items, listed as unprocessed, may be stored. */
    @Override
    public boolean mayHaveBeenApplied() {
        return getCause() != null && mayHaveBeenApplied(getCause());
    }

    /** The failed request's error code and DynamoDB's (or the SDK's) own words, without our account of the one request. */
    private static String failure(Throwable cause) {
        String code = cause instanceof DynamoDbRequestException e ? e.errorCode() + ": " : cause.getClass().getSimpleName() + ": ";
        if (cause.getCause() instanceof AwsServiceException service && service.awsErrorDetails() != null
                && service.awsErrorDetails().errorMessage() != null) {
            return code + service.awsErrorDetails().errorMessage();
        }
        Throwable sdk = cause.getCause() instanceof SdkException ? cause.getCause() : cause;
        return code + sdk.getMessage();
    }

    static String preview(List<?> items) {
        return items.size() <= 5 ? items.toString() : items.subList(0, 5) + " and " + (items.size() - 5) + " more";
    }
}
