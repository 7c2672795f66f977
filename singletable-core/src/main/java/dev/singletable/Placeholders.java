package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Hands out the {@code #name} and {@code :value} placeholders of one rendered request, so that
 * every attribute name (reserved words such as {@code status}, {@code name}, {@code count}
 * included) and every value reaches DynamoDB through ExpressionAttributeNames and
 * ExpressionAttributeValues. singletable supplies it when it renders {@link Condition}s and
 * {@link Update}s; an attribute name gets the same placeholder each time it is asked for.
 *
 * <pre>{@code
 * String text = Condition.eq(STATUS, OrderStatus.PENDING).render(placeholders); // "#status = :v0"
 * }</pre>
 */
@Stable
public interface Placeholders {
    /** The {@code #placeholder} standing for an attribute name. */
    String name(String attributeName);

    /** A new {@code :placeholder} standing for a value. */
    String value(AttributeValue value);

    /**
     * The {@code #placeholder} standing for a name inside a document path (an embedded record's attribute or
     * a map key, as in {@code #home.#city}); the same as {@link #name} unless the caller tells the two apart
     * (singletable does, to check conditions name the entity's own attributes).
     */
    default String nestedName(String name) {
        return name(name);
    }
}
