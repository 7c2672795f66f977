package dev.singletable.internal.reads;

import dev.singletable.Page;
import dev.singletable.QueryResult;
import dev.singletable.internal.expressions.Expressions;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The page loop of a query across partitions (time buckets, shards): one lane per partition query, each
 * holding its fetched page undecoded, merged in sort-key order (ties in partition order). An item is
 * taken only when every lane that is not done holds one, so the merge never returns an item before a
 * smaller one another lane has not fetched yet; the driver fetches the lanes that ran dry, in parallel.
 * {@code limit(n)} counts returned items, and each lane asks for no more than the items still wanted.
 *
 * <p>The cursor holds one position per lane: right after the last item taken from it, or where its
 * current page was read from when none was taken, or nothing when it never started; done lanes are
 * marked. Resuming reads each lane from there, so a page never repeats or skips an item, whatever the
 * lanes fetched ahead of what was returned. Not thread-safe: the drivers accept pages in lane order.
 */
final class MergeLoop<T> implements ItemLoop<T> {
    private static final String DONE_MARK = "done";

    private static final class Lane<T> {
        final ReadDefinition<T> read;
        final ItemReading<T> reading;
        List<Map<String, AttributeValue>> page = List.of();
        int next;
        Optional<Map<String, AttributeValue>> position;
        Optional<Map<String, AttributeValue>> pageStart;
        boolean exhausted;
        int fetches;
        int growth = 1;

        Lane(ReadDefinition<T> read, Optional<Map<String, AttributeValue>> from, boolean done) {
            this.read = read;
            this.reading = read.items();
            this.position = from;
            this.pageStart = from;
            this.exhausted = done;
        }

        boolean holdsItem() {
            return next < page.size();
        }
    }

    private final List<Lane<T>> lanes;
    private final List<String> sortAttributes;
    private final boolean descending;
    private final int limit;
    private final boolean onePage;
    private int returned;
    private int requests;
    private int scanned;
    private double capacity;
    private boolean reportsCapacity;

    /**
     * @param from    each lane's position from a cursor (see {@link #decode}); empty to start every lane
     * @param onePage stop once a lane runs dry after its first request (a page of a read without a limit)
     */
    MergeLoop(ReadDefinition<T> whole, List<ReadDefinition<T>> partitions, Optional<String> from, boolean onePage) {
        this.sortAttributes = whole.sortAttributes();
        this.descending = whole.descendingOrder();
        this.limit = whole.limit();
        this.onePage = onePage;
        Map<Integer, Map<String, AttributeValue>> positions = new LinkedHashMap<>();
        Map<Integer, Boolean> done = new LinkedHashMap<>();
        if (from.isPresent()) {
            decode(whole.cursors().decodeKey(from.get(), fingerprint(partitions), whole.what()), partitions.size(), positions, done,
                    whole.what());
        }
        List<Lane<T>> made = new ArrayList<>(partitions.size());
        for (int i = 0; i < partitions.size(); i++) {
            made.add(new Lane<>(partitions.get(i), Optional.ofNullable(positions.get(i)), done.getOrDefault(i, false)));
        }
        this.lanes = List.copyOf(made);
    }

    MergeLoop<T> reportingCapacity() {
        this.reportsCapacity = true;
        return this;
    }

    @Override
    public State state() {
        if (limit > 0 && returned >= limit) {
            return State.DONE;
        }
        boolean any = false;
        boolean needs = false;
        for (Lane<T> lane : lanes) {
            while (lane.holdsItem() && lane.reading.hides(lane.page.get(lane.next))) {
                lane.next++;
            }
            if (lane.holdsItem()) {
                any = true;
            } else if (!lane.exhausted) {
                if (onePage && lane.fetches > 0) {
                    return State.DONE;
                }
                needs = true;
            }
        }
        if (needs) {
            return State.NEEDS_PAGES;
        }
        return any ? State.READY : State.DONE;
    }

    /** The lanes to fetch a page for before the next item can be chosen. */
    List<Integer> needing() {
        List<Integer> needing = new ArrayList<>();
        for (int i = 0; i < lanes.size(); i++) {
            if (!lanes.get(i).holdsItem() && !lanes.get(i).exhausted) {
                needing.add(i);
            }
        }
        return needing;
    }

    int requestLimit(int lane) {
        return lanes.get(lane).read.requestLimit(returned, lanes.get(lane).growth);
    }

    PageRequest<?, ?, Map<String, AttributeValue>> request(int lane, int requestLimit) {
        PageRequest<?, ?, Map<String, AttributeValue>> request = lanes.get(lane).read.request(requestLimit, lanes.get(lane).position);
        return reportsCapacity ? request.withTotalCapacity() : request;
    }

