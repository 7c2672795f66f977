package dev.singletable.internal.batch;

import dev.singletable.BatchOptions;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.internal.table.RequestRunner;

import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/** A batch's retry budget: attempts per chunk and one deadline for the whole batch; exponential backoff with full jitter. */
final class Backoff {
    /** Retried besides throttling: DynamoDB's own failures, after which a batch's puts and deletes of whole items repeat safely. */
    private static final Set<String> SERVER_FAILURES = Set.of("InternalServerError", "ServiceUnavailable");

    private final BatchOptions options;
    private final long deadline;

    Backoff(BatchOptions options) {
        this.options = options;
        this.deadline = System.nanoTime() + Math.min(options.maxDuration().toNanos(), Long.MAX_VALUE / 4);
    }

    static boolean isThrottling(Throwable failure) {
        return failure instanceof DynamoDbRequestException e
                && (RequestRunner.isThrottling(e.errorCode()) || SERVER_FAILURES.contains(e.errorCode()));
    }

    /**
     * Whether a request failed on its way to or from DynamoDB (a timeout, a lost connection) after the client's own
     * retries: the SDK's failure ({@code (client)}) with an I/O failure or a call timeout among its causes. A batch's reads
     * and its puts and deletes repeat safely after it; other client failures (credentials, configuration) would fail again.
     */
    static boolean isClientTimeout(Throwable failure) {
        if (!(failure instanceof DynamoDbRequestException e) || !"(client)".equals(e.errorCode())) {
            return false;
        }
        for (Throwable t = e.getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.io.IOException || t instanceof java.io.UncheckedIOException
                    || t instanceof software.amazon.awssdk.core.exception.ApiCallTimeoutException
                    || t instanceof software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException) {
                return true;
            }
        }
        return false;
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

    /** The message of a batch whose sleeping thread was interrupted. */
    String interrupted() {
        return "Batch interrupted while waiting to retry unprocessed items";
    }
}
