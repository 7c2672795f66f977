package dev.singletable.spring.boot;

import dev.singletable.Experimental;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Names the access pattern the requests of a piece of code serve, for the {@code pattern} tag of singletable's meters
 * and observations:
 *
 * <pre>{@code
 * List<Order> orders = AccessPatternScope.call("ordersOfCustomer",
 *         () -> table.query(OrderSchema.INSTANCE).partition(OrderSchema.CUSTOMER_ID, id).list());
 * }</pre>
 *
 * <p>The name holds for the requests sent on the calling thread while {@code work} runs, which is every request of a
 * {@code Table} but a query across shards or time buckets (whose partitions are read in parallel, on other threads).
 * Requests of an {@code AsyncTable} are reported on the SDK's threads and carry no pattern. The name is a tag: give a
 * constant of your code, never a value from a request (letters, digits, {@code . _ -}, at most 64 characters).
 */
@Experimental
public final class AccessPatternScope {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private AccessPatternScope() {
    }

    /** Runs {@code work} with its requests tagged {@code pattern}; scopes nest, the innermost name wins. */
    public static <T> T call(String pattern, Supplier<T> work) {
        Objects.requireNonNull(work, "work");
        if (pattern == null || !NAME.matcher(pattern).matches()) {
            throw new IllegalArgumentException("access pattern name '" + pattern + "' is not a tag value: use letters, digits, "
                    + "'.', '_' or '-', at most 64 characters, and a constant of your code, never a value from a request");
        }
        String outer = CURRENT.get();
        CURRENT.set(pattern);
        try {
            return work.get();
        } finally {
            if (outer == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(outer);
            }
        }
    }

    /** {@link #call} for work without a result. */
    public static void run(String pattern, Runnable work) {
        Objects.requireNonNull(work, "work");
        call(pattern, () -> {
            work.run();
            return null;
        });
    }

    /** The pattern of the calling thread's requests, when inside {@link #call} or {@link #run}. */
    public static Optional<String> current() {
        return Optional.ofNullable(CURRENT.get());
    }
}
