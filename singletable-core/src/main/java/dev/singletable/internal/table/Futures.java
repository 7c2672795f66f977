package dev.singletable.internal.table;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/** What async code needs to keep failures typed: the cause behind a {@link CompletionException}, and failing a future without throwing. */
public final class Futures {
    private Futures() {
    }

    /** The typed failure behind the wrappers {@code CompletableFuture} adds. */
    public static Throwable cause(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** The failure to throw from a stage so that the future completes with its typed cause. */
    public static CompletionException rethrow(Throwable failure) {
        Throwable cause = cause(failure);
        return cause instanceof CompletionException e ? e : new CompletionException(cause);
    }

    /** A future of what the supplier renders: a rendering failure (a ValidationException) fails the future instead of throwing. */
    public static <T> CompletableFuture<T> of(Supplier<T> render) {
        try {
            return CompletableFuture.completedFuture(render.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** {@link #of(Supplier)} for a supplier of a future. */
    public static <T> CompletableFuture<T> compose(Supplier<CompletableFuture<T>> start) {
        try {
            return start.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * The value of a future the synchronous client completed before returning it, or its failure
     * thrown as it was raised (not wrapped in a {@link CompletionException}).
     */
    public static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = cause(e);
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
