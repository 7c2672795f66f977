package dev.singletable.cli.design;

import dev.singletable.BatchOptions;
import dev.singletable.DynamicItem;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.cli.engine.EmbeddedEngineNames;
import dev.singletable.design.internal.tables.DesignTables;
import dev.singletable.design.internal.tables.PatternRunException;
import dev.singletable.design.internal.tables.RelationTables;
import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.extension.RequestListener;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.SchemaFile;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A design's access patterns run on an engine: a fresh table holding the sample items, each pattern's items read from
 * it as DynamoDB returns them, and the table deleted after. {@link DesignRuns} decides when this runs (not when the
 * cache holds the results) and on which engine.
 *
 * <pre>{@code
 * Map<String, List<Map<String, AttributeValue>>> keys = PatternRunsOnEngine.keys(engine.client(), design, samples);
 * keys.get("orders-of-customer");   // the primary keys of the items the pattern read, in the order read
 * }</pre>
 */
final class PatternRunsOnEngine {
    /** Requests sent at once to the engine (puts of the samples, then patterns): enough to overlap the round trips of a 2-core machine's JVM and engine. */
    private static final int PATTERN_THREADS = 4;

    private PatternRunsOnEngine() {
    }

    /**
     * Each pattern's items by primary key, on a fresh table of the engine {@code client} sends to, holding the sample
     * items, deleted after; the {@code listeners} hear of every request the table sends (a test's, to see them).
     */
    static Map<String, List<Map<String, AttributeValue>>> keys(DynamoDbClient client, SchemaFile design, SampleItems samples,
                                                                RequestListener... listeners) {
        EmbeddedEngineNames.check(design.upperBoundSchema(), "run the access patterns of " + design.tableSchema().name());
        Table.Builder builder = Table.builder(design.upperBoundSchema(), client).clock(DesignTables.CLOCK); // samples as the design tools compose them
        for (RequestListener listener : listeners) {
            builder.listener(listener);
        }
        Table table = builder.build();
        table.createTable();
        try {
            putAll(table, design, samples.items());
            Map<String, List<Map<String, AttributeValue>>> keys = runPatterns(table, client, design);
            for (RelationTables.RelationRead read : RelationTables.reads(design)) {
                keys.put(read.name(), read.query(table).list().stream().map(item -> keyOf(table, item)).toList());
            }
            return keys;
        } finally {
            table.deleteTable(); // the next design of a directory may name the same table
        }
    }

    /**
     * Puts the sample items. When no two have one primary key, each put writes an item no other touches, so the order
     * does not matter: they go in BatchWriteItem requests of 25 (a few requests at a time), which on a design of hundreds
     * of samples was most of the engine run's round trips; should the batch refuse them or fail (a versioned entity, an
     * item the engine rejects), they are put one by one, a few at a time, so that the failure is that of the first
     * failing item in order, as when they were put one after another. Entities with states are put one by one too: their
     * put may move an item between its states' keys, which a batch does not. Two samples with one primary key are put
     * one after another, so that the later replaces the earlier as written.
     */
    private static void putAll(Table table, SchemaFile design, List<DynamicItem> items) {
        Set<Map<String, AttributeValue>> distinct = new HashSet<>();
        boolean independent = true;
        for (DynamicItem item : items) {
            independent &= distinct.add(keyOf(table, item));
        }
        if (!independent) {
            for (DynamicItem item : items) {
                table.put(item);
            }
            return;
        }
        if (design.document().entities().values().stream().noneMatch(entity -> entity.states().isPresent()) && putInBatches(table, items)) {
            return;
        }
        inParallel(items, item -> table.put(item), (item, failure) -> failure);
    }

