package dev.singletable;




import java.util.Objects;
import java.util.Optional;

/**
 * A global secondary index of the table: its name and the attributes holding its partition and
 * (optional) sort key. Keys are always strings built from the entities' templates. Projection
 * is ALL.
 *
 * <pre>{@code
 * IndexSchema.of("GSI1", "GSI1PK", "GSI1SK")
 * }</pre>
 */
public final class IndexSchema {
    private final String name;
    private final String partitionKeyAttribute;
    private final String sortKeyAttribute;

    private IndexSchema(String name, String partitionKeyAttribute, String sortKeyAttribute) {
        this.name = requireName(name, "index name");
        this.partitionKeyAttribute = requireName(partitionKeyAttribute, "index " + name + " partition key attribute");
        this.sortKeyAttribute = sortKeyAttribute == null ? null : requireName(sortKeyAttribute, "index " + name + " sort key attribute");
        if (!DynamoNames.isTableOrIndexName(name)) {
            throw new SchemaDefinitionException("Index name '" + name + "' is not valid: DynamoDB index names are 3 to 255 "
                    + "characters of a-z, A-Z, 0-9, '_', '-' and '.'");
        }
    }

    public static IndexSchema of(String name, String partitionKeyAttribute, String sortKeyAttribute) {
        NullArgumentException.check("IndexSchema.of", "name", name, "partitionKeyAttribute", partitionKeyAttribute, "sortKeyAttribute", sortKeyAttribute);
        return new IndexSchema(name, partitionKeyAttribute, Objects.requireNonNull(sortKeyAttribute, "sortKeyAttribute"));
    }

    /** An index without a sort key. */
    public static IndexSchema of(String name, String partitionKeyAttribute) {
        NullArgumentException.check("IndexSchema.of", "name", name, "partitionKeyAttribute", partitionKeyAttribute);
        return new IndexSchema(name, partitionKeyAttribute, null);
    }

    public String name() {
        return name;
    }

    public String partitionKeyAttribute() {
        return partitionKeyAttribute;
    }

    public Optional<String> sortKeyAttribute() {
        return Optional.ofNullable(sortKeyAttribute);
    }

    static String requireName(String value, String what) {
        NullArgumentException.check("IndexSchema.requireName", "value", value, "what", what);
        if (value == null || value.isEmpty()) {
            throw new SchemaDefinitionException("The " + what + " cannot be empty");
        }
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IndexSchema other && other.name.equals(name)
                && other.partitionKeyAttribute.equals(partitionKeyAttribute)
                && Objects.equals(other.sortKeyAttribute, sortKeyAttribute);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, partitionKeyAttribute, sortKeyAttribute);
    }

    @Override
    public String toString() {
        return name + "(" + partitionKeyAttribute + (sortKeyAttribute == null ? "" : ", " + sortKeyAttribute) + ")";
    }
}
