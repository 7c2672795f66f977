package dev.singletable;


import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a query, scan or PartiQL statement: its items and, when more may follow, an opaque
 * cursor to fetch the next page with. A cursor is URL-safe text, holds no server state (it survives
 * restarts), is signed with the table's cursor key and only works for the query that made it.
 *
 * <pre>{@code
 * Query<Order> orders = table.query(ORDER).partition(CUSTOMER_ID, "C1").limit(20);
 * Page<Order> page = orders.page();
 * while (page.cursor().isPresent()) {
 *     page = orders.page(page.cursor().get());
 * }
 * }</pre>
 *
 * @param <T> the item type
 */
@Stable
public final class Page<T> {
    private final List<T> items;
    private final String cursor;
    private final int requestCount;
    private final double consumedCapacity;

    private Page(List<T> items, String cursor, int requestCount, double consumedCapacity) {
        this.items = List.copyOf(items);
        this.cursor = cursor;
        this.requestCount = requestCount;
        this.consumedCapacity = consumedCapacity;
    }

    /** The last page: nothing follows. */
    public static <T> Page<T> last(List<T> items, int requestCount, double consumedCapacity) {
        NullArgumentException.check("Page.last", "items", items);
        return new Page<>(items, null, requestCount, consumedCapacity);
    }

    /** A page followed by more, reached through the cursor. */
    public static <T> Page<T> followedBy(List<T> items, String cursor, int requestCount, double consumedCapacity) {
        NullArgumentException.check("Page.followedBy", "items", items, "cursor", cursor);
        return new Page<>(items, Objects.requireNonNull(cursor, "cursor"), requestCount, consumedCapacity);
    }

    public List<T> items() {
        return items;
    }

    /**
     * The cursor of the next page; empty on the last page. A page with a cursor may be followed by
     * an empty page when DynamoDB could not tell that nothing was left.
     */
    public Optional<String> cursor() {
        return Optional.ofNullable(cursor);
    }

    public boolean hasMore() {
        return cursor != null;
    }

    /** How many requests this page took. */
    public int requestCount() {
        return requestCount;
    }

    /** Capacity units consumed by this page's requests. */
    public double consumedCapacity() {
        return consumedCapacity;
    }

    @Override
    public String toString() {
        return "Page[" + Counted.of(items.size(), "item", "items") + (cursor == null ? ", last" : ", more") + "]";
    }
}
