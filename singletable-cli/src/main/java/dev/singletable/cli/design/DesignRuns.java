package dev.singletable.cli.design;

import dev.singletable.design.internal.tables.DesignTables;
import dev.singletable.design.internal.tables.PatternRunException;
import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.cli.options.DesignFiles;
import dev.singletable.local.LocalDynamoDb;
import dev.singletable.schema.SchemaFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

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
        try (LocalDynamoDb engine = embeddedEngine()) {
            return DesignTables.withResults(design, samples, PatternRunsOnEngine.keys(engine.client(), design, samples)::get);
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
                : new PatternRunCache.Run(table, items, PatternRunsOnEngine.keys(engine().client(), design, samples));
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
     * Dynoxide with singletable's wire client as its client: a design of hundreds of patterns sends as many requests,
     * and the wire client starts in a fraction of the SDK client's time and spends less on each (singletable-bench's README, "The
     * design commands ... batched gets and the wire client", has the figures).
     */
    private static LocalDynamoDb embeddedEngine() {
        return LocalDynamoDb.builder().wireClient(true).start();
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
                    LocalDynamoDb engine = embeddedEngine();
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
