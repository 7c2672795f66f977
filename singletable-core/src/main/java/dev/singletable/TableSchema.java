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
            checkIndexes();
            for (Relation<?, ?> relation : relations.values()) {
                for (EntitySchema<?> end : List.of(relation.first(), relation.second())) {
                    if (entities.get(end.type()) != end) {
                        throw new SchemaDefinitionException("Table " + name + ": relation " + relation.name() + " names entity type "
                                + end.type() + ", which is not " + (entities.containsKey(end.type()) ? "the table's " + end.type()
                                + " (another schema of that name)" : "in the table") + "; add it with entities(...) (entities are "
                                + entities.keySet() + ")");
                    }
                    for (EntityStates<?> stated : states) {
                        if (stated.states().contains(end)) {
                            throw new SchemaDefinitionException(relationOnState(name, relation.name(), end == relation.first() ? "first"
                                    : "second", end.type(), stated));
                        }
                    }
                }
                for (EntitySchema<?> items : List.of(relation.firstSideItems(), relation.secondSideItems())) {
                    if (entities.get(items.type()) != items) {
                        entity(items);
                    }
                }
            }
            Map<String, KeyType> keyTypes = new LinkedHashMap<>();
            Map<String, String> keyUses = new LinkedHashMap<>();
            keyUse(keyTypes, keyUses, partitionKey, "the table's partition key");
            if (sortKey != null) {
                keyUse(keyTypes, keyUses, sortKey, "the table's sort key");
            }
            for (IndexSchema index : indexes.values()) {
                for (KeyAttribute attribute : resolved(index).partitionKey()) {
                    keyUse(keyTypes, keyUses, attribute, "index " + index.name() + "'s partition key");
                }
                for (KeyAttribute attribute : index.sortKey()) {
                    keyUse(keyTypes, keyUses, attribute, "index " + index.name() + "'s sort key");
                }
            }
            if (keyTypes.containsKey(entityTypeAttribute)) {
                throw new SchemaDefinitionException("Table " + name + ": attribute '" + entityTypeAttribute + "' would hold both "
                        + keyUses.get(entityTypeAttribute) + " and the entity type; give each its own attribute");
            }
            List<Class<?>> classes = new ArrayList<>();
            Map<String, String> storedBy = new LinkedHashMap<>();
            for (EntitySchema<?> entity : entities.values()) {
                if (entity.javaType() != DynamicItem.class && classes.contains(entity.javaType())
                        && states.stream().noneMatch(s -> s.states().contains(entity))) {
                    throw new SchemaDefinitionException("Table " + name + ": two entity types map class "
                            + entity.javaType().getName() + "; each Java type belongs to one entity type");
                }
                classes.add(entity.javaType());
                checkEntity(entity, keyTypes, keyUses, storedBy);
            }
            TableSchema schema = new TableSchema(this);
            dev.singletable.internal.Tables.check(schema); // every entity bound, escapes and primary keys over all entities
            return schema;
        }

        /**
         * Why a relation cannot have a side whose keys depend on its state: the same text for the builder, schema files
         * and the processor.
         */
        static String relationOnState(String table, String relation, String side, String type, EntityStates<?> states) {
            List<String> picks = new ArrayList<>();
            states.byValue().forEach((value, state) -> picks.add(value + " -> " + state.type()));
            return "Table " + table + ": relation " + relation + " has " + type + " as its " + side + " side, but " + type
                    + " is a state of " + states.entityName() + ", whose keys depend on '" + states.attribute().name() + "' ("
                    + String.join(", ", picks) + "): when the state changes the item moves to another key, and the relation's "
                    + "adjacency items and related(...) reads would still name the old one. Relations between state-keyed "
                    + "entities are not supported; relate an entity with fixed keys instead (give " + states.entityName()
                    + " one primary key and put the state in a sparse index key, or relate an entity that holds its id)";
        }

        private IndexSchema resolved(IndexSchema index) {
            return index.kind() == IndexKind.LOCAL ? index.withPartitionKey(partitionKey) : index;
        }

        private void checkIndexes() {
            int globals = 0;
            int locals = 0;
            int included = 0;
            for (IndexSchema index : indexes.values()) {
                included += index.projection().nonKeyAttributes().size();
                if (index.kind() == IndexKind.GLOBAL) {
                    globals++;
                    continue;
                }
                locals++;
                if (sortKey == null) {
                    throw new SchemaDefinitionException("Table " + name + ": LSI '" + index.name() + "' needs a table with a sort key, "
                            + "as DynamoDB allows LSIs only there; give the table a sort key or make the index global");
                }
                if (!index.partitionKey().isEmpty() && !index.partitionKey().get(0).equals(partitionKey)) {
                    throw new SchemaDefinitionException("Table " + name + ": LSI '" + index.name() + "' has partition key "
                            + index.partitionKey().get(0) + ", but an LSI has the table's partition key " + partitionKey
                            + "; leave partitionKey(...) out of the LSI, or make it a GSI (IndexSchema.global)");
                }
                if (index.sortKey().get(0).name().equals(sortKey.name())) {
                    throw new SchemaDefinitionException("Table " + name + ": LSI '" + index.name() + "' has the table's own sort key '"
                            + sortKey.name() + "', which gives the table's order again; give it another sort key attribute");
                }
            }
            if (globals > 20) {
                throw new SchemaDefinitionException("Table " + name + " declares " + globals + " GSIs; DynamoDB allows 20 per table: "
                        + "remove " + (globals - 20) + ", or overload one index with several entities' keys (GSI1PK/GSI1SK)");
            }
            if (locals > 5) {
                throw new SchemaDefinitionException("Table " + name + " declares " + locals + " LSIs; DynamoDB allows 5 per table: "
                        + "remove " + (locals - 5) + ", or make some of them GSIs");
            }
            if (included > 100) {
                throw new SchemaDefinitionException("Table " + name + ": the INCLUDE projections of its indexes name " + included
                        + " attributes in all; DynamoDB allows 100 summed over every index (an attribute in two indexes counts "
                        + "twice): project fewer, or project ALL on the indexes that need most");
            }
        }

        private void keyUse(Map<String, KeyType> types, Map<String, String> uses, KeyAttribute attribute, String use) {
            KeyType previous = types.putIfAbsent(attribute.name(), attribute.type());
            if (previous != null && previous != attribute.type()) {
                throw new SchemaDefinitionException("Table " + name + ": key attribute '" + attribute.name() + "' is " + previous
                        + " as " + uses.get(attribute.name()) + " but " + attribute.type() + " as " + use
                        + "; an attribute has one type in DynamoDB: declare the same type for both");
            }
            uses.merge(attribute.name(), use, (a, b) -> a + " and " + b);
        }

        private void checkEntity(EntitySchema<?> entity, Map<String, KeyType> keyTypes, Map<String, String> keyUses,
                                 Map<String, String> storedBy) {
            checkAttributeNames(entity);
            // every key attribute this entity writes, and whether it is the entity's own attribute there
            Map<String, Boolean> ownKeys = new LinkedHashMap<>();
            List<KeyAttribute> primarySort = sortKey == null ? List.of() : List.of(sortKey);
            checkKeyShape(entity, "primary key", entity.primaryKey(), List.of(partitionKey), primarySort);
            Map<String, KeyTemplate> primaryTemplates = new LinkedHashMap<>();
            primaryTemplates.put(partitionKey.name(), entity.primaryKey().partition());
            if (sortKey != null) {
                primaryTemplates.put(sortKey.name(), entity.primaryKey().sort().orElseThrow());
            }
            for (Map.Entry<String, KeyTemplate> part : primaryTemplates.entrySet()) {
                checkPart(entity, "the table", part.getKey(), keyTypes.get(part.getKey()), part.getValue(), ownKeys, storedBy);
            }
            for (Map.Entry<String, IndexKey> entry : entity.indexKeys().entrySet()) {
                checkIndexKey(entity, entry.getKey(), entry.getValue(), primaryTemplates, ownKeys, storedBy);
            }
            for (Attribute<?, ?> attribute : entity.attributes()) {
                String use = keyUses.get(attribute.name());
                if (use != null && !Boolean.TRUE.equals(ownKeys.get(attribute.name()))) {
                    throw new SchemaDefinitionException(entity.type() + ": attribute '" + attribute.name()
                            + "' collides with the attribute holding " + use + " in table " + name
                            + "; rename the entity attribute, or make it the key itself with the template '{" + attribute.name()
                            + "}' on " + (use.startsWith("the table") ? "the primary key" : "that index"));
                }
            }
        }

        /** The entity's attribute names against the table's entity-type and TTL attributes. */
        private void checkAttributeNames(EntitySchema<?> entity) {
            for (Attribute<?, ?> attribute : entity.attributes()) {
                if (attribute.name().equals(entityTypeAttribute)) {
                    throw new SchemaDefinitionException(entity.type() + ": attribute '" + attribute.name()
                            + "' collides with the attribute holding the entity type in table " + name
                            + "; rename the entity attribute");
                }
                if (attribute.name().equals(timeToLiveAttribute) && attribute.type() != AttributeTypes.EPOCH_SECONDS
                        && attribute.type() != AttributeTypes.LONG && attribute.type() != AttributeTypes.INTEGER) {
                    throw new SchemaDefinitionException(entity.type() + ": attribute '" + attribute.name()
                            + "' is the table's TTL attribute, which DynamoDB reads as epoch seconds; declare it with "
                            + "AttributeTypes.EPOCH_SECONDS (an Instant) or LONG, not " + attribute.type().typeName());
                }
            }
        }

        /** The entity's key on one index: a declared index, of its shape, reusing the primary templates on the table's key attributes. */
        private void checkIndexKey(EntitySchema<?> entity, String indexName, IndexKey key, Map<String, KeyTemplate> primaryTemplates,
                                   Map<String, Boolean> ownKeys, Map<String, String> storedBy) {
            IndexSchema declared = indexes.get(indexName);
            if (declared == null) {
                throw new SchemaDefinitionException(entity.type() + ": index '" + indexName + "' is not an index of table "
                        + name + "; " + (indexes.isEmpty() ? "it has no secondary indexes" : "its indexes are " + indexes.keySet()));
            }
            IndexSchema index = resolved(declared);
            checkKeyShape(entity, "index " + index.name(), key, index.partitionKey(), index.sortKey());
            List<KeyAttribute> attributes = index.keyAttributes();
            List<KeyTemplate> templates = key.templates();
            for (int i = 0; i < attributes.size(); i++) {
                KeyAttribute attribute = attributes.get(i);
                KeyTemplate template = templates.get(i);
                KeyTemplate primary = primaryTemplates.get(attribute.name());
                if (primary != null) {
                    if (!primary.equals(template)) {
                        throw new SchemaDefinitionException(entity.type() + ": index " + index.name() + " of table " + name
                                + " keys on the table's key attribute '" + attribute.name() + "', which holds the entity's "
                                + "primary key template '" + primary.text() + "'; its template on the index is '"
                                + template.text() + "': give the index the same template, '" + primary.text() + "'");
                    }
                    continue;
                }
                checkPart(entity, "index " + index.name(), attribute.name(), attribute.type(), template, ownKeys, storedBy);
            }
        }

        /** One key attribute an entity fills with one template: typed keys take one slot, an own attribute is the key itself. */
        private void checkPart(EntitySchema<?> entity, String where, String keyAttribute, KeyType type, KeyTemplate template,
                               Map<String, Boolean> ownKeys, Map<String, String> storedBy) {
            boolean single = template.slots().size() == 1 && template.literals().get(0).isEmpty()
                    && template.literals().get(1).isEmpty() && template.slots().get(0).format().isEmpty();
            String place = entity.type() + ": " + where + " of table " + name + ", key attribute '" + keyAttribute + "' (" + type + ")";
            if (type != KeyType.S && !single) {
                throw new SchemaDefinitionException(place + ": template '" + template.text() + "' has literal text or a format; a "
                        + (type == KeyType.N ? "number" : "binary") + " key stores one attribute's value, so its template is exactly "
                        + "one slot such as '{" + (template.slots().isEmpty() ? "score" : template.slots().get(0).attribute())
                        + "}' (or declare the key attribute a string, KeyAttribute.string(\"" + keyAttribute + "\"))");
            }
            Attribute<?, ?> slot = single ? entity.attribute(template.slots().get(0).attribute()).orElseThrow() : null;
            boolean own = single && slot.name().equals(keyAttribute);
            if (single && (type != KeyType.S || own)) {
                Optional<KeyType> stored = storedKeyType(slot.type());
                if (stored.isPresent() && stored.get() != type) {
                    String other = storedBy.get(keyAttribute);
                    throw new SchemaDefinitionException(place + ": template '" + template.text() + "' stores attribute '"
                            + slot.name() + "', a " + slot.type().typeName() + ", as " + stored.get() + (other == null ? ""
                            : ", while " + other + " stores it as " + type) + "; DynamoDB refuses a " + stored.get()
                            + " value in a " + type + " key: declare the key attribute " + stored.get()
                            + " or give the attribute a type stored as " + type);
                }
            }
            if (single && type == KeyType.S && !own && storedKeyType(slot.type()).filter(t -> t == KeyType.B).isPresent()) {
                throw new SchemaDefinitionException(place + ": attribute '" + slot.name() + "' is a " + slot.type().typeName()
                        + ", which cannot be key text; declare the key attribute binary (KeyAttribute.binary(\"" + keyAttribute + "\"))");
            }
            storedBy.putIfAbsent(keyAttribute, entity.type() + " (" + where + ")");
            ownKeys.merge(keyAttribute, own, Boolean::logicalAnd);
        }

        /** The key type a built-in attribute type stores as; empty for types singletable cannot tell (checked on each write). */
        private static Optional<KeyType> storedKeyType(AttributeType<?> type) {
            if (type == AttributeTypes.INTEGER || type == AttributeTypes.LONG || type == AttributeTypes.BIG_INTEGER
                    || type == AttributeTypes.DECIMAL || type == AttributeTypes.EPOCH_SECONDS) {
                return Optional.of(KeyType.N);
            }
            if (type == AttributeTypes.BYTES) {
                return Optional.of(KeyType.B);
            }
            if (type == AttributeTypes.STRING || type == AttributeTypes.INSTANT || type == AttributeTypes.LOCAL_DATE
                    || type == AttributeTypes.UUID) {
                return Optional.of(KeyType.S);
            }
            return Optional.empty();
        }

        private void checkKeyShape(EntitySchema<?> entity, String where, IndexKey key, List<KeyAttribute> partition,
                                   List<KeyAttribute> sort) {
            boolean hasSortKey = !sort.isEmpty();
            if (hasSortKey && key.sort().isEmpty()) {
                throw new SchemaDefinitionException(entity.type() + ": the " + where + " of table " + name
                        + " has a sort key, but the entity gives only a partition key template; add a sort key template");
            }
            if (!hasSortKey && key.sort().isPresent()) {
                throw new SchemaDefinitionException(entity.type() + ": the " + where + " of table " + name
                        + " has no sort key, but the entity gives sort key template '" + key.sort().get().text() + "'");
            }
            if (key.partitionTemplates().size() != partition.size() || key.sortTemplates().size() != sort.size()) {
                throw new SchemaDefinitionException(entity.type() + ": the " + where + " of table " + name + " has "
                        + partition.size() + " partition key attribute(s) " + names(partition) + " and " + sort.size()
                        + " sort key attribute(s) " + names(sort) + ", but the entity gives " + key.partitionTemplates().size()
                        + " and " + key.sortTemplates().size() + " templates (" + key + "); give one template per key attribute "
                        + "(IndexKey.ofAttributes(...))");
            }
        }

        private static List<String> names(List<KeyAttribute> attributes) {
            return attributes.stream().map(KeyAttribute::name).toList();
        }
    }
}
