package dev.singletable;



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
 * {@link #build()} checks that every entity's templates fit the table's indexes.
 *
 * <pre>{@code
 * TableSchema schema = TableSchema.builder("AppTable")
 *         .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
 *         .timeToLiveAttribute("ttl")
 *         .entities(CUSTOMER, ORDER)
 *         .build();
 * }</pre>
 */
public final class TableSchema {
    private final String name;
    private final String partitionKeyAttribute;
    private final String sortKeyAttribute;
    private final Map<String, IndexSchema> indexes;
    private final String entityTypeAttribute;
    private final String timeToLiveAttribute;
    private final Map<String, EntitySchema<?>> entities;

    private TableSchema(Builder builder) {
        this.name = builder.name;
        this.partitionKeyAttribute = builder.partitionKeyAttribute;
        this.sortKeyAttribute = builder.sortKeyAttribute;
        this.indexes = Collections.unmodifiableMap(new LinkedHashMap<>(builder.indexes));
        this.entityTypeAttribute = builder.entityTypeAttribute;
        this.timeToLiveAttribute = builder.timeToLiveAttribute;
        this.entities = Collections.unmodifiableMap(new LinkedHashMap<>(builder.entities));
    }

    public static Builder builder(String tableName) {
        return new Builder(tableName);
    }

    /** A builder holding this schema's settings, to derive a variant (another table name, say). */
    public Builder toBuilder() {
        Builder builder = new Builder(name);
        builder.partitionKeyAttribute = partitionKeyAttribute;
        builder.sortKeyAttribute = sortKeyAttribute;
        builder.indexes.putAll(indexes);
        builder.entityTypeAttribute = entityTypeAttribute;
        builder.timeToLiveAttribute = timeToLiveAttribute;
        builder.entities.putAll(entities);
        return builder;
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

    /** The GSIs in declaration order. */
    public List<IndexSchema> indexes() {
        return List.copyOf(indexes.values());
    }

    public Optional<IndexSchema> index(String indexName) {
        return Optional.ofNullable(indexes.get(indexName));
    }

    public String entityTypeAttribute() {
        return entityTypeAttribute;
    }

    public Optional<String> timeToLiveAttribute() {
        return Optional.ofNullable(timeToLiveAttribute);
    }

    /** The entity types in declaration order. */
    public List<EntitySchema<?>> entities() {
        return List.copyOf(entities.values());
    }

    /** The entity type with this name. */
    public Optional<EntitySchema<?>> entity(String type) {
        return Optional.ofNullable(entities.get(type));
    }

    @Override
    public String toString() {
        return "TableSchema[" + name + ", " + partitionKeyAttribute + (sortKeyAttribute == null ? "" : "/" + sortKeyAttribute)
                + ", indexes " + indexes.keySet() + ", entities " + entities.keySet() + "]";
    }

    /** Builds a {@link TableSchema}. */
    public static final class Builder {
        private String name;
        private String partitionKeyAttribute = "PK";
        private String sortKeyAttribute = "SK";
        private final Map<String, IndexSchema> indexes = new LinkedHashMap<>();
        private String entityTypeAttribute = "entityType";
        private String timeToLiveAttribute;
        private final Map<String, EntitySchema<?>> entities = new LinkedHashMap<>();

        private Builder(String name) {
            name(name);
        }

        /** The table name: 3 to 255 characters of a-z, A-Z, 0-9, '_', '-' and '.'. */
        public Builder name(String name) {
            Objects.requireNonNull(name, "name");
            if (!DynamoNames.isTableOrIndexName(name)) {
                throw new SchemaDefinitionException("Table name '" + name + "' is not valid: DynamoDB table names are 3 to 255 "
                        + "characters of a-z, A-Z, 0-9, '_', '-' and '.'");
            }
            this.name = name;
            return this;
        }

        /** The attribute holding the partition key; {@code PK} by default. */
        public Builder partitionKeyAttribute(String attribute) {
            this.partitionKeyAttribute = IndexSchema.requireName(attribute, "partition key attribute");
            return this;
        }

        /** The attribute holding the sort key; {@code SK} by default. */
        public Builder sortKeyAttribute(String attribute) {
            this.sortKeyAttribute = IndexSchema.requireName(attribute, "sort key attribute");
            return this;
        }

        /** The table has a partition key only. */
        public Builder noSortKey() {
            this.sortKeyAttribute = null;
            return this;
        }

        public Builder index(IndexSchema index) {
            if (indexes.putIfAbsent(index.name(), index) != null) {
                throw new SchemaDefinitionException("Table " + name + ": index '" + index.name() + "' is declared twice");
            }
            return this;
        }

        /** The attribute holding each item's entity type; {@code entityType} by default. */
        public Builder entityTypeAttribute(String attribute) {
            this.entityTypeAttribute = IndexSchema.requireName(attribute, "entity type attribute");
            return this;
        }

        /** The table's TTL attribute (epoch seconds, a Number); none by default. */
        public Builder timeToLiveAttribute(String attribute) {
            this.timeToLiveAttribute = IndexSchema.requireName(attribute, "TTL attribute");
            return this;
        }

        public Builder entities(EntitySchema<?>... entities) {
            for (EntitySchema<?> entity : entities) {
                entity(entity);
            }
            return this;
        }

        public Builder entity(EntitySchema<?> entity) {
            if (entities.putIfAbsent(entity.type(), entity) != null) {
                throw new SchemaDefinitionException("Table " + name + ": entity type '" + entity.type()
                        + "' is declared twice; entity type names must be unique in a table");
            }
            return this;
        }

        /**
         * @throws SchemaDefinitionException when an entity's keys do not fit the table's indexes, an
         *         entity attribute collides with a key or entity-type attribute, or two entity types can
         *         write the same primary key (see the README's key templates section)
         */
        public TableSchema build() {
            Map<String, String> reserved = new LinkedHashMap<>();
            reserve(reserved, partitionKeyAttribute, "the table's partition key");
            if (sortKeyAttribute != null) {
                reserve(reserved, sortKeyAttribute, "the table's sort key");
            }
            for (IndexSchema index : indexes.values()) {
                reserve(reserved, index.partitionKeyAttribute(), "index " + index.name() + "'s partition key");
                index.sortKeyAttribute().ifPresent(sk -> reserve(reserved, sk, "index " + index.name() + "'s sort key"));
            }
            reserve(reserved, entityTypeAttribute, "the entity type");
            List<Class<?>> classes = new ArrayList<>();
            for (EntitySchema<?> entity : entities.values()) {
                if (classes.contains(entity.javaType())) {
                    throw new SchemaDefinitionException("Table " + name + ": two entity types map class "
                            + entity.javaType().getName() + "; each Java type belongs to one entity type");
                }
                classes.add(entity.javaType());
                checkEntity(entity, reserved);
            }
            TableSchema schema = new TableSchema(this);
            SingleTableProvider.instance().checkTableKeys(schema); // escapes and primary keys over all entities
            return schema;
        }

        private void reserve(Map<String, String> reserved, String attribute, String use) {
            String previous = reserved.putIfAbsent(attribute, use);
            if (previous != null) {
                throw new SchemaDefinitionException("Table " + name + ": attribute '" + attribute + "' would hold both "
                        + previous + " and " + use + "; give each its own attribute");
            }
        }

        private void checkEntity(EntitySchema<?> entity, Map<String, String> reserved) {
            for (Attribute<?, ?> attribute : entity.attributes()) {
                String use = reserved.get(attribute.name());
                if (use != null) {
                    throw new SchemaDefinitionException(entity.type() + ": attribute '" + attribute.name()
                            + "' collides with the attribute holding " + use + " in table " + name
                            + "; rename the entity attribute");
                }
                if (attribute.name().equals(timeToLiveAttribute) && attribute.type() != AttributeTypes.EPOCH_SECONDS
                        && attribute.type() != AttributeTypes.LONG && attribute.type() != AttributeTypes.INTEGER) {
                    throw new SchemaDefinitionException(entity.type() + ": attribute '" + attribute.name()
                            + "' is the table's TTL attribute, which DynamoDB reads as epoch seconds; declare it with "
                            + "AttributeTypes.EPOCH_SECONDS (an Instant) or LONG, not " + attribute.type().typeName());
                }
            }
            checkKeyShape(entity, "primary key", entity.primaryKey(), sortKeyAttribute != null);
            for (Map.Entry<String, IndexKey> entry : entity.indexKeys().entrySet()) {
                IndexSchema index = indexes.get(entry.getKey());
                if (index == null) {
                    throw new SchemaDefinitionException(entity.type() + ": index '" + entry.getKey() + "' is not an index of table "
                            + name + "; its indexes are " + indexes.keySet());
                }
                checkKeyShape(entity, "index " + index.name(), entry.getValue(), index.sortKeyAttribute().isPresent());
            }
        }

        private void checkKeyShape(EntitySchema<?> entity, String where, IndexKey key, boolean hasSortKey) {
            if (hasSortKey && key.sort().isEmpty()) {
                throw new SchemaDefinitionException(entity.type() + ": the " + where + " of table " + name
                        + " has a sort key, but the entity gives only a partition key template; add a sort key template");
            }
            if (!hasSortKey && key.sort().isPresent()) {
                throw new SchemaDefinitionException(entity.type() + ": the " + where + " of table " + name
                        + " has no sort key, but the entity gives sort key template '" + key.sort().get().text() + "'");
            }
        }
    }
}
