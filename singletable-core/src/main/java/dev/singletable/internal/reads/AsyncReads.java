package dev.singletable.internal.reads;

import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Flow;
import java.util.function.Supplier;

/**
 * Drives the {@link PageLoop} on the asynchronous client: each request is sent when the previous one
 * completes. Failures, including those found before sending, come back as failed futures.
 */
final class AsyncReads {
    private AsyncReads() {
    }

    static <T, P> CompletableFuture<QueryResult<T>> execute(PagedRead<T, P> read, DynamoDbAsyncClient client) {
        PageLoop<T, P> loop = new PageLoop<>(read, Optional.empty(), false).reportingCapacity();
        List<T> items = new ArrayList<>();
        return drain(loop, client, items).thenApply(done -> loop.result(items));
    }

    /** The items of {@link #execute}, without asking for the capacity a result would report. */
    static <T, P> CompletableFuture<List<T>> list(PagedRead<T, P> read, DynamoDbAsyncClient client) {
        PageLoop<T, P> loop = new PageLoop<>(read, Optional.empty(), false);
        List<T> items = new ArrayList<>();
        return drain(loop, client, items).thenApply(done -> items);
    }

    /** A page from the start, or from the position a cursor names. */
    static <T, P> CompletableFuture<Page<T>> page(PagedRead<T, P> read, DynamoDbAsyncClient client, Optional<String> cursor) {
        return attempt(() -> CompletableFuture.completedFuture(cursor.map(read::positionOf))).thenCompose(from -> {
            PageLoop<T, P> loop = new PageLoop<>(read, from, read.limit() == 0).reportingCapacity();
            List<T> items = new ArrayList<>();
            return drain(loop, client, items).thenApply(done -> loop.page(items));
        });
    }

    static <T, P> Flow.Publisher<T> publisher(PagedRead<T, P> read, DynamoDbAsyncClient client) {
        return new ItemPublisher<>(read, client);
    }

    private static <T, P> CompletableFuture<Void> drain(PageLoop<T, P> loop, DynamoDbAsyncClient client, List<T> items) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        step(loop, client, items, done);
        return done;
    }

    private static <T, P> void step(PageLoop<T, P> loop, DynamoDbAsyncClient client, List<T> items, CompletableFuture<Void> done) {
        PageLoop.State state;
        try {
            while ((state = loop.state()) == PageLoop.State.READY) {
                items.add(loop.take());
            }
        } catch (RuntimeException e) {
            done.completeExceptionally(e); // an item that does not decode fails the future, as the sync read throws
            return;
        }
        if (state == PageLoop.State.DONE) {
            done.complete(null);
            return;
        }
        int limit = loop.requestLimit();
        fetch(loop, limit, client).whenComplete((page, failure) -> {
            if (failure != null) {
                done.completeExceptionally(unwrap(failure));
                return;
            }
            loop.accept(page, limit);
            step(loop, client, items, done);
        });
    }

    /** The loop's next page; a request refused before sending fails the future rather than throwing. */
    static <P> CompletableFuture<RawPage<P>> fetch(PageLoop<?, P> loop, int limit, DynamoDbAsyncClient client) {
        return attempt(() -> loop.request(limit).send(client));
    }

    static CompletableFuture<Long> count(ReadDefinition<?> definition, DynamoDbAsyncClient client) {
        CompletableFuture<Long> result = new CompletableFuture<>();
        countFrom(definition, client, Optional.empty(), 0, result);
        return result;
    }

    private static void countFrom(ReadDefinition<?> definition, DynamoDbAsyncClient client,
                                  Optional<Map<String, AttributeValue>> from, long before, CompletableFuture<Long> result) {
        attempt(() -> definition.countRequest(from).send(client)).whenComplete((page, failure) -> {
            if (failure != null) {
                result.completeExceptionally(unwrap(failure));
                return;
            }
            long total = before + definition.countOf(page);
            if (page.next().isEmpty()) {
                result.complete(total);
            } else {
                countFrom(definition, client, page.next(), total, result);
            }
        });
    }

    private static <R> CompletableFuture<R> attempt(Supplier<CompletableFuture<R>> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }
}
