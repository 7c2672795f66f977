package dev.singletable.internal.batch;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What a chunk of a get and a write share: its pending entries by item key, which a response narrows, and where they
 * go when the chunk gives up (the batch's unprocessed list) or the batch fails (its first failure).
 *
 * @param <V> a pending entry: a key asked for, or a put or delete
 * @param <Q> the request type
 * @param <R> the response type
 */
abstract class PendingChunk<V, Q, R> implements ChunkWork<Q, R> {
    private final List<V> unprocessed;
    private final AtomicReference<Throwable> failure;
    private Map<Map<String, AttributeValue>, V> pending = new LinkedHashMap<>();

    PendingChunk(List<V> unprocessed, AtomicReference<Throwable> failure) {
        this.unprocessed = unprocessed;
        this.failure = failure;
    }

    /** The entries still pending, by item key, in the order they were asked. */
    final Map<Map<String, AttributeValue>, V> pending() {
        return pending;
    }

    /** What a response left unprocessed becomes the pending entries. */
    final void keepPending(Map<Map<String, AttributeValue>, V> next) {
        pending = next;
    }

    @Override
    public final boolean hasPending() {
        return !pending.isEmpty();
    }

    @Override
    public final void giveUp() {
        unprocessed.addAll(pending.values());
        pending = Map.of();
    }

    @Override
    public final AtomicReference<Throwable> batchFailure() {
        return failure;
    }
}
