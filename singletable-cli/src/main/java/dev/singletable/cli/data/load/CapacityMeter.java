package dev.singletable.cli.data.load;

import dev.singletable.RequestEvent;
import dev.singletable.RequestListener;

import java.util.Locale;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what the table sends: requests by kind, items written and the write capacity DynamoDB
 * reports. {@link #requesting()} is a {@link RequestListener} to give to the table's builder (which
 * then asks DynamoDB for consumed capacity); {@link #notRequesting()} is not given to the table (so
 * nothing asks for capacity, which costs DynamoDB Local CPU per item) and is told what was sent by
 * the caller through {@link #batchSent} and {@link #putSent}.
 */
final class CapacityMeter implements RequestListener {
    private final boolean requested;
    private final LongAdder batchRequests = new LongAdder();
    private final LongAdder failedBatchRequests = new LongAdder();
    private final LongAdder putRequests = new LongAdder();
    private final LongAdder itemsWritten = new LongAdder();
    private final DoubleAdder writeUnits = new DoubleAdder();

    private CapacityMeter(boolean requested) {
        this.requested = requested;
    }

    /** A meter to register as the table's listener: the table asks for consumed capacity. */
    static CapacityMeter requesting() {
        return new CapacityMeter(true);
    }

    /** A meter kept off the table: no capacity asked for, requests counted by the caller. */
    static CapacityMeter notRequesting() {
        return new CapacityMeter(false);
    }

    boolean capacityRequested() {
        return requested;
    }

    @Override
    public void onRequest(RequestEvent event) {
        switch (event.operation()) {
            case "BatchWriteItem" -> {
                batchRequests.increment();
                if (!event.succeeded()) {
                    failedBatchRequests.increment();
                }
                itemsWritten.add(event.itemCount());
                writeUnits.add(event.consumedCapacity());
            }
            case "PutItem" -> {
                putRequests.increment();
                itemsWritten.add(event.itemCount());
                writeUnits.add(event.consumedCapacity());
            }
            default -> {
            }
        }
    }

    /** A batch write sent {@code requests} BatchWriteItem requests; counted only when this meter is not the table's listener. */
    void batchSent(int requests) {
        if (!requested) {
            batchRequests.add(requests);
        }
    }

    /**
     * A batch write failed with an exception: counted as one BatchWriteItem request, failed, when this meter is not the
     * table's listener (a chunk of at most 25 items is one request; the exception does not say whether unprocessed
     * items were retried before the request that failed).
     */
    void batchFailed() {
        if (!requested) {
            batchRequests.increment();
            failedBatchRequests.increment();
        }
    }

    /** A PutItem was sent; counted only when this meter is not the table's listener. */
    void putSent() {
        if (!requested) {
            putRequests.increment();
        }
    }

    long batchRequests() {
        return batchRequests.sum();
    }

    /** The BatchWriteItem requests among {@link #batchRequests()} that failed (DynamoDB or the network refused them). */
    long failedBatchRequests() {
        return failedBatchRequests.sum();
    }

    long putRequests() {
        return putRequests.sum();
    }

    /** Items DynamoDB wrote, by batches and single puts together, as the table's listener saw them (0 when not requesting). */
    long itemsWritten() {
        return itemsWritten.sum();
    }

    double writeUnits() {
        return writeUnits.sum();
    }

    /** Where a copy stands, with this meter's write units. */
    LoadProgress.Snapshot snapshot(long done, long total, java.time.Duration elapsed) {
        return new LoadProgress.Snapshot(done, total, requested, writeUnits(), elapsed);
    }

    /** {@code 12.0 WCU}, or {@code capacity not requested}. */
    String capacityText() {
        return requested ? String.format(Locale.ROOT, "%.1f WCU", writeUnits()) : "capacity not requested";
    }
}
