package dev.singletable.cli.data.load;

import dev.singletable.DynamicItem;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
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
 * Copies a table (of a multi-table design) into the single table as one entity: parallel scan
 * segments, each item mapped by {@link SourceItems}, written with create-or-compare semantics (put
 * if absent; present and equal: skipped; present and different: reported), so that running it
 * again changes nothing. {@link #verify} compares counts and an order-independent checksum of the
 * mapped source items and the entity's items in the table.
 */
final class Migrator {
    /** What a copy did. */
    record Result(long scanned, long written, long same, long wouldWrite, List<Loader.Failure> differ, List<Loader.Failure> failed,
                  String capacity, Duration elapsed) {
    }

    /** Counts and checksums of both sides: the checksum is the sum of each item's SHA-256 (first 8 bytes), so order does not matter. */
    record Verification(long sourceItems, long sourceChecksum, long unmapped, long targetItems, long targetChecksum) {
        boolean passed() {
            return sourceItems == targetItems && sourceChecksum == targetChecksum && unmapped == 0;
        }
    }

    private final DynamoDbClient client;
    private final Table table;
    private final SourceItems items;
    private final String source;
    private final int segments;
    private final CapacityMeter meter;

    Migrator(DynamoDbClient client, Table table, SourceItems items, String source, int segments, CapacityMeter meter) {
        this.client = meter.client(client); // the source's scans and the reads of stored items counted as the table's requests are
        this.table = table;
        this.items = items;
        this.source = source;
        this.segments = segments;
        this.meter = meter;
    }

    Result copy(boolean dryRun, LoadProgress progress) {
        long started = System.nanoTime();
        TableDescription description = client.describeTable(r -> r.tableName(source)).table();
        long total = description.itemCount() == null ? 0 : description.itemCount();
        AtomicLong scanned = new AtomicLong();
        AtomicLong written = new AtomicLong();
        AtomicLong same = new AtomicLong();
        AtomicLong wouldWrite = new AtomicLong();
        List<Loader.Failure> differ = Collections.synchronizedList(new ArrayList<>());
        List<Loader.Failure> failed = Collections.synchronizedList(new ArrayList<>());
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "singletable-migrate-progress");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(() -> progress.show(meter.snapshot(scanned.get(), total,
                Duration.ofNanos(System.nanoTime() - started))), 200, 200, TimeUnit.MILLISECONDS);
        try {
            scanAll(description, (where, item) -> {
                RowItems.Checked checked = items.map(where, item);
                if (checked instanceof RowItems.Refused refused) {
                    failed.add(Loader.Failure.of(refused.row(), refused.reason()));
                } else {
                    RowItems.Ready ready = (RowItems.Ready) checked;
                    try {
                        if (dryRun) {
                            compare(ready, differ, same, wouldWrite);
                        } else {
                            createOrCompare(ready, differ, same, written);
                        }
                    } catch (SingleTableException | SdkException e) {
                        failed.add(Loader.Failure.of(ready.row(), e.getMessage()));
                    }
                }
                scanned.incrementAndGet();
            });
        } finally {
            ticker.shutdownNow();
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        progress.finish(meter.snapshot(scanned.get(), total, elapsed));
        return new Result(scanned.get(), written.get(), same.get(), wouldWrite.get(), Loader.sorted(differ), Loader.sorted(failed),
                meter.capacityText(), elapsed);
    }

    private void createOrCompare(RowItems.Ready ready, List<Loader.Failure> differ, AtomicLong same, AtomicLong written) {
        try {
            table.create(ready.item());
            written.incrementAndGet();
        } catch (ItemAlreadyExistsException e) {
            compare(ready, differ, same, new AtomicLong());
        }
    }

    /** The stored item with the item's key: absent (counted in {@code absent}), equal, or reported as different. */
    private void compare(RowItems.Ready ready, List<Loader.Failure> differ, AtomicLong same, AtomicLong absent) {
        Map<String, AttributeValue> stored = client.getItem(r -> r.tableName(table.schema().name()).key(items.key(ready.item()))
                .consistentRead(true)).item();
        if (stored == null || stored.isEmpty()) {
            absent.incrementAndGet();
            return;
        }
        DynamicItem storedItem;
        try {
            storedItem = table.fromItem(items.entity(), stored);
        } catch (EntityTypeMismatchException e) {
            differ.add(Loader.Failure.of(ready.row(), "its key (" + ready.key() + ") holds another item: " + e.getMessage()));
            return;
        }
        if (items.canonical(ready.item()).equals(items.canonical(storedItem))) {
            same.incrementAndGet();
        } else {
            differ.add(Loader.Failure.of(ready.row(), "the table holds a different item with its key (" + ready.key() + "): "
                    + items.difference(ready.item(), storedItem) + "; left as it is"));
        }
    }

    Verification verify() {
        TableDescription description = client.describeTable(r -> r.tableName(source)).table();
        AtomicLong sourceItems = new AtomicLong();
        AtomicLong sourceSum = new AtomicLong();
        AtomicLong unmapped = new AtomicLong();
        scanAll(description, (where, item) -> {
            if (items.map(where, item) instanceof RowItems.Ready ready) {
                sourceItems.incrementAndGet();
                sourceSum.addAndGet(SourceItems.hash(items.canonical(ready.item())));
            } else {
                unmapped.incrementAndGet();
            }
        });
        long[] target = {0, 0};
        table.scan(items.entity()).stream().forEach(item -> {
            target[0]++;
            target[1] += SourceItems.hash(items.canonical(item));
        });
        return new Verification(sourceItems.get(), sourceSum.get(), unmapped.get(), target[0], target[1]);
    }

    /** Scans the source in {@code segments} parallel segments, giving each item with its name ({@code Table[key=value]}). */
    private void scanAll(TableDescription description, BiConsumer<String, Map<String, AttributeValue>> each) {
        List<String> keyNames = new ArrayList<>();
        description.keySchema().stream().sorted((a, b) -> a.keyType() == KeyType.HASH ? -1 : b.keyType() == KeyType.HASH ? 1 : 0)
                .map(KeySchemaElement::attributeName).forEach(keyNames::add);
        ExecutorService scanners = Executors.newFixedThreadPool(segments, r -> {
            Thread thread = new Thread(r, "singletable-migrate-segment");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int segment = 0; segment < segments; segment++) {
                int current = segment;
                running.add(scanners.submit(() -> scanSegment(current, keyNames, each)));
            }
            for (Future<?> future : running) {
                future.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadInputException("interrupted while scanning " + source);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            scanners.shutdownNow();
        }
    }

    private void scanSegment(int segment, List<String> keyNames, BiConsumer<String, Map<String, AttributeValue>> each) {
        Map<String, AttributeValue> start = null;
        do {
            ScanRequest.Builder request = ScanRequest.builder().tableName(source).segment(segment).totalSegments(segments).consistentRead(true);
            if (start != null) {
                request.exclusiveStartKey(start);
            }
            ScanResponse page = client.scan(request.build());
            for (Map<String, AttributeValue> item : page.items()) {
                each.accept(where(keyNames, item), item);
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
    }

    private String where(List<String> keyNames, Map<String, AttributeValue> item) {
        StringBuilder where = new StringBuilder(source).append('[');
        for (int i = 0; i < keyNames.size(); i++) {
            AttributeValue value = item.get(keyNames.get(i));
            where.append(i == 0 ? "" : ", ").append(keyNames.get(i)).append('=').append(value == null ? "(none)" : SourceItems.plain(value));
        }
        return where.append(']').toString();
    }
}
