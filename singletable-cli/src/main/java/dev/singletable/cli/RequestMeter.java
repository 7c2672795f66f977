package dev.singletable.cli;

import dev.singletable.RequestEvent;
import dev.singletable.RequestListener;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** Counts the requests a table sends and the capacity they consume, per operation, until reset. */
public final class RequestMeter implements RequestListener {
    private final Map<String, Integer> requests = new LinkedHashMap<>();
    private final Map<String, Double> capacity = new LinkedHashMap<>();
    private final Set<String> unreported = new LinkedHashSet<>();

    @Override
    public synchronized void onRequest(RequestEvent event) {
        requests.merge(event.operation(), 1, Integer::sum);
        capacity.merge(event.operation(), event.consumedCapacity(), Double::sum);
        // DynamoDB charges every request that reads or writes an item, so nothing consumed means nothing reported
        // (DynamoDB Local reports no capacity for ExecuteTransaction, asked for or not)
        if (event.itemCount() > 0 && event.consumedCapacity() == 0) {
            unreported.add(event.operation());
        }
    }

    public synchronized int requests() {
        return requests.values().stream().mapToInt(Integer::intValue).sum();
    }

    public synchronized int requests(String operation) {
        return requests.getOrDefault(operation, 0);
    }

    /** Capacity units over all operations: read units for reads, write units for writes. */
    public synchronized double capacity() {
        return capacity.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Capacity units of one operation, such as {@code GetItem}. */
    public synchronized double capacity(String operation) {
        return capacity.getOrDefault(operation, 0.0);
    }

    /**
     * The operations whose responses read or wrote items but reported no capacity: the engine does not report it for
     * them, so {@link #capacity()} leaves their cost out rather than knowing it is zero.
     */
    public synchronized Set<String> unreported() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(unreported));
    }

    public synchronized void reset() {
        requests.clear();
        capacity.clear();
        unreported.clear();
    }
}
