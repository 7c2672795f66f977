package dev.singletable.local.internal;

import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Table names unique per test run, also on an engine that several runs share (Amazon DynamoDB, a
 * team's test engine): the base name, a random run id and a counter, {@code AppTable-k3f9x2-1},
 * {@code AppTable-k3f9x2-2}..., cut to DynamoDB's 255 characters.
 */
public final class UniqueTableNames {
    private static final int MAX_LENGTH = 255;
    private static final AtomicLong COUNTER = new AtomicLong();
    /** Six base-36 characters: two runs meet with a chance of one in two billion. */
    private static final String RUN = runId();

    private UniqueTableNames() {
    }

    public static String next(String base) {
        String suffix = "-" + RUN + "-" + COUNTER.incrementAndGet();
        return base.substring(0, Math.min(base.length(), MAX_LENGTH - suffix.length())) + suffix;
    }

    /** This JVM's run id, such as {@code k3f9x2}. */
    public static String run() {
        return RUN;
    }

    private static String runId() {
        String digits = Long.toString((new SecureRandom().nextLong() & Long.MAX_VALUE) % 2_176_782_336L, 36);
        return "0".repeat(6 - digits.length()) + digits;
    }
}
