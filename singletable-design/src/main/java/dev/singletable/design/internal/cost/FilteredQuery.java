package dev.singletable.design.internal.cost;

import dev.singletable.capacity.ReadMode;

import java.util.ArrayList;
import java.util.List;

/**
 * The requests of one call of a query with a filter and a limit, as the library sends them: DynamoDB's {@code Limit}
 * counts the items read before the filter, so the library queries on until {@code limit} items pass it, asking each
 * next request for what is still missing times a growth that doubles whenever a filter dropped items. Figures are
 * expected values at the share of items the filter keeps ({@link FilterShare}).
 *
 * <pre>{@code
 * FilteredQuery call = FilteredQuery.of(2, 0.5);   // limit 2, a filter keeping 1 in 2
 * call.requestLimits();                            // [2, 2]: 4 items read in 2 requests
 * }</pre>
 *
 * @param requestLimits the {@code Limit} of each request, in order: the items each reads
 */
record FilteredQuery(List<Integer> requestLimits) {
    /** The library's most growth of a request's limit over what is missing (its PageLoop's). */
    static final int MAX_GROWTH = 64;
    /** The most items one request asks for (the library's cap). */
    static final int MAX_REQUEST_LIMIT = 1000;
    /** Requests priced at most: a filter keeping almost nothing reads the partition to its end anyway. */
    static final int MAX_REQUESTS = 100;

    FilteredQuery {
        requestLimits = List.copyOf(requestLimits);
    }

    /** The requests of a call with this {@code limit} whose filter keeps {@code kept} of the items read. */
    static FilteredQuery of(int limit, double kept) {
        List<Integer> limits = new ArrayList<>();
        double returned = 0;
        int growth = 1;
        while (returned < limit - 1e-9 && limits.size() < MAX_REQUESTS && kept > 0) {
            int requested = (int) Math.min(MAX_REQUEST_LIMIT, (long) Math.ceil((limit - returned) * growth - 1e-9));
            limits.add(requested);
            returned += requested * kept;
            if (kept < 1 && growth < MAX_GROWTH) {
                growth *= 2;
            }
        }
        return new FilteredQuery(limits.isEmpty() ? List.of(limit) : limits);
    }

    /** The items the call reads, filtered out or not. */
    long itemsRead() {
        return requestLimits.stream().mapToLong(Integer::longValue).sum();
    }

    /** Read units of the call: each request's items of {@code itemBytes}, rounded per request. */
    double units(double itemBytes, ReadMode mode) {
        return requestLimits.stream().mapToDouble(items -> CostModel.pages(items, itemBytes, mode)).sum();
    }
}
