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
     * ends sends no more requests).
     */
    static FilteredQuery of(int limit, double kept, int lanes, long available) {
        List<Lane> even = new ArrayList<>();
        for (int lane = 0; lane < lanes; lane++) {
            long holds = available == UNBOUNDED ? UNBOUNDED : available / lanes + (lane < available % lanes ? 1 : 0);
            even.add(Lane.even(holds, kept, lane, lanes));
        }
        return of(limit, even, kept > 0);
    }

    /**
     * The requests of a call with this {@code limit} over these partitions (lanes). It runs the library's merge: each lane's
     * passing items sort in turn with the other lanes', an item is returned only while every lane not ended holds one, and a
     * lane that ran dry asks for what is still missing times its growth. {@code anyKept}: false when the filter keeps
     * nothing, so that the lanes are read once to their end.
     */
    static FilteredQuery of(int limit, List<Lane> lanes, boolean anyKept) {
        int count = lanes.size();
        long[] left = new long[count];
        long[] read = new long[count];
        long[] held = new long[count];
        int[] growth = new int[count];
        for (int lane = 0; lane < count; lane++) {
            left[lane] = lanes.get(lane).items();
            growth[lane] = 1;
        }
        List<Integer> items = new ArrayList<>();
        int returned = 0;
        int rounds = 0;
        int maxRounds = anyKept ? MAX_REQUESTS : 1;   // a filter keeping nothing reads the partitions to their end
        while (returned < limit) {
            List<Integer> dry = new ArrayList<>();
            for (int lane = 0; lane < count; lane++) {
                // the first round asks every partition, an empty one too (its Query reads one block of nothing)
                if (held[lane] == 0 && (left[lane] > 0 || rounds == 0)) {
                    dry.add(lane);
                }
            }
            if (!dry.isEmpty() && rounds++ < maxRounds) {
                for (int lane : dry) {
                    int requested = (int) Math.min(MAX_REQUEST_LIMIT, (long) (limit - returned) * growth[lane]);
                    int got = (int) Math.min(requested, left[lane]);
                    long passing = lanes.get(lane).passing(read[lane] + got) - lanes.get(lane).passing(read[lane]);
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
            int next = next(lanes, held, read);
            if (!dry.isEmpty() || next < 0) {
                break;
            }
            held[next]--;
            returned++;
        }
        return new FilteredQuery(items.isEmpty() ? List.of(0) : items, returned);
    }

    /**
     * One partition a call reads: how many items the key condition reads there, how many of its first items the filter
     * keeps, and where its passing items sort among all lanes' (the merge returns them in that order).
     */
    interface Lane {
        long items();

        long passing(long read);

        /** The place in the merged sort order of this lane's {@code m}-th passing item (from 0); lower sorts first. */
        long rank(long m);

        /**
         * {@code items} of which the filter keeps {@code kept}, spread evenly: every (1/kept)-th passes, and each lane's m-th
         * passing item sorts after every lane's (m-1)-th, lane {@code lane} of {@code lanes} in turn.
         */
        static Lane even(long items, double kept, int lane, int lanes) {
            return new Lane() {
                public long items() {
                    return items;
                }

                public long passing(long read) {
                    return (long) Math.floor(read * Math.min(1, kept) + 1e-9);
                }

                public long rank(long m) {
                    return m * lanes + lane;
                }
            };
        }

        /**
         * {@code items} that repeat the pass (true) or drop (false) of the examples in this partition, in sort key order: the
         * examples' own spread; {@code places} gives each example's place among all lanes' {@code all} examples in sort order.
         */
        static Lane repeating(long items, List<Boolean> examples, List<Integer> places, int all) {
            List<Integer> passingPlaces = new ArrayList<>();
            for (int i = 0; i < examples.size(); i++) {
                if (examples.get(i)) {
                    passingPlaces.add(places.get(i));
                }
            }
            return new Lane() {
                public long items() {
                    return items;
                }

                public long passing(long read) {
                    if (examples.isEmpty()) {
                        return 0;
                    }
                    long rounds = read / examples.size();
                    long rest = examples.subList(0, (int) (read % examples.size())).stream().filter(Boolean::booleanValue).count();
                    return rounds * passingPlaces.size() + rest;
                }

                public long rank(long m) {
                    return m / passingPlaces.size() * all + passingPlaces.get((int) (m % passingPlaces.size()));
                }
            };
        }
    }

    /** The lane holding the next item in the merged sort order, or -1. */
    private static int next(List<Lane> lanes, long[] held, long[] read) {
        int best = -1;
        long bestRank = Long.MAX_VALUE;
        for (int lane = 0; lane < held.length; lane++) {
            if (held[lane] == 0) {
                continue;
            }
            long rank = lanes.get(lane).rank(lanes.get(lane).passing(read[lane]) - held[lane]);
            if (rank < bestRank) {
                best = lane;
                bestRank = rank;
            }
        }
        return best;
    }

    /** The items the call reads, filtered out or not. */
    long itemsRead() {
        return requestItems.stream().mapToLong(Integer::longValue).sum();
    }

    /** Read units of the call: each request's items of {@code itemBytes}, rounded per request. */
    double units(double itemBytes, ReadMode mode) {
        return requestItems.stream().mapToDouble(items -> ReadPricing.pages(items, itemBytes, mode)).sum();
    }
}
