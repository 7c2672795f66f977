package dev.singletable.internal.batch;

import java.util.concurrent.atomic.AtomicReference;

/**
 * One chunk of a batch (up to 25 writes or 100 keys) and what is still pending of it: the request
 * for what is pending, and what a response leaves pending. {@link Chunks} sends it, sync or async.
 *
 * @param <Q> the request type
 * @param <R> the response type
 */
interface ChunkWork<Q, R> {

    boolean hasPending();

    /** The request for what is still pending. */
    Q request();

    /** Takes a response: what it did is done, what it left unprocessed stays pending. */
    void accept(R response);

    /** The attempts ran out: what is still pending is left unprocessed. */
    void giveUp();

    /**
     * Whether a failed request is sent again, within the batch's retry budget: a throttled one, one DynamoDB failed
     * ({@link Backoff#isThrottling}), or one that timed out or lost its connection ({@link Backoff#isClientTimeout}); any
     * other failure stops the batch. A read repeats safely, and so does a BatchWriteItem: each of its puts and deletes
     * writes a whole item unconditionally, and a batch never holds two requests for one item, so one that landed before
     * the timeout and lands again leaves the same item.
     */
    default boolean retries(Throwable failure) {
        return Backoff.isThrottling(failure) || Backoff.isClientTimeout(failure);
    }

    /**
     * A request failed other than as {@link #retries} retries: the batch stops. What is still pending here is left unprocessed, and
     * {@code failure} is kept (the first of the batch's) for the exception the batch ends with.
     */
    default void fail(Throwable failure) {
        batchFailure().compareAndSet(null, failure);
        giveUp();
    }

    /** Whether a request of the batch (this chunk's or another's) failed: then nothing more is sent. */
    default boolean stopped() {
        return batchFailure().get() != null;
    }

    /** The first failed request of the whole batch, shared by its chunks; unset while none failed. */
    AtomicReference<Throwable> batchFailure();

    /** A retry is about to be sent. */
    void retrying();
}
