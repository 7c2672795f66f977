package dev.singletable.internal.batch;

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

    /** A retry is about to be sent. */
    void retrying();
}
