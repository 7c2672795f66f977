package dev.singletable.partiql;

import dev.singletable.Attribute;
import dev.singletable.EntitySchema;
import dev.singletable.Experimental;
import dev.singletable.Explanation;
import dev.singletable.KeyTemplateException;
import dev.singletable.KeyValues;

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
@Experimental
public interface PartiqlSettings<S extends PartiqlSettings<S>> {
    /**
     * The values of the statement's {@code ?} placeholders, in order: {@code String} (S), any
     * {@code Number} (N), {@code Boolean} (BOOL), {@code byte[]} (B), or an {@code AttributeValue}.
     * Replaces earlier parameters. Their number must match the statement's {@code ?}s (checked before sending).
     */
    S parameters(Object... values);

    /**
     * Adds the next parameter: the value as the attribute stores it (an enum as its name, an {@code Instant} in the
     * attribute's format, a converted type through its converter), so it compares equal to what writes stored.
     *
     * <pre>{@code
     * table.partiql(ORDER, "SELECT * FROM \"AppTable\" WHERE \"PK\" = ? AND \"status\" = ?")
     *      .parameters("CUSTOMER#C1").parameter(STATUS, OrderStatus.SHIPPED).list();
     * }</pre>
     */
    <V> S parameter(Attribute<?, V> attribute, V value);

    /**
     * Adds an item's primary key as the next parameters, composed by the entity's templates: the partition key's value,
     * then the sort key's, for {@code WHERE "PK" = ? AND "SK" = ?}.
     *
     * <pre>{@code
     * table.partiql(ORDER, "SELECT * FROM \"AppTable\" WHERE \"PK\" = ? AND \"SK\" = ?")
     *      .key(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1")).list();
     * }</pre>
     *
     * @throws KeyTemplateException when the key values do not fill the primary key templates
     */
    S key(EntitySchema<?> entity, KeyValues key);

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
        return Explanation.ofRequest(toRequest());
    }
}
