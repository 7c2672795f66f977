package dev.singletable;


import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * How a batch runs: its retry budget for unprocessed items and throttling (attempts per chunk and
 * total time, exponential backoff with full jitter between attempts), whether chunks run in
 * parallel on an {@link Executor}, and read consistency for batch gets. Immutable.
 *
 * <pre>{@code
 * BatchOptions options = BatchOptions.defaults()
 *         .maxAttempts(8).maxDuration(Duration.ofSeconds(30))
 *         .backoff(Duration.ofMillis(25), Duration.ofSeconds(2))
 *         .executor(executor);
 * }</pre>
 */
@Stable
public final class BatchOptions {
    private static final BatchOptions DEFAULTS = new BatchOptions(10, Duration.ofMinutes(1), Duration.ofMillis(25),
            Duration.ofSeconds(5), null, false);

    private final int maxAttempts;
    private final Duration maxDuration;
    private final Duration baseDelay;
    private final Duration maxDelay;
    private final Executor executor;
    private final boolean consistentRead;

    private BatchOptions(int maxAttempts, Duration maxDuration, Duration baseDelay, Duration maxDelay, Executor executor,
                         boolean consistentRead) {
        this.maxAttempts = maxAttempts;
        this.maxDuration = maxDuration;
        this.baseDelay = baseDelay;
        this.maxDelay = maxDelay;
        this.executor = executor;
        this.consistentRead = consistentRead;
    }

    /** 10 attempts per chunk, at most one minute in all, backoff from 25 ms up to 5 s, chunks one after another. */
    public static BatchOptions defaults() {
        return DEFAULTS;
    }

    /** Requests per chunk of 25 (writes) or 100 (reads), the first included; at least 1. */
    public BatchOptions maxAttempts(int attempts) {
        if (attempts < 1) {
            throw new ValidationException("BatchOptions.maxAttempts must be at least 1, got " + attempts);
        }
        return new BatchOptions(attempts, maxDuration, baseDelay, maxDelay, executor, consistentRead);
    }

    /** Time after which no retry starts; what is still unprocessed is returned. */
    public BatchOptions maxDuration(Duration duration) {
        NullArgumentException.check("BatchOptions.maxDuration", "duration", duration);
        if (duration.isNegative()) {
            throw new ValidationException("BatchOptions.maxDuration cannot be negative, got " + duration);
        }
        return new BatchOptions(maxAttempts, duration, baseDelay, maxDelay, executor, consistentRead);
    }

    /** Retry n waits a random time between 0 and min(max, base * 2^n) (full jitter). */
    public BatchOptions backoff(Duration base, Duration max) {
        NullArgumentException.check("BatchOptions.backoff", "base", base, "max", max);
        if (base.isNegative() || max.compareTo(base) < 0) {
            throw new ValidationException("BatchOptions.backoff needs 0 <= base <= max, got " + base + " and " + max);
        }
        return new BatchOptions(maxAttempts, maxDuration, base, max, executor, consistentRead);
    }

    /** Runs chunks in parallel on this executor (the caller waits for all of them). */
    public BatchOptions executor(Executor executor) {
        NullArgumentException.check("BatchOptions.executor", "executor", executor);
        return new BatchOptions(maxAttempts, maxDuration, baseDelay, maxDelay, Objects.requireNonNull(executor, "executor"),
                consistentRead);
    }

    /** Strongly consistent batch gets. */
    public BatchOptions consistentRead() {
        return new BatchOptions(maxAttempts, maxDuration, baseDelay, maxDelay, executor, true);
    }

    public int maxAttempts() {
        return maxAttempts;
    }

    public Duration maxDuration() {
        return maxDuration;
    }

    public Duration baseDelay() {
        return baseDelay;
    }

    public Duration maxDelay() {
        return maxDelay;
    }

    public Optional<Executor> executor() {
        return Optional.ofNullable(executor);
    }

    public boolean isConsistentRead() {
        return consistentRead;
    }
}
