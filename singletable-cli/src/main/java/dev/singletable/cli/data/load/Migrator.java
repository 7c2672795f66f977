package dev.singletable.cli.data.load;

import dev.singletable.Table;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Copies a table (of a multi-table design, on the target's engine or another) into the single table as one entity:
 * parallel scan segments, each item mapped by {@link SourceItems}, sent in chunks of up to 25. For each chunk one
 * consistent BatchGetItem of the target keys comes first: a key that holds an item is compared (equal: skipped;
 * different: reported and left as it is), the others go out in one BatchWriteItem (the library's batch engine,
 * retrying unprocessed items with backoff). A BatchWriteItem has no conditions, so the read before is what keeps the
 * old guarantee that an item already in the table is never overwritten; it holds unless something else writes those
 * keys between the read and the write; the writer makes a chunk wait while another segment's chunk holding one of its
 * keys is in flight, so two source items mapping to one key never both find it empty. A versioned entity (which a batch cannot write) keeps the conditional PutItem
 * per item.
 *
 * <p>Where each segment stands is recorded in a {@link LoadCheckpoint} (the load's machinery): the source's
 * LastEvaluatedKey after each page whose items are all written or reported, saved before the next page is read. A
 * migration stopped, killed or failed part way and resumed starts each segment there; the page that was in flight is
 * read again, and its items already written are found by the read before the write ("already there"), not written
 * twice. {@link #verify} compares counts and an order-independent checksum of the mapped source items and the
 * entity's items in the table.
 *
 * <p>Reading the source is {@link SourceTable}'s, settling each chunk in the target {@link ChunkWriter}'s; this class
 * drives the segments, the checkpoint and the progress.
 */
final class Migrator {
    static final int CHUNK = Loader.CHUNK;

    /** Where the source table is read: its client, a description for messages, and whether it is another engine than the target's. */
    record Source(DynamoDbClient client, String table, String description, boolean separate, boolean inProcess) {
    }

    /**
     * How to copy: scan segments, dry run, and for tests the Scan page size (null: DynamoDB's 1 MB pages) and a
     * simulated crash after some chunks (the checkpoint stops being saved there, as if the process died; the chunk in
     * flight still lands).
     */
    record Options(int segments, boolean dryRun, Integer pageSize, long crashAfterChunks) {
        static Options of(int segments, boolean dryRun) {
            return new Options(segments, dryRun, null, Long.MAX_VALUE);
        }
    }

    /**
     * What a copy did (this run; {@code earlierScanned} and {@code earlierProblems} what the runs before it recorded in
     * the checkpoint, {@code segmentsDoneBefore} how many segments they finished).
     */
    record Result(long scanned, long written, long same, long wouldWrite, List<Loader.Failure> differ, List<Loader.Failure> failed,
                  long batchWrites, long batchGets, long puts, long transacts, String capacity, int segmentsDoneBefore, long earlierScanned,
                  long earlierProblems, boolean interrupted, Duration elapsed) {
    }

    /** Counts and checksums of both sides: the checksum is the sum of each item's SHA-256 (first 8 bytes), so order does not matter. */
    record Verification(long sourceItems, long sourceChecksum, long unmapped, long targetItems, long targetChecksum, boolean targetMissing) {
        boolean passed() {
            return sourceItems == targetItems && sourceChecksum == targetChecksum && unmapped == 0;
        }
    }

    private final Table table;
    private final SourceItems items;
    private final SourceTable source;
    private final ChunkWriter writer;
    private final LoadCheckpoint checkpoint;
    private final boolean resuming;
    private final Options options;
    private final CapacityMeter meter;

    private final AtomicLong scanned = new AtomicLong();
    private final AtomicLong chunks = new AtomicLong();
    private volatile boolean stopRequested;
    private volatile boolean crashed;

    Migrator(DynamoDbClient client, Table table, SourceItems items, Source source, LoadCheckpoint checkpoint, boolean resuming,
             Options options, CapacityMeter meter) {
        this.table = table;
        this.items = items;
        this.writer = new ChunkWriter(meter.client(client), table, items, options.dryRun()); // the reads of stored items counted as the table's requests are
        this.source = new SourceTable(source, meter.client(source.client()), options); // and the source's scans, on whichever engine
        this.checkpoint = checkpoint;
        this.resuming = resuming;
        this.options = options;
        this.meter = meter;
    }

    /** For a dry run into a table that does not exist yet: every key is taken as empty, none is read. */
    void targetMissing() {
        writer.noTable();
    }

    /** Asks a running copy to stop: no new chunk is sent, those in flight finish, the checkpoint keeps the last settled pages. */
    void stop() {
        stopRequested = true;
    }

    /**
     * The source table's description (once).
     *
     * @throws MigrateSourceException when the table is not there or its engine cannot be reached, naming which and the fix
     */
    TableDescription describeSource() {
        return source.describe();
    }

    Result copy(LoadProgress progress) {
        long started = System.nanoTime();
        TableDescription described = describeSource();
        long total = described.itemCount() == null ? 0 : described.itemCount();
        int segmentsDoneBefore = 0;
        long earlierScanned = 0;
        long earlierProblems = 0;
        if (resuming) {
            for (int segment = 0; segment < options.segments(); segment++) {
                LoadCheckpoint.SegmentMarks marks = checkpoint.segments().find(segment).orElse(null);
                if (marks != null) {
                    segmentsDoneBefore += marks.done() ? 1 : 0;
                    earlierScanned += marks.scanned();
                    earlierProblems += marks.problems();
                }
            }
        }
        long before = earlierScanned;
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "singletable-migrate-progress");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(() -> progress.show(meter.snapshot(before + scanned.get(), total,
                Duration.ofNanos(System.nanoTime() - started))), 200, 200, TimeUnit.MILLISECONDS);
        try {
            source.scanAll(this::copySegment, this::stop);
            if (options.dryRun() && writer.keysSeenAgain() && !stopRequested) {
                // a second Scan, only when a dry run saw a key twice: it keeps digests, not the items to compare
                scanMapped(checked -> {
                    if (checked instanceof RowItems.Ready ready) {
                        writer.lookAgain(ready);
                    }
                });
            }
        } finally {
            ticker.shutdownNow();
        }
        if (crashed) {
            throw new Loader.SimulatedCrash(chunks.get());
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        progress.finish(meter.snapshot(before + scanned.get(), total, elapsed));
        return new Result(scanned.get(), writer.written(), writer.same(), writer.wouldWrite(), writer.differ(), writer.failed(),
                meter.batchRequests(), meter.requests("BatchGetItem"), meter.putRequests(), meter.requests("TransactWriteItems"), meter.capacityText(), segmentsDoneBefore,
                earlierScanned, earlierProblems, stopRequested, elapsed);
    }

    /** One segment, from where the checkpoint left it: page by page, each page's items settled before its position is recorded. */
    private void copySegment(int segment, List<String> keyNames) {
        LoadCheckpoint.SegmentMarks marks = resuming ? checkpoint.segments().find(segment).orElse(null) : null;
        if (marks == null) {
            marks = new LoadCheckpoint.SegmentMarks(segment, null, false, 0, 0);
        }
        if (marks.done()) {
            return;
        }
        Map<String, AttributeValue> start = ScanPositions.decode(marks.after());
        long segmentScanned = marks.scanned();
        long segmentProblems = marks.problems();
        do {
            if (stopRequested) {
                return;
            }
            ScanResponse page = source.page(segment, start);
            long problemsBefore = writer.problemsOnThisThread();
            List<RowItems.Ready> chunk = new ArrayList<>(CHUNK);
            Map<String, RowItems.Ready> keys = new HashMap<>();
            for (Map<String, AttributeValue> item : page.items()) {
                RowItems.Checked checked = items.map(source.where(keyNames, item), item);
                if (checked instanceof RowItems.Refused refused) {
                    writer.refused(refused);
                } else {
                    RowItems.Ready ready = (RowItems.Ready) checked;
                    if (keys.containsKey(ready.key())) { // a batch takes a key once: the second goes in the next chunk, and is compared
                        send(chunk);
                        chunk.clear();
                        keys.clear();
                    }
                    chunk.add(ready);
                    keys.put(ready.key(), ready);
                    if (chunk.size() == CHUNK) {
                        send(chunk);
                        chunk.clear();
                        keys.clear();
                    }
                }
                scanned.incrementAndGet();
            }
            send(chunk);
            if (stopRequested) {
                return; // this page may not be settled: it is read again on --resume
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            segmentScanned += page.items().size();
            segmentProblems += writer.problemsOnThisThread() - problemsBefore;
            if (!options.dryRun()) {
                checkpoint.segments().record(new LoadCheckpoint.SegmentMarks(segment, ScanPositions.encode(start), start == null, segmentScanned, segmentProblems));
                checkpoint.save();
            }
        } while (start != null);
    }

    /** A chunk of items with distinct keys, settled by the writer; the simulated crash of the tests lands here. */
    private void send(List<RowItems.Ready> chunk) {
        if (chunk.isEmpty() || stopRequested) {
            return;
        }
        boolean crash = !options.dryRun() && chunks.incrementAndGet() >= options.crashAfterChunks();
        if (crash) {
            checkpoint.freeze(); // the process dies with this chunk in flight: its page is never recorded
        }
        if (writer.settle(chunk) && crash) {
            crashed = true;
            stopRequested = true;
        }
    }

    /** Every source item mapped, segments in parallel (so {@code each} is called from several threads), with no checkpoint. */
    private void scanMapped(Consumer<RowItems.Checked> each) {
        source.scanAll((segment, keyNames) -> {
            Map<String, AttributeValue> start = null;
            do {
                ScanResponse page = source.page(segment, start);
                for (Map<String, AttributeValue> item : page.items()) {
                    each.accept(items.map(source.where(keyNames, item), item));
                }
                start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            } while (start != null);
        }, this::stop);
    }

    Verification verify() {
        AtomicLong sourceItems = new AtomicLong();
        AtomicLong sourceSum = new AtomicLong();
        AtomicLong unmapped = new AtomicLong();
        scanMapped(checked -> {
            if (checked instanceof RowItems.Ready ready) {
                sourceItems.incrementAndGet();
                sourceSum.addAndGet(SourceItems.hash(items.canonical(ready.item())));
            } else {
                unmapped.incrementAndGet();
            }
        });
        long[] target = {0, 0};
        items.types().stream().filter(type -> !writer.tableMissing()).forEach(type -> table.scan(type).stream().forEach(item -> {
            target[0]++;
            target[1] += SourceItems.hash(items.canonical(item));
        }));
        return new Verification(sourceItems.get(), sourceSum.get(), unmapped.get(), target[0], target[1], writer.tableMissing());
    }
}
