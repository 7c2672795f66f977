package dev.singletable.internal.batch;

import dev.singletable.BatchOptions;
import dev.singletable.SingleTableException;

import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/** A batch's retry budget: attempts per chunk and one deadline for the whole batch; exponential backoff with full jitter. */
final class Backoff {
    static final Set<String> THROTTLING = Set.of("ProvisionedThroughputExceededException", "ThrottlingException",
            "RequestLimitExceeded", "InternalServerError", "ServiceUnavailable");

    private final BatchOptions options;
    private final long deadline;

    Backoff(BatchOptions options) {
        this.options = options;
        this.deadline = System.nanoTime() + Math.min(options.maxDuration().toNanos(), Long.MAX_VALUE / 4);
    }

    /** True when attempt {@code next} (1-based) may still be sent. */
    boolean allows(int next) {
        return next <= options.maxAttempts() && System.nanoTime() < deadline;
    }

    /** Sleeps before retry {@code retry} (1 for the first retry). */
    void pause(int retry) {
        long base = options.baseDelay().toNanos();
        long cap = Math.min(options.maxDelay().toNanos(), base << Math.min(retry, 30));
        long nanos = cap <= 0 ? 0 : ThreadLocalRandom.current().nextLong(cap + 1);
        nanos = Math.min(nanos, Math.max(0, deadline - System.nanoTime()));
        if (nanos <= 0) {
            return;
        }
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SingleTableException("Batch interrupted while waiting to retry unprocessed items", e);
        }
    }
}
