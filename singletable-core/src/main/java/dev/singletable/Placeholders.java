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
public interface Placeholders {
    /** The {@code #placeholder} standing for an attribute name. */
    String name(String attributeName);

    /** A new {@code :placeholder} standing for a value. */
    String value(AttributeValue value);
}
