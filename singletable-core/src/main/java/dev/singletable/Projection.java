package dev.singletable;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Which attributes a secondary index holds besides the keys: all of them, none, or those named.
 * The table's and the index's key attributes are always projected.
 *
 * <pre>{@code
 * IndexSchema.global("ByStatus").partitionKey(KeyAttribute.string("status")).projection(Projection.include("total", "createdAt")).build()
 * }</pre>
 */
@Stable
public final class Projection {
    /** DynamoDB's projection types. */
    public enum Kind { ALL, KEYS_ONLY, INCLUDE }

    private static final Projection ALL = new Projection(Kind.ALL, List.of());
    private static final Projection KEYS_ONLY = new Projection(Kind.KEYS_ONLY, List.of());

    private final Kind kind;
    private final List<String> nonKeyAttributes;

    private Projection(Kind kind, List<String> nonKeyAttributes) {
        this.kind = kind;
        this.nonKeyAttributes = nonKeyAttributes;
    }

    /** Every attribute of the item (the default). */
    public static Projection all() {
        return ALL;
    }

    /** The table's and the index's key attributes only. */
    public static Projection keysOnly() {
        return KEYS_ONLY;
    }

    /**
     * The key attributes and these attributes (stored names). DynamoDB allows 100 such attributes
     * summed over all the table's indexes.
     *
     * @throws SchemaDefinitionException when no attribute, an empty name or a name twice is given
     */
    public static Projection include(String... attributes) {
        NullArgumentException.check("Projection.include", "attributes", attributes);
        if (attributes.length == 0) {
            throw new SchemaDefinitionException("Projection.include() names no attribute; name the attributes the index holds "
                    + "besides the keys, or use Projection.keysOnly()");
        }
        Set<String> names = new LinkedHashSet<>();
        for (String attribute : attributes) {
            if (attribute == null || attribute.isEmpty()) {
                throw new SchemaDefinitionException("Projection.include(...) names an attribute that is " + (attribute == null ? "null" : "empty")
                        + "; give the stored attribute names");
            }
            if (!names.add(attribute)) {
                throw new SchemaDefinitionException("Projection.include(...) names '" + attribute + "' twice; name it once");
            }
            int bytes = attribute.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            if (bytes > 255) {
                throw new SchemaDefinitionException("Projection.include(...) names '" + attribute.substring(0, 40) + "…', " + bytes
                        + " bytes, over 255, DynamoDB's limit for projected attribute names; give the attribute a shorter name");
            }
        }
        return new Projection(Kind.INCLUDE, List.copyOf(names));
    }

    public Kind kind() {
        return kind;
    }

    /** The attributes an INCLUDE projection names; empty for ALL and KEYS_ONLY. */
    public List<String> nonKeyAttributes() {
        return nonKeyAttributes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Projection other && other.kind == kind && other.nonKeyAttributes.equals(nonKeyAttributes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, nonKeyAttributes);
    }

    @Override
    public String toString() {
        return kind == Kind.INCLUDE ? "INCLUDE" + nonKeyAttributes : kind.name();
    }
}
