package dev.singletable.internal.reads;

import dev.singletable.internal.table.RequestRunner;

import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/** Runs a {@link ReadDefinition} on the asynchronous client; each request is sent when the previous one completes. */
final class AsyncReader {
    private AsyncReader() {
    }

    static CompletableFuture<RawPage> fetch(DynamoDbAsyncClient client, ReadDefinition<?> definition, int limit,
                                            Map<String, AttributeValue> startKey, boolean count) {
        RequestRunner runner = definition.target().runner();
        try {
            if (definition.operation().equals("Query")) {
                QueryRequest request = definition.queryRequest(limit, startKey, count);
                return runner.sendAsync("Query", definition.indexName(), definition.description(), definition.context(),
                        () -> client.query(request), SyncReader.QUERY_OUTCOME).thenApply(SyncReader::raw);
            }
            ScanRequest request = definition.scanRequest(limit, startKey, count);
            return runner.sendAsync("Scan", definition.indexName(), definition.description(), definition.context(),
                    () -> client.scan(request), SyncReader.SCAN_OUTCOME).thenApply(SyncReader::raw);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e); // refused before sending: a future, not a throw
        }
    }

    static <T> CompletableFuture<QueryResult<T>> execute(DynamoDbAsyncClient client, ReadDefinition<T> definition) {
        PageCollector<T> collector = new PageCollector<>(definition, Map.of(), false);
        return run(client, definition, collector).thenApply(done -> collector.result());
    }

    static <T> CompletableFuture<Page<T>> page(DynamoDbAsyncClient client, ReadDefinition<T> definition, String cursor) {
        Map<String, AttributeValue> startKey;
        try {
            startKey = cursor == null ? Map.of() : definition.startKeyOf(cursor);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        PageCollector<T> collector = new PageCollector<>(definition, startKey, definition.limit() == 0);
        return run(client, definition, collector).thenApply(done -> collector.page());
    }

    private static <T> CompletableFuture<Void> run(DynamoDbAsyncClient client, ReadDefinition<T> definition,
                                                   PageCollector<T> collector) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        step(client, definition, collector, done);
        return done;
    }

    private static <T> void step(DynamoDbAsyncClient client, ReadDefinition<T> definition, PageCollector<T> collector,
                                 CompletableFuture<Void> done) {
        int limit = collector.nextRequestLimit();
        fetch(client, definition, limit, collector.startKey(), false).whenComplete((page, failure) -> {
            if (failure != null) {
                done.completeExceptionally(unwrap(failure));
                return;
            }
            try {
                collector.accept(page, limit);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
                return;
            }
            if (collector.done()) {
                done.complete(null);
            } else {
                step(client, definition, collector, done);
            }
        });
    }

    static CompletableFuture<Long> count(DynamoDbAsyncClient client, ReadDefinition<?> definition) {
        CompletableFuture<Long> result = new CompletableFuture<>();
        countFrom(client, definition, Map.of(), new AtomicLong(), result);
        return result;
    }

    private static void countFrom(DynamoDbAsyncClient client, ReadDefinition<?> definition, Map<String, AttributeValue> startKey,
                                  AtomicLong total, CompletableFuture<Long> result) {
        fetch(client, definition, definition.pageSize(), startKey, true).whenComplete((page, failure) -> {
            if (failure != null) {
                result.completeExceptionally(unwrap(failure));
                return;
            }
            try {
                total.addAndGet(definition.countOf(page));
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
                return;
            }
            if (page.lastKey().isEmpty()) {
                result.complete(total.get());
            } else {
                countFrom(client, definition, page.lastKey(), total, result);
            }
        });
    }

    static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }
}
