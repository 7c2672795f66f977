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

    /** Checks the name is not empty and the type is given. */
    public KeyAttribute {
        NullArgumentException.check("KeyAttribute", "name", name, "type", type);
        if (name.isEmpty()) {
            throw new SchemaDefinitionException("A key attribute name cannot be empty"
                    + "; give the attribute's name, such as \"PK\"");
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
