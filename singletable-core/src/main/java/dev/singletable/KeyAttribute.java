package dev.singletable;


/**
 * A key attribute of the table or of an index: its name and its DynamoDB type.
 *
 * <pre>{@code
 * TableSchema.builder("Scores").partitionKey(KeyAttribute.string("PK")).sortKey(KeyAttribute.number("score"))
 * }</pre>
 *
 * @param name the attribute's name in the item
 * @param type S, N or B
 */
@Stable
public record KeyAttribute(String name, KeyType type) {

    /** Checks the name is 1 to 255 bytes (UTF-8), DynamoDB's limit for key attribute names, and the type is given. */
    public KeyAttribute {
        NullArgumentException.check("KeyAttribute", "name", name, "type", type);
        if (name.isEmpty()) {
            throw new SchemaDefinitionException("A key attribute name cannot be empty"
                    + "; give the attribute's name, such as \"PK\"");
        }
        int bytes = name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        if (bytes > 255) {
            throw new SchemaDefinitionException("Key attribute name '" + name.substring(0, 40) + "…' is " + bytes
                    + " bytes, over 255, DynamoDB's limit for key attribute names; give it a shorter name");
        }
    }

    /** A string key attribute. */
    public static KeyAttribute string(String name) {
        return new KeyAttribute(name, KeyType.S);
    }

    /** A number key attribute. */
    public static KeyAttribute number(String name) {
        return new KeyAttribute(name, KeyType.N);
    }

    /** A binary key attribute. */
    public static KeyAttribute binary(String name) {
        return new KeyAttribute(name, KeyType.B);
    }

    @Override
    public String toString() {
        return name + " (" + type + ")";
    }
}
