package dev.singletable.cli.design;

import dev.singletable.design.internal.tables.DesignTables;
import dev.singletable.design.internal.tables.PatternRunException;
import dev.singletable.design.internal.tables.RelationTables;
import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.BatchOptions;
import dev.singletable.DynamicItem;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.cli.options.DesignFiles;
import dev.singletable.cli.engine.EmbeddedEngineNames;
import dev.singletable.local.LocalDynamoDb;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.SchemaFile;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Each access pattern of a command's designs run on the embedded engine (Dynoxide, in a child process), on a fresh table
 * holding the sample items, so the expected items are what DynamoDB returns, not an imitation of it. The engine starts on a
 * background thread as soon as the command knows its input (before the cache is looked at with {@code --no-cache}),
 * while the designs are read and checked. When the {@link PatternRunCache} holds the results of an earlier run of the
 * same input (designs, data file, CLI build) on the same items, they are used instead and no engine starts. (Kept apart
 * from {@link DesignTables#offline}, so that describe never loads the SDK's client classes.)
 *
 * <pre>{@code
 * try (DesignRuns runs = DesignRuns.start(design, Optional.empty(), true)) {   // true: answer from the cache when it can
 *     DesignTables tables = runs.tables(schemaFile, SampleItems.examplesOf(schemaFile));
 *     runs.finish();                                      // keeps the results for the next run
 * }
 * }</pre>
 */
final class DesignRuns implements AutoCloseable {
    /** Requests sent at once to the engine (puts of the samples, then patterns): enough to overlap the round trips of a 2-core machine's JVM and engine. */
    private static final int PATTERN_THREADS = 4;
    private final Optional<PatternRunCache> cache;
    private final List<PatternRunCache.Run> kept;
    private final List<PatternRunCache.Run> runs = new ArrayList<>();
    private Optional<EngineStart> engine;
    private boolean ranEngine;

    private DesignRuns(Optional<PatternRunCache> cache, List<PatternRunCache.Run> kept, Optional<EngineStart> engine) {
        this.cache = cache;
        this.kept = kept;
        this.engine = engine;
    }

    /**
     * Looks up the results of {@code design} (a schema file, directory or jar) with {@code data} (the sample items, or
     * the designs' examples when empty) in the cache when {@code readCache}, and starts the engine in the background when
     * they are not there. Results run on the engine are kept either way. A DESIGN that does not exist starts nothing:
     * the command reports it.
     */
    static DesignRuns start(Path design, Optional<Path> data, boolean readCache) {
        if (!Files.exists(design)) {
            return new DesignRuns(Optional.empty(), List.of(), Optional.empty());
        }
        return start(DesignFiles.find(design), data, readCache);
    }

    /** As {@link #start(Path, Optional, boolean)}, for the schema files of DESIGN as the command listed them. */
    static DesignRuns start(List<DesignFiles.DesignFile> files, Optional<Path> data, boolean readCache) {
        // without the cache the engine is needed for sure: started first, so that finding the cache file (hashing the
        // inputs and the build) overlaps its start too
        Optional<EngineStart> engine = readCache ? Optional.empty() : Optional.of(EngineStart.begin());
        Optional<PatternRunCache> cache = cacheFor(files, data);
        List<PatternRunCache.Run> kept = readCache ? cache.map(PatternRunCache::read).orElse(List.of()) : List.of();
        return new DesignRuns(cache, kept, engine.isPresent() || !kept.isEmpty() ? engine : Optional.of(EngineStart.begin()));
    }

    /** The tables of one design with each pattern run on an engine started for it, no cache. */
    static DesignTables onLocalEngine(SchemaFile design, SampleItems samples) {
        try (LocalDynamoDb engine = LocalDynamoDb.embedded()) {
            return DesignTables.withResults(design, samples, onEngine(engine, design, samples)::get);
        }
    }

    /**
     * The tables of the command's next design, with each pattern's items: kept ones when the cache has this design at
     * this place, else run on the engine now (waiting for it to have started).
     *
     * @throws PatternRunException when a pattern fails on the engine
     */
    DesignTables tables(SchemaFile design, SampleItems samples) {
        String table = design.document().table().name();
        String items = PatternRunCache.digest(DesignTables.storedItems(design, samples));
        int place = runs.size();
        PatternRunCache.Run run = place < kept.size() && kept.get(place).table().equals(table) && kept.get(place).items().equals(items)
                ? kept.get(place)
                : new PatternRunCache.Run(table, items, onEngine(engine(), design, samples));
        runs.add(run);
        return DesignTables.withResults(design, samples, run.keys()::get);
    }

    /** Keeps the results of every design run on the engine for the next run of the same input. */
    void finish() {
        if (ranEngine) {
            cache.ifPresent(c -> c.write(runs));
        }
    }

    /** Stops the engine, now or, if it is still starting, as soon as it has started. */
    @Override
    public void close() {
        engine.ifPresent(starting -> starting.started.whenComplete((started, failure) -> {
            if (started != null) {
                started.close();
            }
        }));
    }

    private LocalDynamoDb engine() {
        ranEngine = true;
        EngineStart starting = engine.orElseGet(EngineStart::begin);
        engine = Optional.of(starting);
        try {
            return starting.started.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /**
     * The engine starting on a thread of its own, with its client (whose classes are most of the start), while the
     * command reads its design.
     */
    private static final class EngineStart {
        final CompletableFuture<LocalDynamoDb> started = new CompletableFuture<>();

        static EngineStart begin() {
            EngineStart start = new EngineStart();
            Thread starter = new Thread(() -> {
                try {
                    LocalDynamoDb engine = LocalDynamoDb.embedded();
                    engine.client();
                    start.started.complete(engine);
                } catch (RuntimeException | Error e) {
                    start.started.completeExceptionally(e);
                }
            }, "singletable-engine-start");
            starter.setDaemon(true); // a command that fails before it needs the engine exits without waiting for it
            starter.start();
            return start;
        }
    }

    /** Each pattern's items by primary key, on a fresh table of {@code engine} holding the sample items, deleted after. */
    private static Map<String, List<Map<String, AttributeValue>>> onEngine(LocalDynamoDb engine, SchemaFile design, SampleItems samples) {
        EmbeddedEngineNames.check(design.upperBoundSchema(), "run the access patterns of " + design.tableSchema().name());
        Table table = Table.builder(design.upperBoundSchema(), engine.client()).clock(DesignTables.CLOCK).build(); // samples as the design tools compose them
        table.createTable();
        try {
            putAll(table, design, samples.items());
            Map<String, List<Map<String, AttributeValue>>> keys = runPatterns(table, engine.client(), design);
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
        java.util.Set<Map<String, AttributeValue>> distinct = new java.util.HashSet<>();
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
        ExecutorService pool = Executors.newFixedThreadPool(PATTERN_THREADS, runnable -> {
            Thread thread = new Thread(runnable, "singletable-sample-put");
            thread.setDaemon(true);
            return thread;
        });
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
    private static <E, R> List<R> inParallel(List<E> elements, java.util.function.Function<E, R> call,
                                             java.util.function.BiFunction<E, SingleTableException, RuntimeException> failure) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(PATTERN_THREADS, elements.size())), runnable -> {
            Thread thread = new Thread(runnable, "singletable-pattern-run");
            thread.setDaemon(true);
            return thread;
        });
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
        List<AccessPatternDefinition> patterns = design.document().accessPatterns();
        List<List<Map<String, AttributeValue>>> results = inParallel(patterns,
                pattern -> pattern.select().isEmpty()
                        ? design.run(table, pattern.name(), Map.of()).stream().map(item -> keyOf(table, item)).toList()
                        : selectedKeys(table, client, design, pattern),
                (pattern, e) -> new PatternRunException(design, pattern.name(), e));
        Map<String, List<Map<String, AttributeValue>>> keys = new LinkedHashMap<>();
        for (int i = 0; i < patterns.size(); i++) {
            keys.put(patterns.get(i).name(), results.get(i));
        }
        return keys;
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

    private static Map<String, AttributeValue> keyOf(Table table, Map<String, AttributeValue> stored) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(table.schema().partitionKeyAttribute(), stored.get(table.schema().partitionKeyAttribute()));
        table.schema().sortKeyAttribute().ifPresent(sk -> key.put(sk, stored.get(sk)));
        return key;
    }

    private static Map<String, AttributeValue> keyOf(Table table, DynamicItem item) {
        Map<String, AttributeValue> stored = table.toItem(item);
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(table.schema().partitionKeyAttribute(), stored.get(table.schema().partitionKeyAttribute()));
        table.schema().sortKeyAttribute().ifPresent(sk -> key.put(sk, stored.get(sk)));
        return key;
    }

    private static Optional<PatternRunCache> cacheFor(List<DesignFiles.DesignFile> files, Optional<Path> data) {
        try {
            List<byte[]> inputs = new ArrayList<>();
            for (DesignFiles.DesignFile file : files) {
                inputs.add(file.bytes());
            }
            inputs.add(data.isPresent() ? Files.readAllBytes(data.get()) : "the design's examples".getBytes(StandardCharsets.UTF_8));
            return PatternRunCache.forInputs(inputs);
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty(); // an unreadable input: the command says so when it reads it
        }
    }
}
