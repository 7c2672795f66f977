package dev.singletable.partiql;

import dev.singletable.AsyncTable;
import dev.singletable.Experimental;
import dev.singletable.InvalidCursorException;
import dev.singletable.Page;
import dev.singletable.QueryResult;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/**
 * The {@link PartiqlStatement} of an {@link AsyncTable}: the same statement, parameters, cursors and
 * decoding, each request sent when the one before it completes, without blocking a thread. Failures
 * complete the futures with the exceptions the synchronous statement throws. Immutable.
 *
 * <pre>{@code
 * asyncTable.partiql(ORDER_LINE, "SELECT * FROM \"AppTable\" WHERE \"PK\" = ? AND begins_with(\"SK\", ?)")
 *           .parameters("ORDER#O1", "LINE#")
 *           .list()
 *           .thenAccept(lines -> render(lines));
 * }</pre>
 */
@Experimental
public interface AsyncPartiqlStatement<T> extends PartiqlSettings<AsyncPartiqlStatement<T>> {
    /** Every item, following {@code NextToken}s to the end, with the number of requests and the capacity they used. */
    CompletableFuture<QueryResult<T>> execute();

    /** Every item, following {@code NextToken}s to the end. */
    CompletableFuture<List<T>> list();

    /** The items of the first request, with a cursor when DynamoDB returned a {@code NextToken}. */
    CompletableFuture<Page<T>> page();

    /**
     * The items of the request after the one that gave this cursor; the future fails with
     * {@link InvalidCursorException} when the cursor is malformed, altered, or of another statement or parameters.
     */
    CompletableFuture<Page<T>> page(String cursor);

    /** The items as a back-pressured publisher: a request is sent when the subscriber wants more items. */
    Flow.Publisher<T> publisher();
}
