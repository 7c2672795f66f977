package dev.singletable.local.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Table names unique within the JVM (which holds the in-memory engines): the base name, a dash
 * and a counter, {@code AppTable-1}, {@code AppTable-2}..., cut to DynamoDB's 255 characters.
 */
public final class UniqueTableNames {
    private static final int MAX_LENGTH = 255;
    private static final AtomicLong COUNTER = new AtomicLong();

    private UniqueTableNames() {
    }

    public static String next(String base) {
        String suffix = "-" + COUNTER.incrementAndGet();
        return base.substring(0, Math.min(base.length(), MAX_LENGTH - suffix.length())) + suffix;
    }
}
