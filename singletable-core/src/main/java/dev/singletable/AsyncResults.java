package dev.singletable;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/**
 * How an {@link AsyncQuery} or an {@link AsyncScan} runs: each of these sends the read built so far and completes with
 * its items, count or page, or publishes its items, without blocking. Failures complete the future exceptionally with
 * the exceptions the blocking {@link Query} and {@link Scan} throw.
 *
 * <pre>{@code
 * CompletableFuture<Page<Order>> page = asyncTable.query(ORDER).partition(CUSTOMER_ID, "C1").limit(20).page(cursor);
 * CompletableFuture<Long> orders = asyncTable.scan(ORDER).count();
 * }</pre>
 *
 * @param <T> the type of the items read
 */
@Stable
public interface AsyncResults<T> {
    /** Runs the read, following pages until the limit or the end. */
    CompletableFuture<QueryResult<T>> execute();

    /** The items of {@link #execute()}. */
    default CompletableFuture<List<T>> list() {
        return execute().thenApply(QueryResult::items);
    }

    /** The first item, reading as little as possible. */
    CompletableFuture<Optional<T>> first();

    /** How many items match, as {@link Query#count()}; the limit does not apply, expired items are not counted. */
    CompletableFuture<Long> count();

    /** The first page: as many items as the limit, or one request's items without a limit. */
    CompletableFuture<Page<T>> page();

    /** The page after the one that gave this cursor; completes with {@link InvalidCursorException} for a bad cursor. */
    CompletableFuture<Page<T>> page(String cursor);

    /**
     * The items as a publisher honouring back-pressure: a request is sent only when the subscriber
     * has demand the fetched items cannot meet. Each subscription runs the read anew.
     */
    Flow.Publisher<T> publisher();
}
