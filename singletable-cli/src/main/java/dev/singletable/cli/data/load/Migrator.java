package dev.singletable.cli.data.load;

import dev.singletable.BatchOptions;
import dev.singletable.BatchWriteResult;
import dev.singletable.DynamicItem;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * Copies a table (of a multi-table design, on the target's engine or another) into the single table as one entity:
 * parallel scan segments, each item mapped by {@link SourceItems}, sent in chunks of up to 25. For each chunk one
 * consistent BatchGetItem of the target keys comes first: a key that holds an item is compared (equal: skipped;
 * different: reported and left as it is), the others go out in one BatchWriteItem (the library's batch engine,
 * retrying unprocessed items with backoff). A BatchWriteItem has no conditions, so the read before is what keeps the
 * old guarantee that an item already in the table is never overwritten; it holds unless something else writes those
 * keys between the read and the write. A versioned entity (which a batch cannot write) keeps the conditional PutItem
 * per item.
 *
 * <p>Where each segment stands is recorded in a {@link LoadCheckpoint} (the load's machinery): the source's
 * LastEvaluatedKey after each page whose items are all written or reported, saved before the next page is read. A
 * migration stopped, killed or failed part way and resumed starts each segment there; the page that was in flight is
 * read again, and its items already written are found by the read before the write ("already there"), not written
 * twice. {@link #verify} compares counts and an order-independent checksum of the mapped source items and the
 * entity's items in the table.
 */
final class Migrator {
    static final int CHUNK = Loader.CHUNK;
    private static final int READ_ATTEMPTS = 8;

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
                  long batchWrites, long batchGets, long puts, String capacity, int segmentsDoneBefore, long earlierScanned,
                  long earlierProblems, boolean interrupted, Duration elapsed) {
    }

    /** Counts and checksums of both sides: the checksum is the sum of each item's SHA-256 (first 8 bytes), so order does not matter. */
    record Verification(long sourceItems, long sourceChecksum, long unmapped, long targetItems, long targetChecksum) {
        boolean passed() {
            return sourceItems == targetItems && sourceChecksum == targetChecksum && unmapped == 0;
        }
    }

    private final DynamoDbClient client;
    private final DynamoDbClient sourceClient;
    private final Table table;
    private final SourceItems items;
    private final Source source;
    private final LoadCheckpoint checkpoint;
    private final boolean resuming;
    private final Options options;
    private final CapacityMeter meter;
    private final boolean versioned;

    private final AtomicLong scanned = new AtomicLong();
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong same = new AtomicLong();
    private final AtomicLong wouldWrite = new AtomicLong();
    private final AtomicLong chunks = new AtomicLong();
    private final List<Loader.Failure> differ = Collections.synchronizedList(new ArrayList<>());
    private final List<Loader.Failure> failed = Collections.synchronizedList(new ArrayList<>());
    /** The problems (differences, failures) reported on this thread: a segment's own, for its marks. */
    private static final ThreadLocal<long[]> PROBLEMS = ThreadLocal.withInitial(() -> new long[1]);
    private volatile boolean stopRequested;
    private volatile boolean crashed;
    private TableDescription description;

    Migrator(DynamoDbClient client, Table table, SourceItems items, Source source, LoadCheckpoint checkpoint, boolean resuming,
             Options options, CapacityMeter meter) {
        this.client = meter.client(client); // the reads of stored items counted as the table's requests are
        this.sourceClient = meter.client(source.client()); // and the source's scans, on whichever engine
        this.table = table;
        this.items = items;
        this.source = source;
        this.checkpoint = checkpoint;
        this.resuming = resuming;
        this.options = options;
        this.meter = meter;
        this.versioned = items.entity().versionAttribute().isPresent();
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
        if (description != null) {
            return description;
        }
        try {
            description = sourceClient.describeTable(r -> r.tableName(source.table())).table();
            return description;
        } catch (ResourceNotFoundException e) {
            String fix = source.separate() ? "check the name, --source-endpoint and --source-region (a table lives in one region and "
                    + "account: --source-profile)"
                    : source.inProcess() ? "the embedded Dynoxide holds only the tables this command created (and those of --data-dir): "
                    + "give --endpoint of the DynamoDB that holds it, or --source-endpoint when it is not the target's"
                    : "check the name, --endpoint and --region, or give --source-endpoint (--source-region, --source-profile) when "
                    + "it is on another DynamoDB than the target";
            throw new MigrateSourceException("--from " + source.table() + ": there is no table " + source.table() + " at "
                    + source.description() + "; " + fix + ".", e);
        } catch (SdkClientException e) {
            if (!source.separate()) {
                throw e; // the target's engine: reported as every command reports it
            }
            throw new MigrateSourceException("--source-endpoint: could not reach " + source.description() + " to read table "
                    + source.table() + ": " + e.getMessage() + ". Check that DynamoDB is running there and that the URL, port, "
                    + "--source-region and --source-profile are right.", e);
        }
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
                LoadCheckpoint.SegmentMarks marks = checkpoint.segment(segment).orElse(null);
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
            scanAll(described, this::copySegment);
        } finally {
            ticker.shutdownNow();
        }
        if (crashed) {
            throw new Loader.SimulatedCrash(chunks.get());
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        progress.finish(meter.snapshot(before + scanned.get(), total, elapsed));
        return new Result(scanned.get(), written.get(), same.get(), wouldWrite.get(), Loader.sorted(differ), Loader.sorted(failed),
                meter.batchRequests(), meter.requests("BatchGetItem"), meter.putRequests(), meter.capacityText(), segmentsDoneBefore,
                earlierScanned, earlierProblems, stopRequested, elapsed);
    }

    /** One segment, from where the checkpoint left it: page by page, each page's items settled before its position is recorded. */
    private void copySegment(int segment, List<String> keyNames) {
        LoadCheckpoint.SegmentMarks marks = resuming ? checkpoint.segment(segment).orElse(null) : null;
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
            ScanResponse page = sourceClient.scan(scan(segment, start));
            long problemsBefore = PROBLEMS.get()[0];
            List<RowItems.Ready> chunk = new ArrayList<>(CHUNK);
            Map<String, RowItems.Ready> keys = new HashMap<>();
            for (Map<String, AttributeValue> item : page.items()) {
                RowItems.Checked checked = items.map(where(keyNames, item), item);
                if (checked instanceof RowItems.Refused refused) {
                    report(failed, Loader.Failure.of(refused.row(), refused.reason()));
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
            segmentProblems += PROBLEMS.get()[0] - problemsBefore;
            if (!options.dryRun()) {
                checkpoint.update(new LoadCheckpoint.SegmentMarks(segment, ScanPositions.encode(start), start == null, segmentScanned, segmentProblems));
                checkpoint.save();
            }
        } while (start != null);
    }

    private ScanRequest scan(int segment, Map<String, AttributeValue> start) {
        ScanRequest.Builder request = ScanRequest.builder().tableName(source.table()).segment(segment).totalSegments(options.segments())
                .consistentRead(true);
        if (options.pageSize() != null) {
            request.limit(options.pageSize());
        }
        if (start != null) {
            request.exclusiveStartKey(start);
        }
        return request.build();
    }

    /** A chunk of items with distinct keys: the keys that hold an item compared, the others written (or counted, in a dry run). */
    private void send(List<RowItems.Ready> chunk) {
        if (chunk.isEmpty() || stopRequested) {
            return;
        }
        boolean crash = !options.dryRun() && chunks.incrementAndGet() >= options.crashAfterChunks();
        if (crash) {
            checkpoint.freeze(); // the process dies with this chunk in flight: its page is never recorded
        }
        List<RowItems.Ready> absent = new ArrayList<>();
        Map<String, Map<String, AttributeValue>> stored;
        try {
            stored = stored(chunk);
        } catch (SingleTableException | SdkException e) {
            chunk.forEach(r -> report(failed, Loader.Failure.of(r.row(), "could not read the table's items with these keys: " + e.getMessage())));
            return;
        }
        for (RowItems.Ready ready : chunk) {
            Map<String, AttributeValue> there = stored.get(ready.key());
            if (there == null) {
                absent.add(ready);
            } else {
                compare(ready, there);
            }
        }
        if (options.dryRun()) {
            wouldWrite.addAndGet(absent.size());
        } else if (versioned) {
            absent.forEach(this::createOrCompare);
        } else if (!absent.isEmpty()) {
            writeBatch(absent);
        }
        if (crash) {
            crashed = true;
            stopRequested = true;
        }
    }

    /** The items the table holds under the chunk's keys, by key text: one consistent BatchGetItem, its unprocessed keys asked again. */
    private Map<String, Map<String, AttributeValue>> stored(List<RowItems.Ready> chunk) {
        String name = table.schema().name();
        List<Map<String, AttributeValue>> keys = chunk.stream().map(r -> items.key(r.item())).toList();
        Map<String, Map<String, AttributeValue>> found = new HashMap<>();
        Map<String, KeysAndAttributes> request = Map.of(name, KeysAndAttributes.builder().keys(keys).consistentRead(true).build());
        for (int attempt = 1; !request.isEmpty(); attempt++) {
            if (attempt > READ_ATTEMPTS) {
                throw new MigrateSourceException("DynamoDB left some of the target keys unread after " + READ_ATTEMPTS
                        + " BatchGetItem attempts (throttled); migrate again with --resume", null);
            }
            Map<String, KeysAndAttributes> asked = request;
            BatchGetItemResponse response = client.batchGetItem(r -> r.requestItems(asked));
            response.responses().getOrDefault(name, List.of()).forEach(item -> found.put(items.keyText(item), item));
            request = response.hasUnprocessedKeys() ? response.unprocessedKeys() : Map.of();
            if (!request.isEmpty()) {
                try {
                    Thread.sleep(Math.min(1000L, 25L << attempt));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new MigrateSourceException("interrupted while reading the target's keys", e);
                }
            }
        }
        return found;
    }

    private void writeBatch(List<RowItems.Ready> absent) {
        BatchWriteResult result;
        try {
            result = table.batchWrite().putAll(absent.stream().map(RowItems.Ready::item).toList()).options(BatchOptions.defaults()).execute();
        } catch (SingleTableException | SdkException e) {
            absent.forEach(r -> report(failed, Loader.Failure.of(r.row(), "batch failed: " + e.getMessage())));
            return;
        }
        if (result.isComplete()) {
            written.addAndGet(absent.size());
            return;
        }
        Map<String, RowItems.Ready> byKey = new HashMap<>();
        absent.forEach(r -> byKey.put(r.key(), r));
        int left = 0;
        for (Object unprocessed : result.unprocessedPuts()) {
            RowItems.Ready ready = byKey.get(items.keyText(table.toItem(unprocessed)));
            if (ready != null) {
                left++;
                report(failed, Loader.Failure.of(ready.row(), "DynamoDB left it unprocessed after " + result.requestCount()
                        + " attempts (throttled); migrate again (with --resume after an interruption)"));
            }
        }
        written.addAndGet(absent.size() - left);
    }

    /** A versioned entity, which a batch cannot write: put where no item has the key, else compared. */
    private void createOrCompare(RowItems.Ready ready) {
        try {
            table.create(ready.item());
            written.incrementAndGet();
        } catch (ItemAlreadyExistsException e) {
            Map<String, AttributeValue> there = client.getItem(r -> r.tableName(table.schema().name()).key(items.key(ready.item()))
                    .consistentRead(true)).item();
            if (there != null && !there.isEmpty()) {
                compare(ready, there);
            }
        } catch (SingleTableException | SdkException e) {
            report(failed, Loader.Failure.of(ready.row(), e.getMessage()));
        }
    }

    /** The stored item with the item's key: equal (counted the same), or reported as different. */
    private void compare(RowItems.Ready ready, Map<String, AttributeValue> stored) {
        DynamicItem storedItem;
        try {
            storedItem = table.fromItem(items.entity(), stored);
        } catch (EntityTypeMismatchException e) {
            report(differ, Loader.Failure.of(ready.row(), "its key (" + ready.key() + ") holds another item: " + e.getMessage()));
            return;
        } catch (SingleTableException e) {
            report(failed, Loader.Failure.of(ready.row(), "its key (" + ready.key() + ") holds an item that cannot be read: " + e.getMessage()));
            return;
        }
        if (items.canonical(ready.item()).equals(items.canonical(storedItem))) {
            same.incrementAndGet();
        } else {
            report(differ, Loader.Failure.of(ready.row(), "the table holds a different item with its key (" + ready.key() + "): "
                    + items.difference(ready.item(), storedItem) + "; left as it is"));
        }
    }

    private static void report(List<Loader.Failure> into, Loader.Failure failure) {
        into.add(failure);
        PROBLEMS.get()[0]++;
    }

    Verification verify() {
        AtomicLong sourceItems = new AtomicLong();
        AtomicLong sourceSum = new AtomicLong();
        AtomicLong unmapped = new AtomicLong();
        scanAll(describeSource(), (segment, keyNames) -> {
            Map<String, AttributeValue> start = null;
            do {
                ScanResponse page = sourceClient.scan(scan(segment, start));
                for (Map<String, AttributeValue> item : page.items()) {
                    if (items.map(where(keyNames, item), item) instanceof RowItems.Ready ready) {
                        sourceItems.incrementAndGet();
                        sourceSum.addAndGet(SourceItems.hash(items.canonical(ready.item())));
                    } else {
                        unmapped.incrementAndGet();
                    }
                }
                start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            } while (start != null);
        });
        long[] target = {0, 0};
        table.scan(items.entity()).stream().forEach(item -> {
            target[0]++;
            target[1] += SourceItems.hash(items.canonical(item));
        });
        return new Verification(sourceItems.get(), sourceSum.get(), unmapped.get(), target[0], target[1]);
    }

    /**
     * Runs {@code each} for every segment on its own thread, with the source's key names; when one fails, the others
     * are asked to stop (at their next chunk) and waited for, then the first failure is thrown.
     */
    private void scanAll(TableDescription described, BiConsumer<Integer, List<String>> each) {
        List<String> keyNames = new ArrayList<>();
        described.keySchema().stream().sorted((a, b) -> a.keyType() == KeyType.HASH ? -1 : b.keyType() == KeyType.HASH ? 1 : 0)
                .map(KeySchemaElement::attributeName).forEach(keyNames::add);
        ExecutorService scanners = Executors.newFixedThreadPool(options.segments(), r -> {
            Thread thread = new Thread(r, "singletable-migrate-segment");
            thread.setDaemon(true);
            return thread;
        });
        RuntimeException first = null;
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int segment = 0; segment < options.segments(); segment++) {
                int current = segment;
                running.add(scanners.submit(() -> {
                    try {
                        each.accept(current, keyNames);
                    } catch (RuntimeException e) {
                        stopRequested = true;
                        throw e;
                    }
                }));
            }
            for (Future<?> future : running) {
                try {
                    future.get();
                } catch (ExecutionException e) {
                    RuntimeException failure = e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
                    first = first == null ? failure : first;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadInputException("interrupted while scanning " + source.table());
        } finally {
            scanners.shutdownNow();
        }
        if (first != null) {
            throw first;
        }
    }

    private String where(List<String> keyNames, Map<String, AttributeValue> item) {
        StringBuilder where = new StringBuilder(source.table()).append('[');
        for (int i = 0; i < keyNames.size(); i++) {
            AttributeValue value = item.get(keyNames.get(i));
            where.append(i == 0 ? "" : ", ").append(keyNames.get(i)).append('=').append(value == null ? "(none)" : SourceItems.plain(value));
        }
        return where.append(']').toString();
    }
}
