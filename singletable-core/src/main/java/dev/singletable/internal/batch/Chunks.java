package dev.singletable.internal.batch;

import dev.singletable.BatchOptions;
import dev.singletable.internal.table.Futures;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Sends the chunks of a batch until nothing is pending or the {@link Backoff} budget is spent,
 * retrying throttled requests and unprocessed items. The blocking driver sleeps between attempts;
 * the async one schedules the next attempt on a delayed executor and never blocks a thread.
 */
final class Chunks {
    private Chunks() {
    }

    static <E> List<List<E>> of(List<E> all, int size) {
        List<List<E>> chunks = new ArrayList<>((all.size() + size - 1) / size);
        for (int i = 0; i < all.size(); i += size) {
            chunks.add(all.subList(i, Math.min(all.size(), i + size)));
        }
        return chunks;
    }

    static <Q, R> void send(ChunkWork<Q, R> work, Backoff backoff, Function<Q, R> send) {
        for (int attempt = 1; work.hasPending(); attempt++) {
            if (!backoff.allows(attempt)) {
                work.giveUp();
                return;
            }
            if (attempt > 1) {
                work.retrying();
                backoff.pause(attempt - 1);
            }
            try {
                work.accept(send.apply(work.request()));
            } catch (RuntimeException e) {
                if (!Backoff.isThrottling(e)) {
                    throw e;
                }
            }
        }
    }

    static <Q, R> CompletableFuture<Void> sendAsync(ChunkWork<Q, R> work, Backoff backoff, Function<Q, CompletableFuture<R>> send,
                                                    int attempt) {
        if (!work.hasPending()) {
            return CompletableFuture.completedFuture(null);
        }
        if (!backoff.allows(attempt)) {
            work.giveUp();
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Q> request;
        if (attempt > 1) {
            work.retrying();
            request = CompletableFuture.supplyAsync(work::request, backoff.after(attempt - 1));
        } else {
            request = Futures.of(work::request);
        }
        return request.thenCompose(send).handle((response, failure) -> {
            if (failure == null) {
                work.accept(response);
            } else if (!Backoff.isThrottling(Futures.cause(failure))) {
                throw Futures.rethrow(failure);
            }
            return attempt + 1;
        }).thenCompose(next -> sendAsync(work, backoff, send, next));
    }

    /** Runs every chunk's work: one after another, or in parallel on the options' executor; the first failure is thrown. */
    static <C> void runAll(List<C> chunks, BatchOptions options, java.util.function.Consumer<C> task) {
        if (options.executor().isEmpty() || chunks.size() < 2) {
            chunks.forEach(task);
            return;
        }
        List<CompletableFuture<Void>> futures = new ArrayList<>(chunks.size());
        for (C chunk : chunks) {
            futures.add(CompletableFuture.runAsync(() -> task.accept(chunk), options.executor().get()));
        }
        RuntimeException failure = null;
        for (CompletableFuture<Void> future : futures) {
            try {
                future.join();
            } catch (CompletionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException r ? r : e;
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Runs every chunk's work without blocking: one after another, or all at once when the options name an executor. */
    static <C> CompletableFuture<Void> runAllAsync(List<C> chunks, BatchOptions options, Function<C, CompletableFuture<Void>> task) {
        if (options.executor().isPresent()) {
            return CompletableFuture.allOf(chunks.stream().map(task).toArray(CompletableFuture[]::new));
        }
        CompletableFuture<Void> all = CompletableFuture.completedFuture(null);
        for (C chunk : chunks) {
            all = all.thenCompose(done -> task.apply(chunk));
        }
        return all;
    }
}
