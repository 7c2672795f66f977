package dev.singletable.internal.batch;

import dev.singletable.BatchOptions;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.SingleTableException;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** A batch's retry budget: attempts per chunk and one deadline for the whole batch; exponential backoff with full jitter. */
final class Backoff {
    private static final Set<String> THROTTLING = Set.of("ProvisionedThroughputExceededException", "ThrottlingException",
            "RequestLimitExceeded", "InternalServerError", "ServiceUnavailable");

    private final BatchOptions options;
    private final long deadline;

    Backoff(BatchOptions options) {
        this.options = options;
        this.deadline = System.nanoTime() + Math.min(options.maxDuration().toNanos(), Long.MAX_VALUE / 4);
    }

    static boolean isThrottling(Throwable failure) {
        return failure instanceof DynamoDbRequestException e && THROTTLING.contains(e.errorCode());
    }

    /** True when attempt {@code next} (1-based) may still be sent. */
    boolean allows(int next) {
        return next <= options.maxAttempts() && System.nanoTime() < deadline;
    }

    /** The wait before retry {@code retry} (1 for the first retry), in nanoseconds, within the deadline. */
    long delay(int retry) {
        long base = options.baseDelay().toNanos();
        long cap = Math.min(options.maxDelay().toNanos(), base << Math.min(retry, 30));
        long nanos = cap <= 0 ? 0 : ThreadLocalRandom.current().nextLong(cap + 1);
        return Math.max(0, Math.min(nanos, deadline - System.nanoTime()));
    }

    /** Sleeps before retry {@code retry}. */
    void pause(int retry) {
        long nanos = delay(retry);
        if (nanos > 0) {
            LockSupport.parkNanos(nanos);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new SingleTableException("Batch interrupted while waiting to retry unprocessed items");
            }
        }
    }

    /** Runs what is given after the wait before retry {@code retry}, on the common pool's timer: no thread sleeps. */
    Executor after(int retry) {
        return CompletableFuture.delayedExecutor(delay(retry), TimeUnit.NANOSECONDS);
    }
}