    void accept(int index, RawPage<Map<String, AttributeValue>> fetched, int requestLimit) {
        Lane<T> lane = lanes.get(index);
        requests++;
        scanned += fetched.scanned();
        capacity += fetched.capacity();
        if (requestLimit > 0 && fetched.count() < requestLimit && lane.growth < PageLoop.MAX_GROWTH) {
            lane.growth *= 2;
        }
        lane.pageStart = lane.position;
        lane.page = fetched.items();
        lane.next = 0;
        lane.position = fetched.next();
        lane.exhausted = lane.position.isEmpty();
        lane.fetches++;
    }

    /** The smallest (largest, descending) head among the lanes; only when {@link #state()} said {@code READY}. */
    @Override
    public T take() {
        Lane<T> best = null;
        for (Lane<T> lane : lanes) {
            if (lane.holdsItem() && (best == null || compare(lane.page.get(lane.next), best.page.get(best.next)) < 0)) {
                best = lane;
            }
        }
        Map<String, AttributeValue> item = best.page.get(best.next++);
        returned++;
        return best.reading.decoder().decode(item);
    }

    private int compare(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
        for (String attribute : sortAttributes) {
            int c = compareValues(a.get(attribute), b.get(attribute));
            if (c != 0) {
                return descending ? -c : c;
            }
        }
        return 0;
    }

    /** As DynamoDB orders sort keys (strings by UTF-8 bytes, numbers by value, binary by unsigned bytes); 0 when one is missing. */
    private static int compareValues(AttributeValue a, AttributeValue b) {
        return a == null || b == null ? 0 : Expressions.storedOrder(a, b);
    }

    QueryResult<T> result(List<T> items) {
        return new QueryResult<>(items, requests, scanned, capacity);
    }

    Page<T> page(ReadDefinition<T> whole, List<T> items) {
        Map<String, AttributeValue> state = new LinkedHashMap<>();
        boolean allDone = true;
        for (int i = 0; i < lanes.size(); i++) {
            Lane<T> lane = lanes.get(i);
            Optional<Map<String, AttributeValue>> at;
            if (lane.holdsItem()) {
                at = lane.next > 0 ? Optional.of(lane.read.positionAfter(lane.page.get(lane.next - 1))) : lane.pageStart;
            } else if (lane.exhausted) {
                state.put(Integer.toString(i), AttributeValue.fromS(DONE_MARK));
                continue;
            } else {
                at = lane.position;
            }
            allDone = false;
            int lane0 = i;
            at.ifPresent(key -> key.forEach((name, value) -> state.put(lane0 + "." + name, value)));
        }
        if (allDone) {
            return Page.last(items, requests, capacity);
        }
        return Page.followedBy(items, whole.cursors().encodeKey(fingerprint(lanes.stream().map(l -> l.read).toList()), state),
                requests, capacity);
    }

    private static void decode(Map<String, AttributeValue> state, int laneCount, Map<Integer, Map<String, AttributeValue>> positions,
                               Map<Integer, Boolean> done, String what) {
        for (Map.Entry<String, AttributeValue> entry : state.entrySet()) {
            String name = entry.getKey();
            int dot = name.indexOf('.');
            int lane;
            try {
                lane = Integer.parseInt(dot < 0 ? name : name.substring(0, dot));
            } catch (NumberFormatException e) {
                throw new dev.singletable.InvalidCursorException(what + ": the cursor's body names no partition ('" + name
                        + "'); pass the cursor of a page of this same query", dev.singletable.InvalidCursorException.Reason.MALFORMED);
            }
            if (lane < 0 || lane >= laneCount) {
                throw new dev.singletable.InvalidCursorException(what + ": the cursor names partition " + lane + " of "
                        + laneCount + "; pass the cursor of a page of this same query", dev.singletable.InvalidCursorException.Reason.MALFORMED);
            }
            if (dot < 0) {
                done.put(lane, true);
            } else {
                positions.computeIfAbsent(lane, l -> new LinkedHashMap<>()).put(name.substring(dot + 1), entry.getValue());
            }
        }
    }

    /** Every partition query's fingerprint, in order: a cursor resumes only the same partitions read the same way. */
    static byte[] fingerprint(List<? extends ReadDefinition<?>> partitions) {
        StringBuilder identity = new StringBuilder("across ").append(partitions.size());
        Base64.Encoder base64 = Base64.getEncoder();
        for (ReadDefinition<?> partition : partitions) {
            identity.append('\n').append(base64.encodeToString(partition.fingerprint()));
        }
        return dev.singletable.internal.table.CursorCodec.fingerprint(identity.toString());
    }
}
