package dev.singletable.cli.data.load;

import dev.singletable.RequestEvent;
import dev.singletable.RequestListener;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts what the table sends: requests by kind, items written and the write capacity DynamoDB
 * reports. A {@link RequestListener}: give it to the table's builder (which then asks DynamoDB for
 * consumed capacity).
 */
final class CapacityMeter implements RequestListener {
    private final LongAdder batchRequests = new LongAdder();
    private final LongAdder putRequests = new LongAdder();
    private final LongAdder itemsWritten = new LongAdder();
    private final DoubleAdder writeUnits = new DoubleAdder();
    private final AtomicLong reads = new AtomicLong();

    @Override
    public void onRequest(RequestEvent event) {
        switch (event.operation()) {
            case "BatchWriteItem" -> {
                batchRequests.increment();
                itemsWritten.add(event.itemCount());
                writeUnits.add(event.consumedCapacity());
            }
            case "PutItem" -> {
                putRequests.increment();
                itemsWritten.add(event.itemCount());
                writeUnits.add(event.consumedCapacity());
            }
            default -> reads.incrementAndGet();
        }
    }

    long batchRequests() {
        return batchRequests.sum();
    }

    long putRequests() {
        return putRequests.sum();
    }

    /** Items DynamoDB wrote, by batches and single puts together. */
    long itemsWritten() {
        return itemsWritten.sum();
    }

    double writeUnits() {
        return writeUnits.sum();
    }
}
