package dev.singletable.cli;

import dev.singletable.RequestEvent;
import dev.singletable.RequestListener;

import java.util.LinkedHashMap;
import java.util.Map;

/** Counts the requests a table sends and the capacity they consume, per operation, until reset. */
public final class RequestMeter implements RequestListener {
    private final Map<String, Integer> requests = new LinkedHashMap<>();
    private final Map<String, Double> capacity = new LinkedHashMap<>();

    @Override
    public synchronized void onRequest(RequestEvent event) {
        requests.merge(event.operation(), 1, Integer::sum);
        capacity.merge(event.operation(), event.consumedCapacity(), Double::sum);
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

    public synchronized void reset() {
        requests.clear();
        capacity.clear();
    }
}
