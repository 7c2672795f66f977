package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Objects;

/**
 * An attribute holding (part of) a table or index key, and its DynamoDB scalar type.
 *
 * <pre>{@code partitionKey: {name: PK, type: S}}</pre>
 *
 * @param name the attribute's name
 * @param type S (string), N (number) or B (binary)
 */
@Experimental
public record KeyAttributeDefinition(String name, KeyAttributeType type) {
    public KeyAttributeDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }

    /** A string key attribute, the usual kind for templates such as {@code CUSTOMER#{customerId}}. */
    public static KeyAttributeDefinition string(String name) {
        return new KeyAttributeDefinition(name, KeyAttributeType.S);
    }

    /** DynamoDB's scalar types of key attributes. */
    public enum KeyAttributeType {
        /** String. */
        S,
        /** Number. */
        N,
        /** Binary. */
        B
    }
}
