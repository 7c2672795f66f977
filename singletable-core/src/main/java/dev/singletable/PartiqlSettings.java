package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;

/**
 * The settings of a PartiQL {@code SELECT}, shared by {@link PartiqlStatement} and
 * {@link AsyncPartiqlStatement}: each returns a new statement with the setting, so settings chain.
 *
 * <pre>{@code
 * table.partiql(ORDER_LINE, "SELECT * FROM \"AppTable\" WHERE \"PK\" = ?")
 *      .parameters("ORDER#O1")
 *      .consistentRead()
 *      .pageSize(50);
 * }</pre>
 *
 * @param <S> the statement type the settings return
 */
public interface PartiqlSettings<S extends PartiqlSettings<S>> {
    /**
     * The values of the statement's {@code ?} placeholders, in order: {@code String} (S), any
     * {@code Number} (N), {@code Boolean} (BOOL), {@code byte[]} (B), or an {@code AttributeValue}.
     * Replaces earlier parameters.
     */
    S parameters(Object... values);

    /** Strongly consistent reads (the table only). */
    S consistentRead();

    /** How many items each request evaluates (DynamoDB's {@code Limit}). */
    S pageSize(int itemsPerRequest);

    /**
     * Returns items whose TTL has passed too. Without it, items whose TTL attribute (epoch seconds) is
     * at or before the table's clock are skipped as they arrive (a statement selecting columns must
     * select the TTL attribute for them to be told apart).
     */
    S includeExpired();

    /** The first request, without sending it. */
    ExecuteStatementRequest toRequest();

    default Explanation explain() {
        return Explanation.of("ExecuteStatement", toRequest());
    }
}
