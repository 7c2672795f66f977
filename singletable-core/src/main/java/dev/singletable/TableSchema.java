package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The single table: its name, the attributes holding the primary key (generic {@code PK} and
 * {@code SK} by default), its GSIs, the attribute naming each item's entity type
 * ({@code entityType} by default), an optional TTL attribute, and the entity types stored in it.
 * {@link Builder#build()} checks that every entity's templates fit the table's indexes.
 *
 * <pre>{@code
 * TableSchema schema = TableSchema.builder("AppTable")
 *         .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
 *         .timeToLiveAttribute("ttl")
 *         .entities(CUSTOMER, ORDER)
 *         .build();
 * }</pre>
 */
@Stable
public final class TableSchema {
    private final String name;
    private final KeyAttribute partitionKey;
    private final KeyAttribute sortKey;
    private final Map<String, IndexSchema> indexes;
    private final String entityTypeAttribute;
    private final String timeToLiveAttribute;
    private final StreamViewType streamViewType;
    private final Map<String, EntitySchema<?>> entities;
    private final Map<String, Relation<?, ?>> relations;
    private final List<EntityStates<?>> states;

    private TableSchema(Builder builder) {
        this.name = builder.name;
        this.partitionKey = builder.partitionKey;
        this.sortKey = builder.sortKey;
        Map<String, IndexSchema> resolved = new LinkedHashMap<>();
        for (IndexSchema index : builder.indexes.values()) {
            resolved.put(index.name(), index.kind() == IndexKind.LOCAL ? index.withPartitionKey(builder.partitionKey) : index);
        }
        this.indexes = Collections.unmodifiableMap(resolved);
        this.entityTypeAttribute = builder.entityTypeAttribute;
        this.timeToLiveAttribute = builder.timeToLiveAttribute;
        this.streamViewType = builder.streamViewType;
        this.entities = Collections.unmodifiableMap(new LinkedHashMap<>(builder.entities));
        this.relations = Collections.unmodifiableMap(new LinkedHashMap<>(builder.relations));
        this.states = List.copyOf(builder.states);
    }

    public static Builder builder(String tableName) {
        NullArgumentException.check("TableSchema.builder", "tableName", tableName);
        return new Builder(tableName);
    }

    /** A builder holding this schema's settings, to derive a variant (another table name, say). */
    public Builder toBuilder() {
        Builder builder = new Builder(name);
        builder.partitionKey = partitionKey;
        builder.sortKey = sortKey;
        builder.indexes.putAll(indexes);
        builder.entityTypeAttribute = entityTypeAttribute;
        builder.timeToLiveAttribute = timeToLiveAttribute;
        builder.streamViewType = streamViewType;
        builder.entities.putAll(entities);
        builder.relations.putAll(relations);
        builder.states.addAll(states);
        return builder;
    }

    public String name() {
        return name;
    }

    public String partitionKeyAttribute() {
        return partitionKey.name();
    }

    public Optional<String> sortKeyAttribute() {
        return sortKey == null ? Optional.empty() : Optional.of(sortKey.name());
    }

    /** The table's partition key attribute and its type. */
    public KeyAttribute partitionKey() {
        return partitionKey;
    }

    /** The table's sort key attribute and its type; empty for a table with a partition key only. */
    public Optional<KeyAttribute> sortKey() {
        return Optional.ofNullable(sortKey);
    }

    /** The secondary indexes, global and local, in declaration order; an LSI's partition key is the table's. */
    public List<IndexSchema> indexes() {
        return List.copyOf(indexes.values());
    }

    /**
     * The DynamoDB type of a key attribute of the table or of any index, such as {@code N} for a
     * numeric sort key; empty when no key uses the attribute.
     */
    public Optional<KeyType> keyType(String attributeName) {
        NullArgumentException.check("TableSchema.keyType", "attributeName", attributeName);
        if (partitionKey.name().equals(attributeName)) {
            return Optional.of(partitionKey.type());
        }
        if (sortKey != null && sortKey.name().equals(attributeName)) {
            return Optional.of(sortKey.type());
        }
        for (IndexSchema index : indexes.values()) {
            for (KeyAttribute attribute : index.keyAttributes()) {
                if (attribute.name().equals(attributeName)) {
                    return Optional.of(attribute.type());
                }
            }
        }
        return Optional.empty();
    }

    public Optional<IndexSchema> index(String indexName) {
        NullArgumentException.check("TableSchema.index", "indexName", indexName);
        return Optional.ofNullable(indexes.get(indexName));
    }

    public String entityTypeAttribute() {
        return entityTypeAttribute;
    }

    public Optional<String> timeToLiveAttribute() {
        return Optional.ofNullable(timeToLiveAttribute);
    }

    /**
     * The view type of the table's DynamoDB stream, when the schema declares one: {@code createTable} enables the
     * stream with it, the CLI's export writes it, and {@code dev.singletable.changes} reads it.
     */
    @Experimental
    public Optional<StreamViewType> streamViewType() {
        return Optional.ofNullable(streamViewType);
    }

    /** The entity types in declaration order. */
    public List<EntitySchema<?>> entities() {
        return List.copyOf(entities.values());
    }

    /** The entity type with this name. */
    public Optional<EntitySchema<?>> entity(String type) {
        NullArgumentException.check("TableSchema.entity", "type", type);
        return Optional.ofNullable(entities.get(type));
    }

    /**
     * The entity type with this name as a schema of its Java type: the very object the table was built with, which the
     * table's operations take.
     *
     * <pre>{@code
     * EntitySchema<Order> orders = table.schema().entity("Order", Order.class).orElseThrow();
     * table.update(orders, KeyValues.of("orderId", "O1"), u -> u.set(STATUS, "PAID"));
     * }</pre>
     *
     * @throws SchemaDefinitionException when the entity type is of another Java type
     */
    @Experimental
    public <T> Optional<EntitySchema<T>> entity(String type, Class<T> javaType) {
        NullArgumentException.check("TableSchema.entity", "type", type, "javaType", javaType);
        EntitySchema<?> entity = entities.get(type);
        if (entity == null) {
            return Optional.empty();
        }
        if (!entity.javaType().equals(javaType)) {
            throw new SchemaDefinitionException("Entity type " + type + " of table " + name + " is of Java type "
                    + entity.javaType().getName() + ", not " + javaType.getName() + "; ask for it with "
                    + entity.javaType().getSimpleName() + ".class");
        }
        @SuppressWarnings("unchecked") // its Java type, checked above
        EntitySchema<T> typed = (EntitySchema<T>) entity;
        return Optional.of(typed);
    }

    /** The many-to-many relations declared on the table, as declared (not inverted), in declaration order. */
    public List<Relation<?, ?>> relations() {
        return List.copyOf(relations.values());
    }

    /** The relation with this name. */
    public Optional<Relation<?, ?>> relation(String name) {
        NullArgumentException.check("TableSchema.relation", "name", name);
        return Optional.ofNullable(relations.get(name));
    }

    /** The entities stored under a key that depends on their state; their states are among {@link #entities()}. */
    public List<EntityStates<?>> states() {
        return states;
    }

    /** The states of the entities of this Java type, when they are declared with {@link Builder#states}. */
    public Optional<EntityStates<?>> statesOf(Class<?> javaType) {
        NullArgumentException.check("TableSchema.statesOf", "javaType", javaType);
        return states.stream().filter(s -> s.states().get(0).javaType() == javaType).findFirst();
    }

    @Override
    public String toString() {
        return "TableSchema[" + name + ", " + partitionKey.name() + (sortKey == null ? "" : "/" + sortKey.name())
                + ", indexes " + indexes.keySet() + ", entities " + entities.keySet() + "]";
    }

    /** Builds a {@link TableSchema}. */
    public static final class Builder {
        private String name;
        private KeyAttribute partitionKey = KeyAttribute.string("PK");
        private KeyAttribute sortKey = KeyAttribute.string("SK");
        private final Map<String, IndexSchema> indexes = new LinkedHashMap<>();
        private String entityTypeAttribute = "entityType";
        private String timeToLiveAttribute;
        private StreamViewType streamViewType;
        private final Map<String, EntitySchema<?>> entities = new LinkedHashMap<>();
        private final Map<String, Relation<?, ?>> relations = new LinkedHashMap<>();
        private final List<EntityStates<?>> states = new ArrayList<>();

        private Builder(String name) {
            name(name);
        }

        /** The table name: 3 to 255 characters of a-z, A-Z, 0-9, '_', '-' and '.'. */
        public Builder name(String name) {
            NullArgumentException.check("TableSchema.Builder.name", "name", name);
            Objects.requireNonNull(name, "name");
            if (!DynamoNames.isTableOrIndexName(name)) {
                throw new SchemaDefinitionException("Table name '" + name + "' is not valid: DynamoDB table names are 3 to 255 "
                        + "characters of a-z, A-Z, 0-9, '_', '-' and '.'");
            }
            this.name = name;
            return this;
        }

        /** The attribute holding the partition key, a string; {@code PK} by default. */
        public Builder partitionKeyAttribute(String attribute) {
            NullArgumentException.check("TableSchema.Builder.partitionKeyAttribute", "attribute", attribute);
            this.partitionKey = KeyAttribute.string(IndexSchema.requireName(attribute, "partition key attribute"));
            return this;
        }

        /** The attribute holding the sort key, a string; {@code SK} by default. */
        public Builder sortKeyAttribute(String attribute) {
            NullArgumentException.check("TableSchema.Builder.sortKeyAttribute", "attribute", attribute);
            this.sortKey = KeyAttribute.string(IndexSchema.requireName(attribute, "sort key attribute"));
            return this;
        }

        /**
         * The partition key attribute and its type, such as {@code KeyAttribute.number("userId")}: a
         * number or binary key takes entity templates that are exactly one slot, {@code {userId}}.
         */
        public Builder partitionKey(KeyAttribute attribute) {
            NullArgumentException.check("TableSchema.Builder.partitionKey", "attribute", attribute);
            this.partitionKey = attribute;
            return this;
        }

        /** The sort key attribute and its type; see {@link #partitionKey(KeyAttribute)}. */
        public Builder sortKey(KeyAttribute attribute) {
            NullArgumentException.check("TableSchema.Builder.sortKey", "attribute", attribute);
            this.sortKey = attribute;
            return this;
        }

        /** The table has a partition key only: entities give a partition key template only. */
        public Builder noSortKey() {
            this.sortKey = null;
            return this;
        }

        /** A global or local secondary index; see {@link IndexSchema}. */
        public Builder index(IndexSchema index) {
            NullArgumentException.check("TableSchema.Builder.index", "index", index);
            if (indexes.putIfAbsent(index.name(), index) != null) {
                throw new SchemaDefinitionException("Table " + name + ": index '" + index.name() + "' is declared twice");
            }
            return this;
        }

        /** The attribute holding each item's entity type; {@code entityType} by default. */
        public Builder entityTypeAttribute(String attribute) {
            NullArgumentException.check("TableSchema.Builder.entityTypeAttribute", "attribute", attribute);
            this.entityTypeAttribute = IndexSchema.requireName(attribute, "entity type attribute");
            return this;
        }

        /** The table's TTL attribute (epoch seconds, a Number); none by default. */
        public Builder timeToLiveAttribute(String attribute) {
            NullArgumentException.check("TableSchema.Builder.timeToLiveAttribute", "attribute", attribute);
            this.timeToLiveAttribute = IndexSchema.requireName(attribute, "TTL attribute");
            return this;
        }

        /**
         * Declares the table's DynamoDB stream and what its records carry: {@code NEW_AND_OLD_IMAGES} (what change
         * handlers that compare values need), {@code NEW_IMAGE}, {@code OLD_IMAGE} or {@code KEYS_ONLY}. None by default.
         *
         * <pre>{@code TableSchema.builder("AppTable").stream(StreamViewType.NEW_AND_OLD_IMAGES).entities(USER).build();}</pre>
         *
         * @throws SchemaDefinitionException for {@code UNKNOWN_TO_SDK_VERSION}
         */
        @Experimental
        public Builder stream(StreamViewType viewType) {
            NullArgumentException.check("TableSchema.Builder.stream", "viewType", viewType);
            if (viewType == StreamViewType.UNKNOWN_TO_SDK_VERSION) {
                throw new SchemaDefinitionException("Table " + name + ": stream view type " + viewType.name() + " is not one DynamoDB "
                        + "knows; use NEW_AND_OLD_IMAGES, NEW_IMAGE, OLD_IMAGE or KEYS_ONLY");
            }
            this.streamViewType = viewType;
            return this;
        }

        /** Declares no stream (the default), to derive a schema without the stream of another. */
        @Experimental
        public Builder noStream() {
            this.streamViewType = null;
            return this;
        }

        public Builder entities(EntitySchema<?>... entities) {
            NullArgumentException.check("TableSchema.Builder.entities", "entities", entities);
            for (EntitySchema<?> entity : entities) {
                entity(entity);
            }
            return this;
        }

        public Builder entity(EntitySchema<?> entity) {
            NullArgumentException.check("TableSchema.Builder.entity", "entity", entity);
            if (entities.putIfAbsent(entity.type(), entity) != null) {
                throw new SchemaDefinitionException("Table " + name + ": entity type '" + entity.type()
                        + "' is declared twice; entity type names must be unique in a table");
            }
            return this;
        }

        /**
         * A many-to-many relation between two of the table's entities: its two adjacency item types
         * become entity types of the table (checked with the others when the schema is built).
         *
         * <pre>{@code TableSchema.builder("AppTable").entities(USER, GROUP).relation(MEMBERSHIP).build();}</pre>
         */
        public Builder relation(Relation<?, ?> relation) {
            NullArgumentException.check("TableSchema.Builder.relation", "relation", relation);
            Relation<?, ?> declared = relation.isInverse() ? relation.inverse() : relation;
            if (relations.putIfAbsent(declared.name(), declared) != null) {
                throw new SchemaDefinitionException("Table " + name + ": relation '" + declared.name() + "' is declared twice; "
                        + "relation names must be unique in a table");
            }
            return this;
        }

        /**
         * An entity stored under a key that depends on its state: each state is added as an entity type
         * of its own.
         *
         * <pre>{@code TableSchema.builder("AppTable").states(PRODUCT).build();}</pre>
         */
        public Builder states(EntityStates<?> states) {
            NullArgumentException.check("TableSchema.Builder.states", "states", states);
            for (EntitySchema<?> state : states.states()) {
                entity(state);
            }
            this.states.add(states);
            return this;
        }

        /**
         * @throws SchemaDefinitionException when an entity's keys do not fit the table's indexes, an
         *         entity attribute collides with a key or entity-type attribute, a key attribute has two
         *         types, DynamoDB's limits (20 GSIs, 5 LSIs, 100 INCLUDE attributes) are passed, or two
         *         entity types can write the same primary key (see the README's key templates section)
         */
        public TableSchema build() {
            dev.singletable.internal.Tables.checkIndexes(name, partitionKey, Optional.ofNullable(sortKey), indexes.values());
            for (Relation<?, ?> relation : relations.values()) {
                dev.singletable.internal.Tables.checkRelation(name, relation, entities, states);
                for (EntitySchema<?> items : List.of(relation.firstSideItems(), relation.secondSideItems())) {
                    if (entities.get(items.type()) != items) {
                        entity(items);
                    }
                }
            }
            TableSchema schema = new TableSchema(this);
            // keys, attributes and templates over all entities; every entity bound, escapes and primary keys
            dev.singletable.internal.Tables.check(schema);
            return schema;
        }
    }
}
