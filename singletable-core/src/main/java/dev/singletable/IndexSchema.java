package dev.singletable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A secondary index of the table: its name, whether it is global or local, the attributes of its
 * partition key and sort key with their types, and its projection.
 *
 * <p>A global index (GSI) has a partition key of one to four attributes and a sort key of zero to
 * four; several attributes make a multi-attribute key (DynamoDB, November 2025; Amazon DynamoDB or
 * DynamoDB Local 3.3+). A local index (LSI) has the table's partition key and one sort attribute.
 * Key attributes may be the table's own key attributes (an inverted index: partition key = the
 * table's sort key) or attributes the entities store themselves.
 *
 * <pre>{@code
 * IndexSchema.of("GSI1", "GSI1PK", "GSI1SK");                                          // GSI, string keys, ALL
 * IndexSchema.global("Inverted").partitionKey(KeyAttribute.string("SK")).sortKey(KeyAttribute.string("PK")).build();
 * IndexSchema.global("ByScore").partitionKey(KeyAttribute.string("game")).sortKey(KeyAttribute.number("score"))
 *         .projection(Projection.keysOnly()).build();
 * IndexSchema.local("ByDate").sortKey(KeyAttribute.string("createdAt")).projection(Projection.include("total")).build();
 * }</pre>
 */
@Stable
public final class IndexSchema {
    /** DynamoDB's limit on the attributes of a multi-attribute partition key, and of a sort key. */
    public static final int MAX_KEY_ATTRIBUTES = 4;

    private final String name;
    private final IndexKind kind;
    private final List<KeyAttribute> partitionKey;
    private final List<KeyAttribute> sortKey;
    private final Projection projection;

    private IndexSchema(String name, IndexKind kind, List<KeyAttribute> partitionKey, List<KeyAttribute> sortKey, Projection projection) {
        this.name = requireName(name, "index name");
        if (!DynamoNames.isTableOrIndexName(name)) {
            throw new SchemaDefinitionException("Index name '" + name + "' is not valid: DynamoDB index names are 3 to 255 "
                    + "characters of a-z, A-Z, 0-9, '_', '-' and '.'");
        }
        this.kind = kind;
        this.partitionKey = List.copyOf(partitionKey);
        this.sortKey = List.copyOf(sortKey);
        this.projection = Objects.requireNonNull(projection, "projection");
        String what = (kind == IndexKind.GLOBAL ? "GSI '" : "LSI '") + name + "'";
        if (kind == IndexKind.GLOBAL && (this.partitionKey.isEmpty() || this.partitionKey.size() > MAX_KEY_ATTRIBUTES)) {
            throw new SchemaDefinitionException(what + " has " + this.partitionKey.size() + " partition key attributes; a GSI has 1 to "
                    + MAX_KEY_ATTRIBUTES + ": give them with partitionKey(...)");
        }
        if (kind == IndexKind.GLOBAL && this.sortKey.size() > MAX_KEY_ATTRIBUTES) {
            throw new SchemaDefinitionException(what + " has " + this.sortKey.size() + " sort key attributes; a GSI has at most "
                    + MAX_KEY_ATTRIBUTES + ": remove " + (this.sortKey.size() - MAX_KEY_ATTRIBUTES));
        }
        if (kind == IndexKind.LOCAL && this.sortKey.size() != 1) {
            throw new SchemaDefinitionException(what + " has " + this.sortKey.size() + " sort key attributes; an LSI has exactly one "
                    + "(and the table's partition key): give it with sortKey(...)");
        }
        if (kind == IndexKind.LOCAL && this.partitionKey.size() > 1) {
            throw new SchemaDefinitionException(what + " has " + this.partitionKey.size() + " partition key attributes; an LSI has "
                    + "the table's partition key: leave partitionKey(...) out");
        }
        Set<String> names = new HashSet<>();
        for (KeyAttribute attribute : keyAttributes()) {
            if (!names.add(attribute.name())) {
                throw new SchemaDefinitionException(what + " names key attribute '" + attribute.name() + "' twice; each key "
                        + "attribute of an index is a different attribute");
            }
        }
        for (String included : projection.nonKeyAttributes()) {
            if (names.contains(included)) {
                throw new SchemaDefinitionException(what + ": INCLUDE projection names '" + included + "', a key attribute of the "
                        + "index, which every projection holds anyway; remove it from include(...)");
            }
        }
    }

    /** A GSI with a string partition key and a string sort key, projecting ALL. */
    public static IndexSchema of(String name, String partitionKeyAttribute, String sortKeyAttribute) {
        NullArgumentException.check("IndexSchema.of", "name", name, "partitionKeyAttribute", partitionKeyAttribute, "sortKeyAttribute", sortKeyAttribute);
        return new IndexSchema(name, IndexKind.GLOBAL, List.of(KeyAttribute.string(requireName(partitionKeyAttribute,
                "partition key attribute of index " + name))),
                List.of(KeyAttribute.string(requireName(sortKeyAttribute, "sort key attribute of index " + name))), Projection.all());
    }

