package dev.singletable.internal.reads;

import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one page loop of every read: a blocking iterator, a collecting call and a {@code Flow.Publisher}
 * all drive it, asking {@link #state()} what comes next, taking items while it is {@code READY} and
 * feeding it a page when it {@code NEEDS_PAGES}. It holds the fetched page undecoded and decodes an
 * item when it is taken; it skips expired items (not returned, not counted); {@code limit(n)} counts
 * returned items, and each request asks for more when a filter thinned out earlier pages. When the
 * limit cuts a page short, the read resumes right after the last returned item. Not thread-safe:
 * an asynchronous driver guards it.
 */
final class PageLoop<T, P> implements ItemLoop<T> {
    static final int MAX_GROWTH = 64;

    private final PagedRead<T, P> read;
    private final ItemReading<T> items;
    private final ItemDecoder<T> decoder;
    private final boolean onePage;
    private List<Map<String, AttributeValue>> page = List.of();
    private int next;
    private Optional<P> position;
    private boolean exhausted;
    private int returned;
    private int growth = 1;
    private int requests;
    private int scanned;
    private double capacity;
    private boolean reportsCapacity;

    /**
     * @param from    where the read starts: empty for the beginning, or a cursor's position
     * @param onePage stop after one request (a page of a read without a limit is one response)
     */
    PageLoop(PagedRead<T, P> read, Optional<P> from, boolean onePage) {
        this.read = read;
        this.items = read.items();
        this.decoder = items.decoder();
        this.position = from;
        this.onePage = onePage;
    }

    /** What comes next; skips the expired items ahead of the next item it returns. */
    @Override
    public State state() {
        int limit = read.limit();
        if (limit > 0 && returned >= limit) {
            return State.DONE;
        }
        while (next < page.size()) {
            if (!items.hides(page.get(next))) {
                return State.READY;
            }
            next++;
        }
        return exhausted || (onePage && requests > 0) ? State.DONE : State.NEEDS_PAGES;
    }

    /** The next item, decoded; only when {@link #state()} said {@code READY}. */
    @Override
    public T take() {
        Map<String, AttributeValue> item = page.get(next++);
        returned++;
        return decoder.decode(item);
    }

    /** The {@code Limit} of the request for the next page. */
    int requestLimit() {
        return read.requestLimit(returned, growth);
    }

    /** The request for the next page, with the limit of {@link #requestLimit()}. */
    PageRequest<?, ?, P> request(int limit) {
        PageRequest<?, ?, P> request = read.request(limit, position);
        return reportsCapacity ? request.withTotalCapacity() : request;
    }

    /**
     * Asks every request for its consumed capacity, for a result that reports it ({@code QueryResult}, {@code Page});
     * otherwise requests ask only when a listener or the debug log reads it.
     */
    PageLoop<T, P> reportingCapacity() {
        this.reportsCapacity = true;
        return this;
    }

    /** Takes in the page answering a request made with {@code requestLimit}. */
    void accept(RawPage<P> fetched, int requestLimit) {
        requests++;
        scanned += fetched.scanned();
        capacity += fetched.capacity();
        if (requestLimit > 0 && fetched.count() < requestLimit && growth < MAX_GROWTH) {
            growth *= 2; // a filter dropped items: read more per request rather than send many small ones
        }
        page = fetched.items();
        next = 0;
        position = fetched.next();
        exhausted = position.isEmpty();
    }

    /** Where the read goes on after what was taken: right after the last item when the limit cut a page short. */
    Optional<P> resumePosition() {
        return next < page.size() ? Optional.of(read.positionAfter(page.get(next - 1))) : position;
    }

    QueryResult<T> result(List<T> items) {
        return new QueryResult<>(items, requests, scanned, capacity);
    }

    Page<T> page(List<T> items) {
        Optional<P> resume = resumePosition();
        return resume.isEmpty() ? Page.last(items, requests, capacity)
                : Page.followedBy(items, read.cursorFor(resume.get()), requests, capacity);
    }
}
