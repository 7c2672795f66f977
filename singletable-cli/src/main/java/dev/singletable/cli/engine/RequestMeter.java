package dev.singletable.cli.engine;

import dev.singletable.extension.RequestEvent;
import dev.singletable.extension.RequestListener;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Counts the requests a table sends and the capacity they consume, per operation, until reset. A request that
 * failed (a condition that did not hold, a cancelled transaction, an operation the engine lacks) was sent all
 * the same: it counts among the requests, and its error code among the failures.
 */
public final class RequestMeter implements RequestListener {
    private final Map<String, Integer> requests = new LinkedHashMap<>();
    private final Map<String, Integer> succeeded = new LinkedHashMap<>();
    private final Map<String, Integer> failures = new LinkedHashMap<>();
    private final Map<String, Double> capacity = new LinkedHashMap<>();
    private final Set<String> unreported = new LinkedHashSet<>();
    /** The operations seen that write ({@link RequestEvent#writes()}): their capacity is write units, that of every other read units. */
    private final Set<String> writing = new LinkedHashSet<>();

    @Override
    public synchronized void onRequest(RequestEvent event) {
        requests.merge(event.operation(), 1, Integer::sum);
        event.errorCode().ifPresentOrElse(code -> failures.merge(code, 1, Integer::sum),
                () -> succeeded.merge(event.operation(), 1, Integer::sum));
        capacity.merge(event.operation(), event.consumedCapacity(), Double::sum);
        if (event.writes()) {
            writing.add(event.operation());
        }
        // DynamoDB charges every request that reads or writes an item, so nothing consumed means nothing reported
        // (some engines report no capacity for some operations: DynamoDB Local 2.6.1 none for ExecuteTransaction)
        if (event.itemCount() > 0 && event.consumedCapacity() == 0) {
            unreported.add(event.operation());
        }
    }

    /** Requests sent, failed ones included. */
    public synchronized int requests() {
        return requests.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Requests of one operation sent, such as {@code GetItem}, failed ones included. */
    public synchronized int requests(String operation) {
        return requests.getOrDefault(operation, 0);
    }

    /** Requests of one operation that succeeded. */
    public synchronized int succeeded(String operation) {
        return succeeded.getOrDefault(operation, 0);
    }

    /** The failed requests: how many failed with each error code ({@link RequestEvent#errorCode()}), in the order first seen. */
    public synchronized Map<String, Integer> failures() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(failures));
    }

    /**
     * {@code 1 failed: TransactionCanceledException}, or {@code 3 failed: ConditionalCheckFailedException x2, ValidationException};
     * empty when none failed.
     */
    public static String failuresText(Map<String, Integer> failures) {
        int failed = failures.values().stream().mapToInt(Integer::intValue).sum();
        return failed == 0 ? "" : failed + " failed: " + failures.entrySet().stream()
                .map(e -> e.getKey() + (e.getValue() == 1 ? "" : " x" + e.getValue())).collect(Collectors.joining(", "));
    }

    /** Capacity units over all operations: read units for reads, write units for writes. */
    public synchronized double capacity() {
        return capacity.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Write units: the capacity of the operations that write. */
    public synchronized double writeCapacity() {
        return capacity.entrySet().stream().filter(e -> writing.contains(e.getKey())).mapToDouble(Map.Entry::getValue).sum();
    }

    /** Read units: the capacity of every other operation. */
    public synchronized double readCapacity() {
        return capacity.entrySet().stream().filter(e -> !writing.contains(e.getKey())).mapToDouble(Map.Entry::getValue).sum();
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
        succeeded.clear();
        failures.clear();
        capacity.clear();
        unreported.clear();
        writing.clear();
    }
}