    /** A GSI with a string partition key and no sort key, projecting ALL. */
    public static IndexSchema of(String name, String partitionKeyAttribute) {
        NullArgumentException.check("IndexSchema.of", "name", name, "partitionKeyAttribute", partitionKeyAttribute);
        return new IndexSchema(name, IndexKind.GLOBAL, List.of(KeyAttribute.string(requireName(partitionKeyAttribute,
                "partition key attribute of index " + name))), List.of(), Projection.all());
    }

    /** Starts a global secondary index; see the class example. */
    public static Builder global(String name) {
        return new Builder(name, IndexKind.GLOBAL);
    }

    /** Starts a local secondary index: the table's partition key and one sort key attribute. */
    public static Builder local(String name) {
        return new Builder(name, IndexKind.LOCAL);
    }

    public String name() {
        return name;
    }

    public IndexKind kind() {
        return kind;
    }

    /**
     * The partition key attributes, in order: one for a single-attribute key, up to four for a
     * multi-attribute key. For an LSI read from its {@link TableSchema}, the table's partition
     * key; empty for an LSI built without one and not yet in a table.
     */
    public List<KeyAttribute> partitionKey() {
        return partitionKey;
    }

    /** The sort key attributes, in order; empty when the index has no sort key. */
    public List<KeyAttribute> sortKey() {
        return sortKey;
    }

    public Projection projection() {
        return projection;
    }

    /** Every key attribute of the index, partition key first. */
    public List<KeyAttribute> keyAttributes() {
        List<KeyAttribute> all = new ArrayList<>(partitionKey);
        all.addAll(sortKey);
        return List.copyOf(all);
    }

    /**
     * The name of the (first) partition key attribute.
     *
     * @throws SchemaDefinitionException for an LSI not read from its table, whose partition key is the table's
     */
    public String partitionKeyAttribute() {
        if (partitionKey.isEmpty()) {
            throw new SchemaDefinitionException("LSI '" + name + "' has the table's partition key; read the index from its "
                    + "TableSchema (schema.index(\"" + name + "\")) to see it");
        }
        return partitionKey.get(0).name();
    }

    /** The name of the (first) sort key attribute, when the index has a sort key. */
    public Optional<String> sortKeyAttribute() {
        return sortKey.isEmpty() ? Optional.empty() : Optional.of(sortKey.get(0).name());
    }

    /** True when the partition key or the sort key has more than one attribute. */
    public boolean hasMultiAttributeKey() {
        return partitionKey.size() > 1 || sortKey.size() > 1;
    }

    /** This LSI with the table's partition key, as its table holds it. */
    IndexSchema withPartitionKey(KeyAttribute tablePartitionKey) {
        return new IndexSchema(name, kind, List.of(tablePartitionKey), sortKey, projection);
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
        return o instanceof IndexSchema other && other.name.equals(name) && other.kind == kind
                && other.partitionKey.equals(partitionKey) && other.sortKey.equals(sortKey) && other.projection.equals(projection);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, kind, partitionKey, sortKey, projection);
    }

    @Override
    public String toString() {
        if (kind == IndexKind.GLOBAL && !hasMultiAttributeKey() && projection.kind() == Projection.Kind.ALL
                && keyAttributes().stream().allMatch(a -> a.type() == KeyType.S)) {
            return name + "(" + partitionKey.get(0).name() + sortKeyAttribute().map(sk -> ", " + sk).orElse("") + ")";
        }
        return name + "(" + kind + ", partition " + partitionKey + ", sort " + sortKey + ", " + projection + ")";
    }

    /** Builds an {@link IndexSchema}; see the class example. */
    public static final class Builder {
        private final String name;
        private final IndexKind kind;
        private List<KeyAttribute> partitionKey = List.of();
        private List<KeyAttribute> sortKey = List.of();
        private Projection projection = Projection.all();

        private Builder(String name, IndexKind kind) {
            this.name = requireName(name, "index name");
            this.kind = kind;
        }

        /**
         * The partition key attribute, or up to four for a multi-attribute key (GSI only). An LSI
         * takes the table's partition key: give it only to state it (it must be the table's).
         */
        public Builder partitionKey(KeyAttribute... attributes) {
            this.partitionKey = attributes(attributes, "partition key");
            return this;
        }

        /** The sort key attribute, or up to four for a multi-attribute key (GSI only). */
        public Builder sortKey(KeyAttribute... attributes) {
            this.sortKey = attributes(attributes, "sort key");
            return this;
        }

        /** What the index holds besides the keys; {@link Projection#all()} by default. */
        public Builder projection(Projection projection) {
            NullArgumentException.check("IndexSchema.Builder.projection", "projection", projection);
            this.projection = projection;
            return this;
        }

        private List<KeyAttribute> attributes(KeyAttribute[] attributes, String what) {
            NullArgumentException.check("IndexSchema.Builder." + (what.startsWith("partition") ? "partitionKey" : "sortKey"), "attributes", attributes);
            for (KeyAttribute attribute : attributes) {
                if (attribute == null) {
                    throw new SchemaDefinitionException("Index '" + name + "': a " + what + " attribute is null; give "
                            + "KeyAttribute.string(\"...\"), number(...) or binary(...)");
                }
            }
            return List.of(attributes);
        }

        /** @throws SchemaDefinitionException when the keys do not fit the kind of index (see the class description) */
        public IndexSchema build() {
            return new IndexSchema(name, kind, partitionKey, sortKey, projection);
        }
    }
}
