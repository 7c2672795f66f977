package dev.singletable.extension;

import dev.singletable.AsyncTable;
import dev.singletable.Stable;
import dev.singletable.Table;

/**
 * Told about every request a {@link Table} sends, for metrics or request counting: once per request, whether it
 * returned or failed (a condition that did not hold, a cancelled transaction, throttling that outlasted the SDK's
 * retries, a refusal, a timeout, a network error), before its result or exception reaches the caller. A failed
 * request's event has an {@link RequestEvent#errorCode() error code}, no items and no capacity.
 *
 * <pre>{@code
 * Table table = Table.builder(schema, client)
 *         .listener(event -> meter.record(event.operation(), event.errorCode().orElse("OK"), event.consumedCapacity()))
 *         .build();
 * }</pre>
 *
 * <p>A listener may be called from several threads at once: a query across shards or buckets sends its partitions'
 * requests in parallel, an {@link AsyncTable} reports on the SDK's threads, and one table serves every thread of the
 * application. Keep what it records thread-safe (an {@code AtomicLong}, a {@code LongAdder}, a concurrent or
 * synchronized collection).
 *
 * <p>Every listener hears every request, even when one before it throws. A listener's exception never replaces a failed
 * request's own: it is added to that exception as {@linkplain Throwable#getSuppressed() suppressed}. On a request that
 * succeeded, the first listener exception is thrown to the caller (any later ones suppressed in it), although the
 * request was applied: keep listeners from throwing.
 */
@FunctionalInterface
@Stable
public interface RequestListener {
    void onRequest(RequestEvent event);
}
