package dev.singletable.design.internal.cost;

import dev.singletable.capacity.ReadMode;

import java.util.ArrayList;
import java.util.List;

/**
 * The requests of one call of a query with a limit, as the library sends them: DynamoDB's {@code Limit} counts the items
 * read before the filter, so the library queries on until {@code limit} items pass it, asking each next request for what
 * is still missing times a growth that doubles whenever a filter dropped items. Across buckets or shards it sends one
 * Query a partition (a lane), each first asking for the whole limit, and asks again of every lane that ran dry. Figures
 * are for items spread evenly over the lanes, the filter keeping its share ({@link FilterShare}; all without a filter)
 * evenly among them.
 *
 * <pre>{@code
 * FilteredQuery call = FilteredQuery.of(2, 0.5);   // limit 2, a filter keeping 1 in 2
 * call.requestItems();                             // [2, 2]: 4 items read in 2 requests
 * FilteredQuery.of(2, 0.5, 4, FilteredQuery.UNBOUNDED).requestItems();   // 4 shards: [2, 2, 2, 2, 2], the first dry again
 * }</pre>
 *
 * @param requestItems  the items each request reads, in order: its {@code Limit}, or less when its partition ends first
 * @param itemsReturned the items the call returns, those that pass the filter up to the limit (what a fetchFullItems
 *                      BatchGetItem then reads)
 */
record FilteredQuery(List<Integer> requestItems, long itemsReturned) {
    /** The library's most growth of a request's limit over what is missing (its PageLoop's). */
    static final int MAX_GROWTH = 64;
    /** The most items one request asks for (the library's cap). */
    static final int MAX_REQUEST_LIMIT = 1000;
    /** Rounds of requests priced at most: a filter keeping almost nothing reads the partition to its end anyway. */
    static final int MAX_REQUESTS = 100;
    /** Items a call may read when nothing bounds them but the limit and the filter. */
    static final long UNBOUNDED = Long.MAX_VALUE;

    FilteredQuery {
        requestItems = List.copyOf(requestItems);
    }

    /** The requests of a single-partition call with this {@code limit} whose filter keeps {@code kept} of the items read. */
    static FilteredQuery of(int limit, double kept) {
        return of(limit, kept, 1, UNBOUNDED);
    }

    /**
     * The requests of a call with this {@code limit} across {@code lanes} partitions, whose filter keeps {@code kept} of the
     * items read, where the partitions hold {@code available} items the key condition reads (spread evenly; a lane that
     * ends sends no more requests). It runs the library's merge on evenly spread items: each lane's passing items sort
     * in turn with the other lanes', an item is returned only while every lane not ended holds one, and a lane that ran dry
     * asks for what is still missing times its growth.
     */
    static FilteredQuery of(int limit, double kept, int lanes, long available) {
        long[] left = new long[lanes];
        long[] read = new long[lanes];
        long[] held = new long[lanes];
        int[] growth = new int[lanes];
        for (int lane = 0; lane < lanes; lane++) {
            left[lane] = available == UNBOUNDED ? UNBOUNDED : available / lanes + (lane < available % lanes ? 1 : 0);
            growth[lane] = 1;
        }
        List<Integer> items = new ArrayList<>();
        int returned = 0;
        int rounds = 0;
        int maxRounds = kept > 0 ? MAX_REQUESTS : 1;   // a filter keeping nothing reads the partitions to their end
        while (returned < limit) {
            List<Integer> dry = new ArrayList<>();
            for (int lane = 0; lane < lanes; lane++) {
                if (held[lane] == 0 && left[lane] > 0) {
                    dry.add(lane);
                }
            }
            if (!dry.isEmpty() && rounds++ < maxRounds) {
                for (int lane : dry) {
                    int requested = (int) Math.min(MAX_REQUEST_LIMIT, (long) (limit - returned) * growth[lane]);
                    int got = (int) Math.min(requested, left[lane]);
                    long passing = passing(read[lane] + got, kept) - passing(read[lane], kept);
                    items.add(got);
                    read[lane] += got;
                    left[lane] -= got;
                    held[lane] += passing;
                    if (passing < requested && growth[lane] < MAX_GROWTH) {
                        growth[lane] *= 2;
                    }
                }
                continue;
            }
            int next = next(held, read, kept);
            if (!dry.isEmpty() || next < 0) {
                break;
            }
            held[next]--;
            returned++;
        }
        return new FilteredQuery(items.isEmpty() ? List.of(0) : items, returned);
    }

    /** The lane holding the next item in sort order (each lane's m-th passing item sorts after every lane's (m-1)-th), or -1. */
    private static int next(long[] held, long[] read, double kept) {
        int best = -1;
        long bestRank = Long.MAX_VALUE;
        for (int lane = 0; lane < held.length; lane++) {
            long rank = (passing(read[lane], kept) - held[lane]) * held.length + lane;
            if (held[lane] > 0 && rank < bestRank) {
                best = lane;
                bestRank = rank;
            }
        }
        return best;
    }

    /** How many of a lane's first {@code read} items pass a filter keeping {@code kept}: every (1/kept)-th, spread evenly. */
    private static long passing(long read, double kept) {
        return (long) Math.floor(read * Math.min(1, kept) + 1e-9);
    }

    /** The items the call reads, filtered out or not. */
    long itemsRead() {
        return requestItems.stream().mapToLong(Integer::longValue).sum();
    }

    /** Read units of the call: each request's items of {@code itemBytes}, rounded per request. */
    double units(double itemBytes, ReadMode mode) {
        return requestItems.stream().mapToDouble(items -> CostModel.pages(items, itemBytes, mode)).sum();
    }
}
