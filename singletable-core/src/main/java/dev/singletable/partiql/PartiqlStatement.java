package dev.singletable.partiql;

import dev.singletable.EntityCollection;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.Experimental;
import dev.singletable.InvalidCursorException;
import dev.singletable.Page;

import java.util.List;
import java.util.stream.Stream;

/**
 * A PartiQL {@code SELECT} run with {@code ExecuteStatement}, its items decoded into entities. Values
 * are passed as {@code ?} parameters, never spliced into the text. Items of another entity type
 * than asked for fail with {@link EntityTypeMismatchException} (add {@code AND "entityType" = ?} to
 * the statement, or read an {@link EntityCollection}). Immutable.
 *
 * <pre>{@code
 * List<OrderLine> lines = table.partiql(ORDER_LINE,
 *                 "SELECT * FROM \"AppTable\" WHERE \"PK\" = ? AND begins_with(\"SK\", ?)")
 *         .parameters("ORDER#O1", "LINE#")
 *         .list();
 * }</pre>
 */
@Experimental
public interface PartiqlStatement<T> extends PartiqlSettings<PartiqlStatement<T>> {
    /** Every item, following {@code NextToken}s to the end. */
    List<T> list();

    /** The items of the first request, with a cursor when DynamoDB returned a {@code NextToken}. */
    Page<T> page();

    /**
     * The items of the request after the one that gave this cursor.
     *
     * @throws InvalidCursorException when the cursor is malformed, altered, or of another statement or parameters
     */
    Page<T> page(String cursor);

    /** The items lazily, one request at a time. */
    Stream<T> stream();
}
