package dev.singletable.internal.batch;

import dev.singletable.BatchOptions;
import dev.singletable.internal.table.Futures;
import dev.singletable.internal.table.Sender;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Sends the chunks of a batch until nothing is pending or the {@link Backoff} budget is spent,
 * retrying throttled requests (and what else the chunk {@linkplain ChunkWork#retries retries}) and unprocessed items; any other failure stops the batch (the chunks not sent yet
 * are not sent) and leaves what was pending unprocessed, so that the batch can tell what it did. The {@link Sender} waits between attempts: it
 * sleeps on the synchronous client and schedules the next attempt on the asynchronous one.
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

    static <Q, R> CompletableFuture<Void> send(ChunkWork<Q, R> work, Backoff backoff, Sender sender,
                                               Function<Q, CompletableFuture<R>> send, int attempt) {
        if (!work.hasPending()) {
            return CompletableFuture.completedFuture(null);
        }
        if (work.stopped() || !backoff.allows(attempt)) {
            work.giveUp();
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Q> request;
        if (attempt > 1) {
            work.retrying();
            request = sender.pause(backoff.delay(attempt - 1), backoff.interrupted()).thenApply(paused -> work.request());
        } else {
            request = Futures.of(work::request);
        }
        return request.thenCompose(send).handle((response, failure) -> {
            if (failure == null) {
                work.accept(response);
            } else if (Futures.cause(failure) instanceof Error) {
                throw Futures.rethrow(failure);
            } else if (!work.retries(Futures.cause(failure))
                    || Backoff.isClientTimeout(Futures.cause(failure)) && !backoff.allows(attempt + 1)) {
                // a timeout on the last attempt allowed stops the batch with it: keys left unprocessed would not say why
                work.fail(Futures.cause(failure));
            }
            return attempt + 1;
        }).thenCompose(next -> send(work, backoff, sender, send, next));
    }

    /**
     * Runs every chunk's work: one after another, or all at once on the options' executor (where the
     * synchronous client blocks an executor thread per chunk, not the caller's). A chunk's failed request stops the
     * others ({@link ChunkWork#stopped()}): they send nothing more and leave what they had pending unprocessed.
     */
    static <C> CompletableFuture<Void> runAll(List<C> chunks, BatchOptions options, Function<C, CompletableFuture<Void>> task) {
        if (options.executor().isPresent() && chunks.size() > 1) {
            Executor executor = options.executor().get();
            return CompletableFuture.allOf(chunks.stream()
                    .map(chunk -> CompletableFuture.supplyAsync(() -> task.apply(chunk), executor).thenCompose(Function.identity()))
                    .toArray(CompletableFuture[]::new));
        }
        CompletableFuture<Void> all = CompletableFuture.completedFuture(null);
        for (C chunk : chunks) {
            all = all.thenCompose(done -> task.apply(chunk));
        }
        return all;
    }
}
