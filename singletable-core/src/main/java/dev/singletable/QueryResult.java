package dev.singletable;

import java.util.List;

/**
 * The items a query returned, with what it cost: how many requests it took, how many items
 * DynamoDB read (before filters), and the read capacity units consumed.
 *
 * <pre>{@code
 * QueryResult<Order> result = table.query(ORDER).partition(CUSTOMER_ID, "C1").execute();
 * result.items(); result.requestCount(); result.consumedCapacity();
 * }</pre>
 */
@Stable
public final class QueryResult<T> {
    private final List<T> items;
    private final int requestCount;
    private final int scannedCount;
    private final double consumedCapacity;

    public QueryResult(List<T> items, int requestCount, int scannedCount, double consumedCapacity) {
        this.items = List.copyOf(items);
        this.requestCount = requestCount;
        this.scannedCount = scannedCount;
        this.consumedCapacity = consumedCapacity;
    }

    public List<T> items() {
        return items;
    }

    /** How many Query requests were sent. */
    public int requestCount() {
        return requestCount;
    }

    /** How many items DynamoDB read, before any filter. */
    public int scannedCount() {
        return scannedCount;
    }

    /** Read capacity units consumed over all requests, as DynamoDB reported them. */
    public double consumedCapacity() {
        return consumedCapacity;
    }

    @Override
    public String toString() {
        return "QueryResult[" + Counted.of(items.size(), "item", "items") + ", " + Counted.of(requestCount, "request", "requests") + ", " + consumedCapacity + " RCU]";
    }
}
