package dev.singletable.cli.data.load;

import dev.singletable.BatchOptions;
import dev.singletable.ConditionFailedException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.TransactionCanceledException;
import dev.singletable.schema.SchemaFile;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Loads input files into a table: reads each file in order on the calling thread, puts every row
 * through its entity's schema ({@link RowItems}), and sends items in BatchWriteItem chunks of 25 on
 * {@code parallelism} threads through the library's batch engine (its retries and backoff for
 * unprocessed items). Records where it stands in a {@link LoadCheckpoint}, so a load stopped by
 * {@link #stop()} (Ctrl-C) or killed resumes without writing an item twice. Bad rows and items
 * DynamoDB never took are collected with file, line and reason; nothing of a bad row is written.
 */
final class Loader {
    static final int CHUNK = 25;
    /** Lines recorded as dispatched ahead of what is sent, so that the checkpoint is rewritten once per block, not per chunk. */
    static final int DISPATCH_BLOCK = 1000;
    private static final Duration SAVE_EVERY = Duration.ofSeconds(1);

    /** One input: the file, its format and how many items it holds (an estimate for progress). */
    record Input(Path file, InputFormat format, long items) {
        String name() {
            return file.toString();
        }
    }

    /** One row that was not written, and why. */
    record Failure(String source, long line, String reason) {
        static Failure of(InputRow row, String reason) {
            return new Failure(row.file(), row.line(), reason);
        }

        String where() {
            return line > 0 ? source + ":" + line : source;
        }

        @Override
        public String toString() {
            return where() + ": " + reason;
        }
    }

    /**
     * What a load did.
     *
     * @param unchanged      items of a versioned entity whose key already held the item as the row gives it (not written again)
     * @param batchRequests  BatchWriteItem requests sent, failed ones included
     * @param failedBatchRequests the BatchWriteItem requests that failed
     * @param putRequests    PutItem requests sent, refused ones included
     * @param transactRequests TransactWriteItems requests sent, refused ones included (a versioned entity stored by its state)
     * @param refusedCreates the creates among them that DynamoDB refused because the key held an item (a resumed load's
     *                       lines the interrupted run may have written)
     * @param getRequests    GetItem requests sent to read what a refused create's key held, when the refusal did not say
     * @param readCapacity   their read units, such as {@code 0.5 RCU}
     */
    record Result(long written, long alreadyPresent, long unchanged, long skipped, long wouldWrite, List<Failure> refused,
                  List<Failure> notWritten, long batchRequests, long failedBatchRequests, long putRequests, long transactRequests,
                  long refusedCreates, String capacity,
                  long getRequests, String readCapacity, boolean interrupted, Duration elapsed) {
    }

    /**
     * How to load: threads, dry run (check every row, send nothing), and for tests a simulated crash
     * after some chunks (the checkpoint stops being saved there, as if the process died; the chunks in
     * flight still land).
     */
    record Options(int parallelism, boolean dryRun, long crashAfterChunks) {
        static Options of(int parallelism, boolean dryRun) {
            return new Options(parallelism, dryRun, Long.MAX_VALUE);
        }
    }

    /** Thrown by a simulated crash ({@link Options#crashAfterChunks}). */
    static final class SimulatedCrash extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SimulatedCrash(long chunks) {
            super("simulated crash after " + chunks + " chunks");
        }
    }

    private static final class StopReading extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StopReading() {
            super(null, null, false, false);
        }
    }

    /** Items of one file sent together; {@code createOnly} for lines a crashed run may have written already. */
    private record Chunk(FileLines lines, List<RowItems.Ready> items, boolean createOnly) {
        long lastLine() {
            return items.get(items.size() - 1).row().line();
        }
    }

    private final Table table;
    private final RowItems rows;
    private final RelationRows relationRows;
    private final InputFiles inputFiles;
    private final LoadCheckpoint checkpoint;
    private final boolean resuming;
    private final Options options;
    private final CapacityMeter meter;
    private final LoadProgress progress;
    private final RowBatchWriter batches;
    private final StoredItemCheck storedItemCheck;

    private final List<Failure> refused = Collections.synchronizedList(new ArrayList<>());
    private final List<Failure> notWritten = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong alreadyPresent = new AtomicLong();
    private final AtomicLong unchanged = new AtomicLong();
    private final AtomicLong refusedCreates = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicLong wouldWrite = new AtomicLong();
    private final AtomicLong settledItems = new AtomicLong();
    private final Map<String, String> keysSeen = new HashMap<>();
    private final Map<String, FileLines> fileLines = new LinkedHashMap<>();
    private volatile boolean stopRequested;
    private long chunksDispatched;

    Loader(SchemaFile design, DynamoDbClient client, Table table, InputFiles inputFiles, LoadCheckpoint checkpoint, boolean resuming,
           Options options, CapacityMeter meter, LoadProgress progress) {
        this.table = table;
        this.rows = new RowItems(design, table, checkpoint.ids());
        this.relationRows = new RelationRows(design);
        this.inputFiles = inputFiles;
        this.checkpoint = checkpoint;
        this.resuming = resuming;
        this.options = options;
        this.meter = meter;
        this.progress = progress;
        this.batches = new RowBatchWriter(table, BatchOptions.defaults(), rows::keyText, "load the line again");
        // its reads of stored items counted as the table's requests are
        this.storedItemCheck = new StoredItemCheck(table, meter.client(client));
    }

    /**
     * The table a load writes through: every timestamp at the load's instant (so a resumed load composes the
     * items the interrupted one did), metered by {@code meter}.
     */
    static Table table(TableSchema schema, DynamoDbClient client, LoadCheckpoint checkpoint, CapacityMeter meter) {
        return meter.table(schema, client, Clock.fixed(checkpoint.ids().instant(), ZoneOffset.UTC));
    }

    /** Asks a running load to stop: no new chunk is sent, those in flight finish, the checkpoint is saved. */
    void stop() {
        stopRequested = true;
    }

    Result run(List<Input> inputs) {
        long started = System.nanoTime();
        long total = inputs.stream().mapToLong(Input::items).sum();
        for (Input input : inputs) {
            fileLines.put(input.name(), lines(input));
        }
        ExecutorService writers = Executors.newFixedThreadPool(options.parallelism(), daemon("singletable-load-writer"));
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(daemon("singletable-load-progress"));
        Semaphore inFlight = new Semaphore(options.parallelism() * 2);
        long[] lastSave = {System.nanoTime()};
        ticker.scheduleAtFixedRate(() -> {
            progress.show(snapshot(total, started));
            if (!options.dryRun() && System.nanoTime() - lastSave[0] >= SAVE_EVERY.toNanos()) {
                saveCheckpoint();
                lastSave[0] = System.nanoTime();
            }
        }, 200, 200, TimeUnit.MILLISECONDS);
        boolean crashed = false;
        try {
            for (Input input : inputs) {
                if (stopRequested) {
                    break;
                }
                readFile(input, writers, inFlight);
            }
        } catch (StopReading e) {
            crashed = chunksDispatched >= options.crashAfterChunks();
        } finally {
            writers.shutdown();
            awaitQuietly(writers);
            ticker.shutdownNow();
            awaitQuietly(ticker);
        }
        if (crashed) {
            throw new SimulatedCrash(chunksDispatched);
        }
        if (!options.dryRun()) {
            if (!stopRequested && fileLines.values().stream().allMatch(FileLines::allSettled)) {
                checkpoint.finish();
            }
            saveCheckpoint();
        }
        progress.finish(snapshot(total, started));
        return new Result(written.get(), alreadyPresent.get(), unchanged.get(), skipped.get(), wouldWrite.get(), sorted(refused),
                sorted(notWritten), meter.batchRequests(), meter.failedBatchRequests(), meter.putRequests(),
                meter.requests("TransactWriteItems"), refusedCreates.get(), meter.capacityText(),
                meter.requests("GetItem"), meter.readCapacityText(), stopRequested, Duration.ofNanos(System.nanoTime() - started));
    }

    private FileLines lines(Input input) {
        long size;
        try {
            size = Files.size(input.file());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + input.file() + ": " + e.getMessage(), e);
        }
        if (!resuming) {
            return new FileLines(input.name(), size, 0, 0);
        }
        Optional<LoadCheckpoint.FileMarks> marks = checkpoint.files().find(input.name());
        if (marks.isPresent() && marks.get().size() != size) {
            throw new LoadInputException("--resume: " + input.name() + " has " + size + " bytes, but " + marks.get().size()
                    + " when the interrupted load read it; the checkpoint " + checkpoint.path() + " no longer fits it: load it again without --resume");
        }
        return marks.map(m -> new FileLines(input.name(), size, m.settledBelow(), m.dispatchedBelow()))
                .orElseGet(() -> new FileLines(input.name(), size, 0, 0));
    }

    private void readFile(Input input, ExecutorService writers, Semaphore inFlight) {
        FileLines lines = fileLines.get(input.name());
        LoadCheckpoint.FileMarks start = lines.marks();
        List<RowItems.Ready> batch = new ArrayList<>(CHUNK);
        List<RowItems.Ready> createOnly = new ArrayList<>(CHUNK);
        inputFiles.read(input.file(), input.format(), relationRows.withMirrors(row -> {
            if (stopRequested) {
                throw new StopReading();
            }
            if (row.line() < start.settledBelow()) {
                skipped.incrementAndGet();
                return;
            }
            RowItems.Checked checked = rows.check(row);
            if (checked instanceof RowItems.Ready ready) {
                checked = sameKeyAsEarlier(ready).<RowItems.Checked>map(reason -> new RowItems.Refused(row, reason)).orElse(ready);
            }
            if (checked instanceof RowItems.Refused refusal) {
                refused.add(Failure.of(row, refusal.reason()));
                lines.read(row.line(), false);
                settledItems.incrementAndGet();
                return;
            }
            RowItems.Ready ready = (RowItems.Ready) checked;
            if (options.dryRun()) {
                wouldWrite.incrementAndGet();
                lines.read(row.line(), false);
                settledItems.incrementAndGet();
                return;
            }
            lines.read(row.line(), true);
            boolean uncertain = resuming && row.line() < start.dispatchedBelow();
            List<RowItems.Ready> into = uncertain ? createOnly : batch;
            into.add(ready);
            if (into.size() == CHUNK) {
                dispatch(new Chunk(lines, List.copyOf(into), uncertain), writers, inFlight);
                into.clear();
            }
        }));
        if (!createOnly.isEmpty()) {
            dispatch(new Chunk(lines, List.copyOf(createOnly), true), writers, inFlight);
        }
        if (!batch.isEmpty()) {
            dispatch(new Chunk(lines, List.copyOf(batch), false), writers, inFlight);
        }
    }

    /**
     * Why a row cannot be written after the rows read before it: one of them has its key, or (an entity stored by its state)
     * its key in another state, whose item the put of either row deletes: sent in parallel chunks, the two could delete each
     * other's item and leave neither. Empty when no earlier row has, and then its key is recorded.
     */
    private Optional<String> sameKeyAsEarlier(RowItems.Ready ready) {
        for (String other : batches.otherStatesKeys(ready)) {
            String earlier = keysSeen.get(other);
            if (earlier != null) {
                return Optional.of("same " + ready.row().entity().orElse(ready.item().entityType()) + " as " + earlier + ", which stores it "
                        + "in another state (" + other + "): the put of either row deletes the other's item, so DynamoDB would keep at "
                        + "most one: remove one of the rows");
            }
        }
        String earlier = keysSeen.putIfAbsent(ready.key(), ready.row().where());
        return earlier == null ? Optional.empty() : Optional.of("same primary key (" + ready.key() + ") as " + earlier
                + "; DynamoDB keeps one item per key: remove one of the rows");
    }

    private void dispatch(Chunk chunk, ExecutorService writers, Semaphore inFlight) {
        if (stopRequested) {
            throw new StopReading();
        }
        if (chunk.lines().dispatching(chunk.lastLine())) {
            saveCheckpoint(); // before sending: a crash from here on leaves these lines marked as possibly written
        }
        boolean crash = chunksDispatched + 1 >= options.crashAfterChunks();
        if (crash) {
            checkpoint.freeze(); // the process dies with this chunk in flight: its lines are never recorded as written
        }
        inFlight.acquireUninterruptibly();
        writers.execute(() -> {
            try {
                write(chunk);
            } finally {
                inFlight.release();
            }
        });
        chunksDispatched++;
        if (crash) {
            stopRequested = true;
            throw new StopReading();
        }
    }

    private void write(Chunk chunk) {
        try {
            List<RowItems.Ready> batched = new ArrayList<>(chunk.items().size());
            for (RowItems.Ready ready : chunk.items()) {
                if (chunk.createOnly() || ready.versioned()) {
                    writeIfAbsent(ready, chunk.createOnly());
                } else {
                    batched.add(ready);
                }
            }
            if (!batched.isEmpty()) {
                writeBatch(batched);
            }
        } finally {
            chunk.lines().settled(chunk.items().stream().map(r -> r.row().line()).toList());
            settledItems.addAndGet(chunk.items().size());
        }
    }

    private void writeBatch(List<RowItems.Ready> items) {
        List<Failure> left = batches.write(items);
        notWritten.addAll(left);
        written.addAndGet(items.size() - left.size());
    }

    /**
     * Create or compare: the row's item is written where no item has its key; where one has, the stored
     * item (DynamoDB returns it with the failed condition) is compared with the item as this load writes
     * it, timestamps included (the row's own, else the load's instant): equal, the interrupted load wrote it (or, outside the
     * lines it may have written, an earlier load did); different, the key held another item before the load, and a
     * plain put overwrites it as the interrupted load would have. An entity stored by its state is created by a transaction
     * that also requires its keys in the other states free: one held there is the entity in another state, which the
     * overwrite deletes, as the interrupted load's batch put would have, so that the entity is stored once, in the row's
     * state. A versioned entity's item is never overwritten: a put without the version it replaces could lose a newer one,
     * so it is reported, not written.
     */
    private void writeIfAbsent(RowItems.Ready ready, boolean resumed) {
        HeldKeys held;
        try {
            table.restore(ready.item()); // a create keeping the row's own timestamps and version
            written.incrementAndGet();
            return;
        } catch (ItemAlreadyExistsException e) {
            held = new HeldKeys(true, e.currentItem(), List.of());
        } catch (TransactionCanceledException e) { // an entity stored by its state is created by a transaction
            Optional<HeldKeys> keys = HeldKeys.of(e);
            if (keys.isEmpty()) {
                notWritten.add(Failure.of(ready.row(), e.getMessage())); // a conflict, throttling: not a key that holds an item
                return;
            }
            held = keys.get();
        } catch (SingleTableException | software.amazon.awssdk.core.exception.SdkException e) {
            notWritten.add(Failure.of(ready.row(), e.getMessage()));
            return;
        }
        refusedCreates.incrementAndGet();
        if (held.own() && held.otherStates().isEmpty() && storedItemCheck.sameAsStored(ready, held.ownItem())) {
            // written by the interrupted run, before its checkpoint recorded it; or a versioned item loaded before
            (resumed ? alreadyPresent : unchanged).incrementAndGet();
        } else if (ready.versioned()) {
            notWritten.add(Failure.of(ready.row(), (held.otherStates().isEmpty() ? "its key (" + ready.key() + ") holds another version of "
                    + "this " + ready.item().entityType() + " (or another item)" : "its key in another state (" + String.join("; ",
                    held.otherStates()) + ") holds this entity (or another item)") + ", and a load never overwrites an item of a "
                    + "versioned entity, which could lose a newer version: put it naming the version it holds (singletable put ... "
                    + "version=N), or delete it and load the row again"));
        } else {
            overwrite(ready);
        }
    }

    /**
     * The keys a refused create found holding an item: its own (with the stored item, when the refusal returned it) and, for an
     * entity stored by its state, those of its other states (as {@code ArchivedProduct PK=ARCHIVED_PRODUCT#p1, SK=METADATA}).
     */
    private record HeldKeys(boolean own, Optional<Map<String, AttributeValue>> ownItem, List<String> otherStates) {
        /** The keys held, when every action of the canceled create failed for that alone; empty for any other cancellation. */
        static Optional<HeldKeys> of(TransactionCanceledException canceled) {
            if (canceled.failures().isEmpty() || canceled.failures().stream().anyMatch(reason -> !"ConditionalCheckFailed".equals(reason.code()))) {
                return Optional.empty();
            }
            TransactionCanceledException.Reason own = canceled.reasons().get(0);
            return Optional.of(new HeldKeys(own.failed(), own.conditionFailure().flatMap(ConditionFailedException::currentItem),
                    canceled.failures().stream().filter(reason -> reason.index() > 0).map(reason -> reason.entityType() + " "
                            + String.join(", ", reason.key().entrySet().stream().map(k -> k.getKey() + "=" + k.getValue()).toList()))
                            .toList()));
        }
    }

    private void overwrite(RowItems.Ready ready) {
        try {
            // one PutItem over the stored item, keeping the row's own timestamps (a transaction that also deletes the entity's
            // keys in its other states, for an entity stored by its state)
            table.restoreReplacing(ready.item());
            written.incrementAndGet();
        } catch (SingleTableException | software.amazon.awssdk.core.exception.SdkException e) {
            notWritten.add(Failure.of(ready.row(), "its key held another item, which could not be overwritten: " + e.getMessage()));
        }
    }

    private void saveCheckpoint() {
        fileLines.values().forEach(lines -> checkpoint.files().record(lines.marks()));
        checkpoint.save();
    }

    private LoadProgress.Snapshot snapshot(long total, long started) {
        return meter.snapshot(settledItems.get() + skipped.get(), total, Duration.ofNanos(System.nanoTime() - started));
    }

    static List<Failure> sorted(List<Failure> failures) {
        List<Failure> copy;
        synchronized (failures) {
            copy = new ArrayList<>(failures);
        }
        copy.sort(java.util.Comparator.comparing(Failure::source).thenComparingLong(Failure::line));
        return List.copyOf(copy);
    }

    private static void awaitQuietly(ExecutorService executor) {
        try {
            if (!executor.awaitTermination(10, TimeUnit.MINUTES)) {
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        AtomicLong count = new AtomicLong();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