    /** Whether every item was written by BatchWriteItem; false when the batch refused them, failed or left some unprocessed. */
    private static boolean putInBatches(Table table, List<DynamicItem> items) {
        if (items.size() < 2) {
            return false;
        }
        ExecutorService pool = daemonThreads(PATTERN_THREADS, "singletable-sample-put");
        try {
            return table.batchWrite().putAll(items).options(BatchOptions.defaults().executor(pool)).execute().isComplete();
        } catch (SingleTableException e) {
            return false; // put one by one: the first failing item's own failure
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Applies {@code call} to every element on {@link #PATTERN_THREADS} threads and gives the results in order; the first
     * element (in order) whose call failed throws, its {@link SingleTableException} first passed to {@code failure}.
     */
    private static <E, R> List<R> inParallel(List<E> elements, Function<E, R> call,
                                             BiFunction<E, SingleTableException, RuntimeException> failure) {
        ExecutorService pool = daemonThreads(Math.max(1, Math.min(PATTERN_THREADS, elements.size())), "singletable-pattern-run");
        try {
            List<Future<R>> runs = new ArrayList<>(elements.size());
            for (E element : elements) {
                runs.add(pool.submit(() -> call.apply(element)));
            }
            List<R> results = new ArrayList<>(elements.size());
            for (int i = 0; i < elements.size(); i++) {
                try {
                    results.add(runs.get(i).get());
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof SingleTableException cause) {
                        throw failure.apply(elements.get(i), cause);
                    }
                    if (e.getCause() instanceof RuntimeException cause) {
                        throw cause;
                    }
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while running on the engine", e);
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Each pattern's items by primary key, in the design's order. The patterns only read, so they run a few at a time:
     * on a design of hundreds of patterns the command's time was the requests' round trips one after another. A
     * failure is reported for the first failing pattern in the design's order, as when they ran one by one.
     */
    private static Map<String, List<Map<String, AttributeValue>>> runPatterns(Table table, DynamoDbClient client, SchemaFile design) {
        Map<String, List<Map<String, AttributeValue>>> gets = batchedGets(table, design);
        List<AccessPatternDefinition> patterns = design.document().accessPatterns();
        List<AccessPatternDefinition> others = patterns.stream().filter(pattern -> !gets.containsKey(pattern.name())).toList();
        List<List<Map<String, AttributeValue>>> results = inParallel(others,
                pattern -> pattern.select().isEmpty()
                        ? design.run(table, pattern.name(), Map.of()).stream().map(item -> keyOf(table, item)).toList()
                        : selectedKeys(table, client, design, pattern),
                (pattern, e) -> new PatternRunException(design, pattern.name(), e));
        Map<String, List<Map<String, AttributeValue>>> keys = new LinkedHashMap<>();
        for (int i = 0, other = 0; i < patterns.size(); i++) {
            String name = patterns.get(i).name();
            keys.put(name, gets.containsKey(name) ? gets.get(name) : results.get(other++));
        }
        return keys;
    }

    /**
     * The items of the design's get patterns by pattern name, read in BatchGetItem requests of 100 keys (a few at a time)
     * instead of one GetItem each: on a design of hundreds of patterns half of them are gets, and each request costs the
     * JVM and the engine alike. The batch reads what GetItem reads (the same keys, the same consistency, items past their
     * TTL absent, an item of another entity type refused). Empty when fewer than two gets, or when a key cannot be made
     * or the batch fails or leaves keys unread: then every pattern runs on its own, so that a failure is reported for the
     * first failing pattern in the design's order, as GetItem fails.
     */
    private static Map<String, List<Map<String, AttributeValue>>> batchedGets(Table table, SchemaFile design) {
        List<AccessPatternDefinition> gets = design.document().accessPatterns().stream()
                .filter(pattern -> pattern.operation() == AccessPatternDefinition.Operation.GET).toList();
        if (gets.size() < 2) {
            return Map.of();
        }
        ExecutorService pool = daemonThreads(PATTERN_THREADS, "singletable-pattern-get");
        try {
            Map<String, List<Map<String, AttributeValue>>> keys = new LinkedHashMap<>();
            for (boolean consistent : new boolean[] {false, true}) {
                List<AccessPatternDefinition> read = gets.stream().filter(pattern -> pattern.consistentRead() == consistent).toList();
                if (read.isEmpty()) {
                    continue;
                }
                List<ItemKey<DynamicItem>> itemKeys = read.stream().map(pattern -> design.itemKey(table, pattern.name(), Map.of())).toList();
                BatchOptions options = BatchOptions.defaults().executor(pool);
                ItemsByKey items = table.batchGet(List.copyOf(new LinkedHashSet<>(itemKeys)), consistent ? options.consistentRead() : options);
                if (!items.isComplete()) {
                    return Map.of();
                }
                for (int i = 0; i < read.size(); i++) {
                    keys.put(read.get(i).name(), items.get(itemKeys.get(i)).map(item -> List.of(keyOf(table, item))).orElse(List.of()));
                }
            }
            return keys;
        } catch (RuntimeException e) {
            return Map.of(); // each pattern runs on its own: the first failing pattern's own failure, in the design's order
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The keys of the items a pattern that selects attributes reads: its items hold only those, not their keys, so its
     * requests (which ask for the keys too) are sent as the library renders them, up to the pattern's limit.
     */
    private static List<Map<String, AttributeValue>> selectedKeys(Table table, DynamoDbClient client, SchemaFile design,
                                                                  AccessPatternDefinition pattern) {
        design.run(table, pattern.name(), Map.of()); // the library's own checks and decoding, as every other pattern
        int limit = pattern.limit().orElse(Integer.MAX_VALUE);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        if (pattern.operation() == AccessPatternDefinition.Operation.QUERY) {
            for (QueryRequest request : design.queryMaps(table, pattern.name(), Map.of()).toRequests()) {
                QueryRequest next = request;
                while (next != null && keys.size() < limit) {
                    QueryResponse response = client.query(next);
                    response.items().forEach(item -> keys.add(keyOf(table, item)));
                    next = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                            ? next.toBuilder().exclusiveStartKey(response.lastEvaluatedKey()).build() : null;
                }
            }
        } else {
            ScanRequest next = (ScanRequest) design.explain(table, pattern.name(), Map.of()).request();
            while (next != null && keys.size() < limit) {
                ScanResponse response = client.scan(next);
                response.items().forEach(item -> keys.add(keyOf(table, item)));
                next = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                        ? next.toBuilder().exclusiveStartKey(response.lastEvaluatedKey()).build() : null;
            }
        }
        return List.copyOf(keys.subList(0, Math.min(limit, keys.size())));
    }

    /** A pool of daemon threads: a command that fails while requests are out exits without waiting for them. */
    private static ExecutorService daemonThreads(int threads, String name) {
        return Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        });
    }

    private static Map<String, AttributeValue> keyOf(Table table, Map<String, AttributeValue> stored) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(table.schema().partitionKeyAttribute(), stored.get(table.schema().partitionKeyAttribute()));
        table.schema().sortKeyAttribute().ifPresent(sk -> key.put(sk, stored.get(sk)));
        return key;
    }

    private static Map<String, AttributeValue> keyOf(Table table, DynamicItem item) {
        return keyOf(table, table.toItem(item));
    }
}
