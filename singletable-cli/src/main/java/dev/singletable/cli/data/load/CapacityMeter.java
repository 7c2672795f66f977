package dev.singletable.cli.data.load;

import dev.singletable.extension.RequestEvent;
import dev.singletable.extension.RequestListener;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.cli.engine.MeteredClient;
import dev.singletable.cli.engine.RequestMeter;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

/**
 * Counts what a command sends: requests by operation, items written and the capacity DynamoDB reports, write units
 * and read units apart. {@link #requesting()} is a {@link RequestListener} to give to the table's builder (which then
 * asks DynamoDB for consumed capacity); {@link #notRequesting()} is not given to the table (so nothing asks for
 * capacity, which costs the engine CPU per item): the table is built on {@link #client} instead, which tells the
 * meter of every request without asking. The requests a command sends beside its table (with the client itself) go
 * through {@link #client} in both cases, so that they are counted as the table's are.
 */
final class CapacityMeter implements RequestListener {
    private final boolean requested;
    private final Map<String, LongAdder> requests = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> failed = new ConcurrentHashMap<>();
    /** Failed requests by error code. */
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final LongAdder itemsWritten = new LongAdder();
    private final DoubleAdder writeUnits = new DoubleAdder();
    private final DoubleAdder readUnits = new DoubleAdder();

    private CapacityMeter(boolean requested) {
        this.requested = requested;
    }

    /** A meter to register as the table's listener: the table asks for consumed capacity. */
    static CapacityMeter requesting() {
        return new CapacityMeter(true);
    }

    /** A meter kept off the table, which is built on {@link #client}: no capacity asked for. */
    static CapacityMeter notRequesting() {
        return new CapacityMeter(false);
    }

    /** {@code client}, telling this meter of every request sent through it, asking for capacity when this meter does. */
    DynamoDbClient client(DynamoDbClient client) {
        return MeteredClient.of(client, this, requested);
    }

    /** A table on {@code client} timed by {@code clock}, metered by this meter: as its listener, or built on {@link #client}. */
    Table table(TableSchema schema, DynamoDbClient client, Clock clock) {
        return requested ? Table.builder(schema, client).clock(clock).listener(this).build()
                : Table.builder(schema, client(client)).clock(clock).build();
    }

    @Override
    public void onRequest(RequestEvent event) {
        requests.computeIfAbsent(event.operation(), o -> new LongAdder()).increment();
        if (!event.succeeded()) {
            failed.computeIfAbsent(event.operation(), o -> new LongAdder()).increment();
            event.errorCode().ifPresent(code -> failures.computeIfAbsent(code, c -> new LongAdder()).increment());
        }
        if (event.writes()) {
            writeUnits.add(event.consumedCapacity());
            if (event.operation().equals("BatchWriteItem") || event.operation().equals("PutItem")) {
                itemsWritten.add(event.itemCount());
            }
        } else {
            readUnits.add(event.consumedCapacity());
        }
    }

    /** Requests of {@code operation} sent, failed ones included. */
    long requests(String operation) {
        LongAdder sent = requests.get(operation);
        return sent == null ? 0 : sent.sum();
    }

    /** Requests of {@code operation} that failed (DynamoDB or the network refused them). */
    long failed(String operation) {
        LongAdder refused = failed.get(operation);
        return refused == null ? 0 : refused.sum();
    }

    long batchRequests() {
        return requests("BatchWriteItem");
    }

    /** The BatchWriteItem requests among {@link #batchRequests()} that failed (DynamoDB or the network refused them). */
    long failedBatchRequests() {
        return failed("BatchWriteItem");
    }

    long putRequests() {
        return requests("PutItem");
    }

    /** Items DynamoDB wrote, by batches and single puts together (0 when not requesting: counted from the responses then). */
    long itemsWritten() {
        return itemsWritten.sum();
    }

    double writeUnits() {
        return writeUnits.sum();
    }

    double readUnits() {
        return readUnits.sum();
    }

    /** Where a copy stands, with this meter's write units. */
    LoadProgress.Snapshot snapshot(long done, long total, java.time.Duration elapsed) {
        return new LoadProgress.Snapshot(done, total, requested, writeUnits(), elapsed);
    }

    /** {@code 12.0 WCU}, or {@code capacity not requested}. */
    String capacityText() {
        return requested ? String.format(Locale.ROOT, "%.1f WCU", writeUnits()) : "capacity not requested";
    }

    /** {@code 3.5 RCU}, or {@code capacity not requested}. */
    String readCapacityText() {
        return requested ? String.format(Locale.ROOT, "%.1f RCU", readUnits()) : "capacity not requested";
    }

    /** {@code 12.0 WCU, 3.5 RCU}, or {@code capacity not requested}. */
    String consumedText() {
        return requested ? String.format(Locale.ROOT, "%.1f WCU, %.1f RCU", writeUnits(), readUnits()) : "capacity not requested";
    }

    /**
     * Every request sent, by operation in name order, and the failed ones by error code:
     * {@code 8 requests (1 DescribeTable, 3 PutItem, 4 Scan; 1 failed: ResourceNotFoundException)}.
     */
    String requestsText() {
        String failed = RequestMeter.failuresText(sums(failures));
        return Counted.of(sums(requests).values().stream().mapToLong(Integer::longValue).sum(), "request", "requests")
                + (requests.isEmpty() ? "" : " (" + sums(requests).entrySet().stream().map(e -> e.getValue() + " " + e.getKey())
                .collect(Collectors.joining(", ")) + (failed.isEmpty() ? "" : "; " + failed) + ")");
    }

    private static Map<String, Integer> sums(Map<String, LongAdder> counts) {
        Map<String, Integer> sums = new TreeMap<>();
        counts.forEach((name, count) -> sums.put(name, count.intValue()));
        return sums;
    }
}
