package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Optional;

/**
 * How one Java type is stored as a DynamoDB {@link AttributeValue}. The built-in types are in
 * {@link AttributeTypes}; implement this interface to store a type of your own.
 *
 * <p>Implementations throw {@link IllegalArgumentException} with the reason when a value cannot
 * be stored or read; singletable adds the entity and attribute to the message.
 *
 * <pre>{@code
 * AttributeType<Money> MONEY = new AttributeType<>() {
 *     public String typeName() { return "Money"; }
 *     public AttributeValue toAttributeValue(Money m) { return AttributeValue.fromS(m.toString()); }
 *     public Money fromAttributeValue(AttributeValue v) { return Money.parse(v.s()); }
 * };
 * }</pre>
 *
 * @param <V> the Java type
 */
@Stable
public interface AttributeType<V> {

    /** A short name for messages, such as {@code String} or {@code Set<String>}. */
    String typeName();

    /** Converts a non-null value; throws {@link IllegalArgumentException} when it cannot be stored. */
    AttributeValue toAttributeValue(V value);

    /** Converts a stored, non-null value; throws {@link IllegalArgumentException} when it has the wrong shape. */
    V fromAttributeValue(AttributeValue value);

    /**
     * True when the value is written as no attribute at all, such as an empty set (DynamoDB
     * refuses empty sets) or an empty {@code Optional}.
     */
    default boolean isOmitted(V value) {
        return false;
    }

    /**
     * The value an absent attribute reads as, such as an empty set or {@code Optional.empty()};
     * empty when an absent attribute reads as {@code null} (or fails, for a required attribute).
     */
    default Optional<V> valueWhenAbsent() {
        return Optional.empty();
    }
}
