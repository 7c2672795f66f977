package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;

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
public interface PartiqlStatement<T> {
    /**
     * The values of the statement's {@code ?} placeholders, in order: {@code String} (S), any
     * {@code Number} (N), {@code Boolean} (BOOL), {@code byte[]} (B), or an {@code AttributeValue}.
     * Replaces earlier parameters.
     */
    PartiqlStatement<T> parameters(Object... values);

    /** Strongly consistent reads (the table only). */
    PartiqlStatement<T> consistentRead();

    /** How many items each request evaluates (DynamoDB's {@code Limit}). */
    PartiqlStatement<T> pageSize(int itemsPerRequest);

    /**
     * Returns items whose TTL has passed too. Without it, items whose TTL attribute (epoch seconds) is
     * at or before the table's clock are skipped as they arrive (a statement selecting columns must
     * select the TTL attribute for them to be told apart).
     */
    PartiqlStatement<T> includeExpired();

    /** The first request, without sending it. */
    ExecuteStatementRequest toRequest();

    default Explanation explain() {
        return Explanation.of("ExecuteStatement", toRequest());
    }

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
