package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;

/**
 * An update adding to (or subtracting from) an {@code Integer} or {@code Long} number was refused because the result
 * would leave the type's range; nothing was written. DynamoDB stores any number, so singletable's update carries a
 * condition that keeps the stored number where the result fits: without it the item could no longer be read.
 * It is thrown when the engine returns the stored item with the refusal (Amazon DynamoDB, Dynoxide); {@link #currentItem()}
 * holds it.
 *
 * <pre>{@code
 * try {
 *     table.update(THING, key, u -> u.add(VIEWS, 1), Condition.none());   // views is an int at 2147483647
 * } catch (NumberOutOfRangeException e) {
 *     e.path();          // "views"
 *     e.storedValue();   // 2147483647
 *     e.maximum();       // 2147483647
 * }
 * }</pre>
 */
@Stable
public class NumberOutOfRangeException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;
    private final String path;
    private final BigInteger delta;
    private final BigInteger storedValue;
    private final BigInteger minimum;
    private final BigInteger maximum;

    public NumberOutOfRangeException(String message, String entityType, String operation, Map<String, String> key,
                                     Optional<Map<String, AttributeValue>> currentItem, Optional<Object> currentEntity,
                                     String path, BigInteger delta, BigInteger storedValue, BigInteger minimum,
                                     BigInteger maximum, Throwable cause) {
        super(message, entityType, operation, key, currentItem, currentEntity, cause);
        this.path = path;
        this.delta = delta;
        this.storedValue = storedValue;
        this.minimum = minimum;
        this.maximum = maximum;
    }

    /** The attribute, or path into one, added to: {@code "points"}, {@code "loyalty.points"}. */
    public String path() {
        return path;
    }

    /** What the update added (negative for a subtraction). */
    public BigInteger delta() {
        return delta;
    }

    /** The number stored when the update was refused (from the item the engine returned with the refusal). */
    public BigInteger storedValue() {
        return storedValue;
    }

    /** The smallest value of the attribute's type. */
    public BigInteger minimum() {
        return minimum;
    }

    /** The largest value of the attribute's type. */
    public BigInteger maximum() {
        return maximum;
    }
}
