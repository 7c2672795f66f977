package dev.singletable.internal.reads;

import dev.singletable.internal.table.RequestRunner;

import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** Runs a {@link ReadDefinition} on the synchronous client. */
final class SyncReader {
    private SyncReader() {
    }

    static RawPage fetch(DynamoDbClient client, ReadDefinition<?> definition, int limit, Map<String, AttributeValue> startKey,
                         boolean count) {
        RequestRunner runner = definition.target().runner();
        if (definition.operation().equals("Query")) {
            QueryRequest request = definition.queryRequest(limit, startKey, count);
            QueryResponse response = runner.send("Query", definition.indexName(), definition.description(), definition.context(),
                    () -> client.query(request), QUERY_OUTCOME);
            return raw(response);
        }
        ScanRequest request = definition.scanRequest(limit, startKey, count);
        ScanResponse response = runner.send("Scan", definition.indexName(), definition.description(), definition.context(),
                () -> client.scan(request), SCAN_OUTCOME);
        return raw(response);
    }

    static RawPage raw(QueryResponse response) {
        return new RawPage(response.items(), response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : Map.of(),
                orZero(response.count()), orZero(response.scannedCount()), units(response.consumedCapacity()));
    }

    static RawPage raw(ScanResponse response) {
        return new RawPage(response.items(), response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : Map.of(),
                orZero(response.count()), orZero(response.scannedCount()), units(response.consumedCapacity()));
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }

    private static double units(ConsumedCapacity capacity) {
        return capacity == null || capacity.capacityUnits() == null ? 0 : capacity.capacityUnits();
    }

    static <T> QueryResult<T> execute(DynamoDbClient client, ReadDefinition<T> definition) {
        PageCollector<T> collector = new PageCollector<>(definition, Map.of(), false);
        run(client, definition, collector);
        return collector.result();
    }

    static <T> Page<T> page(DynamoDbClient client, ReadDefinition<T> definition, Map<String, AttributeValue> startKey) {
        PageCollector<T> collector = new PageCollector<>(definition, startKey, definition.limit() == 0);
        run(client, definition, collector);
        return collector.page();
    }

    private static <T> void run(DynamoDbClient client, ReadDefinition<T> definition, PageCollector<T> collector) {
        do {
            int limit = collector.nextRequestLimit();
            collector.accept(fetch(client, definition, limit, collector.startKey(), false), limit);
        } while (!collector.done());
    }

    static long count(DynamoDbClient client, ReadDefinition<?> definition) {
        long total = 0;
        Map<String, AttributeValue> startKey = Map.of();
        do {
            RawPage page = fetch(client, definition, definition.pageSize(), startKey, true);
            total += definition.countOf(page);
            startKey = page.lastKey();
        } while (!startKey.isEmpty());
        return total;
    }

    /** Items one response at a time: the next request is sent only when the stream needs its items. */
    static <T> Stream<T> stream(DynamoDbClient client, ReadDefinition<T> definition) {
        return StreamSupport.stream(new Spliterators.AbstractSpliterator<T>(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
            private final Deque<Map<String, AttributeValue>> buffer = new ArrayDeque<>();
            private Map<String, AttributeValue> startKey = Map.of();
            private boolean exhausted;
            private int returned;
            private int growth = 1;

            @Override
            public boolean tryAdvance(Consumer<? super T> action) {
                if (definition.limit() > 0 && returned >= definition.limit()) {
                    return false;
                }
                while (buffer.isEmpty()) {
                    if (exhausted) {
                        return false;
                    }
                    int limit = definition.requestLimit(returned, growth);
                    RawPage page = fetch(client, definition, limit, startKey, false);
                    for (Map<String, AttributeValue> item : page.items()) {
                        if (!definition.hides(item)) {
                            buffer.add(item);
                        }
                    }
                    if (limit > 0 && page.count() < limit && growth < ReadDefinition.MAX_GROWTH) {
                        growth *= 2;
                    }
                    startKey = page.lastKey();
                    exhausted = startKey.isEmpty();
                }
                returned++;
                action.accept(definition.decode(buffer.poll()));
                return true;
            }
        }, false);
    }

    static final RequestRunner.Outcome<QueryResponse> QUERY_OUTCOME = new RequestRunner.Outcome<>() {
        @Override
        public int itemCount(QueryResponse response) {
            return orZero(response.count());
        }

        @Override
        public ConsumedCapacity capacity(QueryResponse response) {
            return response.consumedCapacity();
        }
    };

    static final RequestRunner.Outcome<ScanResponse> SCAN_OUTCOME = new RequestRunner.Outcome<>() {
        @Override
        public int itemCount(ScanResponse response) {
            return orZero(response.count());
        }

        @Override
        public ConsumedCapacity capacity(ScanResponse response) {
            return response.consumedCapacity();
        }
    };
}
