package dev.singletable;

import dev.singletable.extension.EntityHooks;
import dev.singletable.extension.ItemCodec;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * One entity type of a single table: its name (written to the entity-type attribute), its
 * attributes, how to build the Java object from them, and its key templates on the table's
 * primary key and on any GSIs. Built without reflection, from accessors and a factory, so that
 * generated code and hand-written code declare entities the same way.
 *
 * <pre>{@code
 * record Order(String customerId, String orderId, OrderStatus status, BigDecimal total, Instant createdAt) {}
 *
 * static final Attribute<Order, String> CUSTOMER_ID = Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
 * static final Attribute<Order, String> ORDER_ID = Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
 * static final Attribute<Order, OrderStatus> STATUS = Attribute.required("status", AttributeTypes.enumType(OrderStatus.class), Order::status);
 * static final Attribute<Order, BigDecimal> TOTAL = Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
 * static final Attribute<Order, Instant> CREATED_AT = Attribute.required("createdAt", AttributeTypes.INSTANT, Order::createdAt);
 *
 * static final EntitySchema<Order> ORDER = EntitySchema.builder(Order.class)
 *         .attributes(CUSTOMER_ID, ORDER_ID, STATUS, TOTAL, CREATED_AT)
 *         .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}")
 *         .index("GSI1", "STATUS#{status}", "{createdAt}")
 *         .factory(item -> new Order(item.get(CUSTOMER_ID), item.get(ORDER_ID), item.get(STATUS),
 *                 item.get(TOTAL), item.get(CREATED_AT)))
 *         .build();
 * }</pre>
 *
 * @param <T> the entity's Java type
 */
@Stable
public final class EntitySchema<T> implements EntityTypes<T> {
    private final String type;
    private final Class<T> javaType;
    private final Map<String, Attribute<T, ?>> attributes;
    private final Set<String> readOnlyAttributes;
    private final IndexKey primaryKey;
    private final Map<String, IndexKey> indexKeys;
    private final Function<ItemReader, T> factory;
    private final EntityHooks<T> hooks;
    private final Function<? super T, Map<String, AttributeValue>> attributeBag;
    private final Attribute<T, ? extends Number> version;
    private final Attribute<T, Instant> createdAt;
    private final Attribute<T, Instant> updatedAt;
    private final ItemCodec<T> codec;
    private final Volume volume;
    private final Declaration declaration;
    private final Map<String, Set<String>> indexConditionReads;

    private EntitySchema(Builder<T> builder) {
        this.type = builder.type;
        this.javaType = builder.javaType;
        this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(builder.attributes));
        this.readOnlyAttributes = Collections.unmodifiableSet(new java.util.LinkedHashSet<>(builder.readOnly));
        this.primaryKey = builder.primaryKey;
        this.indexKeys = Collections.unmodifiableMap(new LinkedHashMap<>(builder.indexKeys));
        this.factory = builder.factory;
        this.hooks = new EntityHooks<>(builder.beforeWrite, builder.beforeToItem, builder.afterToItem, builder.beforeFromItem,
                builder.afterFromItem, builder.indexConditions);
        this.attributeBag = builder.attributeBag;
        this.version = builder.version;
        this.createdAt = builder.createdAt;
        this.updatedAt = builder.updatedAt;
        this.codec = builder.codec;
        this.volume = builder.volume;
        this.declaration = builder.declaration;
        this.indexConditionReads = Map.copyOf(builder.indexConditionReads);
    }

    /** Starts a schema; the entity type name defaults to the class's simple name. */
    public static <T> Builder<T> builder(Class<T> javaType) {
        NullArgumentException.check("EntitySchema.builder", "javaType", javaType);
        return new Builder<>(javaType);
    }

    /** The entity type name, as written to the table's entity-type attribute. */
    public String type() {
        return type;
    }

    public Class<T> javaType() {
        return javaType;
    }

    /** The attributes in declaration order. */
    public List<Attribute<T, ?>> attributes() {
        return List.copyOf(attributes.values());
    }

    public Optional<Attribute<T, ?>> attribute(String name) {
        NullArgumentException.check("EntitySchema.attribute", "name", name);
        return Optional.ofNullable(attributes.get(name));
    }

    /**
     * The names of the attributes the factory reads but the entity never writes, declared with
     * {@link Builder#readOnlyAttributes}: never among {@link #attributes()}, and never in the entity's attribute bag either.
     *
     * <pre>{@code
     * boolean maintainedElsewhere = ACCOUNT.readOnlyAttributes().contains("legacyCode");
     * }</pre>
     */
    @Experimental
    public Set<String> readOnlyAttributes() {
        return readOnlyAttributes;
    }

    /** The key templates on the table's primary key. */
    public IndexKey primaryKey() {
        return primaryKey;
    }

    /** GSI name to this entity's key templates on it. An entity is absent from the GSIs it does not name. */
    public Map<String, IndexKey> indexKeys() {
        return indexKeys;
    }

    /** The attribute holding the item's version for optimistic locking, when the entity declares one. */
    public Optional<Attribute<T, ? extends Number>> versionAttribute() {
        return Optional.ofNullable(version);
    }

    /** The attribute singletable sets to the time an item is created, when the entity declares one. */
    public Optional<Attribute<T, Instant>> createdAtAttribute() {
        return Optional.ofNullable(createdAt);
    }

    /** The attribute singletable sets to the time of every write, when the entity declares one. */
    public Optional<Attribute<T, Instant>> updatedAtAttribute() {
        return Optional.ofNullable(updatedAt);
    }

    /** The straight-line encoder and decoder of this entity, when it has one; see {@link Builder#codec}. */
    public Optional<ItemCodec<T>> codec() {
        return Optional.ofNullable(codec);
    }

    /** Builds the Java object from a stored item's values. */
    public T create(ItemReader item) {
        if (item == null) { // checked first: the check's arguments would be an array per decoded item
            NullArgumentException.check("EntitySchema.create", "item", item);
        }
        return factory.apply(item);
    }

    /**
     * The steps, hooks and sparse-index conditions the entity runs around its mapping, in the
     * order declared.
     *
     * <pre>{@code
     * boolean sparse = ORDER.hooks().indexCondition("GSI2").isPresent();
     * }</pre>
     */
    public EntityHooks<T> hooks() {
        return hooks;
    }

    /**
     * The attributes the condition of a sparse index reads, when declared with {@link Builder#indexConditionReads}; empty
     * when the index has no condition or its condition did not say (then it may read any attribute, and every update of
     * the entity may change whether the item is in the index).
     *
     * <pre>{@code
     * Optional<Set<String>> reads = LISTING.indexConditionReads("GSI1");   // [status]: only updates of status (or GSI1's slots) matter
     * }</pre>
     */
    @Experimental
    public Optional<Set<String>> indexConditionReads(String indexName) {
        NullArgumentException.check("EntitySchema.indexConditionReads", "indexName", indexName);
        return Optional.ofNullable(indexConditionReads.get(indexName));
    }

    /** The accessor of the entity's attribute bag, when it declares one; see {@link Builder#attributeBag}. */
    public Optional<Function<? super T, Map<String, AttributeValue>>> attributeBag() {
        return Optional.ofNullable(attributeBag);
    }

    /** The items, partition keys and write rates the entity is expected to have; {@link Volume#none()} unless declared. */
    @Experimental
    public Volume volume() {
        return volume;
    }

    /**
     * How the entity was declared, which messages word their fixes for; {@link Declaration#BUILDER} unless declared.
     *
     * <pre>{@code boolean fromFile = entity.declaration() == Declaration.SCHEMA_FILE;}</pre>
     */
    @Experimental
    public Declaration declaration() {
        return declaration;
    }

    @Override
    public String toString() {
        return "EntitySchema[" + type + "]";
    }

    /** Builds an {@link EntitySchema}; {@link #build()} checks every template against the attributes. */
    public static final class Builder<T> {
        private final Class<T> javaType;
        private String type;
        private final Map<String, Attribute<T, ?>> attributes = new LinkedHashMap<>();
        private final Set<String> readOnly = new java.util.LinkedHashSet<>();
        private IndexKey primaryKey;
        private final Map<String, IndexKey> indexKeys = new LinkedHashMap<>();
        private Function<ItemReader, T> factory;
        private final Map<String, Predicate<? super T>> indexConditions = new LinkedHashMap<>();
        private final Map<String, Set<String>> indexConditionReads = new LinkedHashMap<>();
        private final List<UnaryOperator<T>> beforeWrite = new ArrayList<>();
        private final List<BiConsumer<? super T, Map<String, AttributeValue>>> beforeToItem = new ArrayList<>();
        private final List<BiConsumer<? super T, Map<String, AttributeValue>>> afterToItem = new ArrayList<>();
        private final List<Consumer<Map<String, AttributeValue>>> beforeFromItem = new ArrayList<>();
        private final List<BiFunction<Map<String, AttributeValue>, T, T>> afterFromItem = new ArrayList<>();
        private Function<? super T, Map<String, AttributeValue>> attributeBag;
        private Attribute<T, ? extends Number> version;
        private Attribute<T, Instant> createdAt;
        private Attribute<T, Instant> updatedAt;
        private ItemCodec<T> codec;
        private Volume volume = Volume.none();
        private Declaration declaration = Declaration.BUILDER;

        private Builder(Class<T> javaType) {
            this.javaType = Objects.requireNonNull(javaType, "javaType");
            this.type = javaType.getSimpleName();
        }

        /** The entity type name written to the entity-type attribute; defaults to the class's simple name. */
        public Builder<T> type(String type) {
            NullArgumentException.require(type, "EntitySchema.Builder.type", "type", "give a name such as '" + this.type
                    + "', or leave it out to use the class's simple name");
            if (type.isBlank()) {
                throw new SchemaDefinitionException(this.type + ": the entity type name cannot be blank"
                        + "; give a name such as '" + this.type + "', or leave it out to use the class's simple name");
            }
            this.type = type;
            return this;
        }

        @SafeVarargs
        public final Builder<T> attributes(Attribute<T, ?>... attributes) {
            if (attributes == null) {
                throw new NullArgumentException("EntitySchema.Builder.attributes", "attributes", "give the entity's Attribute constants");
            }
            for (Attribute<T, ?> attribute : attributes) {
                attribute(attribute);
            }
            return this;
        }

        public Builder<T> attribute(Attribute<T, ?> attribute) {
            NullArgumentException.require(attribute, "EntitySchema.Builder.attribute", "attribute", type + "'s attribute is not initialised yet: declare it "
                    + "before the schema that uses it (a static field initialised later is still null)");
            if (attributes.putIfAbsent(attribute.name(), attribute) != null) {
                throw SchemaDefinitionException.ofAttribute(attribute.name(), type + ": attribute '" + attribute.name()
                        + "' is declared twice; give each attribute its own name");
            }
            return this;
        }

        /**
         * Attributes the factory reads from stored items but that this entity never writes, as other code maintains them
         * (the builder's {@code @Ignore(WRITE)}). Every other attribute the factory reads must be among
         * {@link #attributes}: {@link #build()} runs the factory once on typical values and refuses one that reads an
         * attribute declared neither way, which would be dropped on every write and read back empty.
         *
         * <pre>{@code
         * .attributes(ORDER_ID, TOTAL)
         * .readOnlyAttributes(LEGACY_CODE)   // written by the billing job
         * .factory(item -> new Order(item.get(ORDER_ID), item.get(TOTAL), item.get(LEGACY_CODE)))
         * }</pre>
         */
        @Experimental
        @SafeVarargs
        public final Builder<T> readOnlyAttributes(Attribute<T, ?>... attributes) {
            if (attributes == null) {
                throw new NullArgumentException("EntitySchema.Builder.readOnlyAttributes", "attributes",
                        "give the Attribute constants the factory reads but the entity never writes");
            }
            for (Attribute<T, ?> attribute : attributes) {
                NullArgumentException.require(attribute, "EntitySchema.Builder.readOnlyAttributes", "attribute", type + "'s attribute is not "
                        + "initialised yet: declare it before the schema that uses it (a static field initialised later is still null)");
                readOnly.add(attribute.name());
            }
            return this;
        }

        /**
         * The primary key templates, for a table with a sort key.
         *
         * @throws KeyTemplateException naming the entity, the key and the template when a template is malformed
         */
        public Builder<T> primaryKey(String partitionTemplate, String sortTemplate) {
            templatesGiven("primaryKey", partitionTemplate, sortTemplate);
            return primaryKey(new IndexKey(parse("primary partition key", partitionTemplate),
                    Optional.of(parse("primary sort key", sortTemplate))));
        }

        /** The primary key template, for a table without a sort key. */
        public Builder<T> primaryKey(String partitionTemplate) {
            templatesGiven("primaryKey", partitionTemplate, "");
            return primaryKey(new IndexKey(parse("primary partition key", partitionTemplate), Optional.empty()));
        }

        private Builder<T> primaryKey(IndexKey key) {
            this.primaryKey = key;
            return this;
        }

        /** This entity's key templates on a GSI with a sort key. */
        public Builder<T> index(String indexName, String partitionTemplate, String sortTemplate) {
            NullArgumentException.check("EntitySchema.Builder.index", "indexName", indexName);
            templatesGiven("index", partitionTemplate, sortTemplate);
            checkIndexName(indexName);
            return index(indexName, new IndexKey(parse("index " + indexName + " partition key", partitionTemplate),
                    Optional.of(parse("index " + indexName + " sort key", sortTemplate))));
        }

        /** This entity's key template on a GSI without a sort key. */
        public Builder<T> index(String indexName, String partitionTemplate) {
            NullArgumentException.check("EntitySchema.Builder.index", "indexName", indexName);
            templatesGiven("index", partitionTemplate, "");
            checkIndexName(indexName);
            return index(indexName, new IndexKey(parse("index " + indexName + " partition key", partitionTemplate), Optional.empty()));
        }

        private void templatesGiven(String method, String partitionTemplate, String sortTemplate) {
            String fix = "give " + type + "'s template, such as 'CUSTOMER#{customerId}'";
            NullArgumentException.require(partitionTemplate, "EntitySchema.Builder." + method, "partitionTemplate", fix);
            NullArgumentException.require(sortTemplate, "EntitySchema.Builder." + method, "sortTemplate", fix);
        }

        /** The core's parse, its message led by the entity and the key the template is for, as binding the template words it. */
        private KeyTemplate parse(String where, String template) {
            try {
                return KeyTemplate.parse(template);
            } catch (KeyTemplateException e) {
                String lead = "Key template '" + template + "': ";
                String reason = e.getMessage().startsWith(lead) ? e.getMessage().substring(lead.length()) : e.getMessage();
                throw new KeyTemplateException(type + " " + where, "template '" + template + "': " + reason);
            }
        }

        private void checkIndexName(String indexName) {
            if (indexName == null || indexName.isBlank()) {
                throw new SchemaDefinitionException(type + ": an index name cannot be " + (indexName == null ? "null" : "blank")
                        + "; give the GSI's name, such as \"GSI1\"");
            }
        }

        /**
         * A sparse index: this entity's keys on a GSI with a sort key, written only for entities
         * the condition holds for (and then every slot must have a value).
         *
         * <pre>{@code
         * .index("GSI2", "SHIPPED", "{shippedAt}", order -> order.shippedAt() != null)
         * }</pre>
         */
        public Builder<T> index(String indexName, String partitionTemplate, String sortTemplate, Predicate<? super T> condition) {
            NullArgumentException.check("EntitySchema.Builder.index", "indexName", indexName, "partitionTemplate", partitionTemplate, "sortTemplate", sortTemplate, "condition", condition);
            index(indexName, IndexKey.of(partitionTemplate, sortTemplate));
            indexConditions.put(indexName, Objects.requireNonNull(condition, "condition"));
            return this;
        }

        /** A sparse index without a sort key, see {@link #index(String, String, String, Predicate)}. */
        public Builder<T> index(String indexName, String partitionTemplate, Predicate<? super T> condition) {
            NullArgumentException.check("EntitySchema.Builder.index", "indexName", indexName, "partitionTemplate", partitionTemplate, "condition", condition);
            index(indexName, IndexKey.of(partitionTemplate));
            indexConditions.put(indexName, Objects.requireNonNull(condition, "condition"));
            return this;
        }

        /**
         * A sparse index with any key, such as a multi-attribute one; see
         * {@link #index(String, String, String, Predicate)}.
         */
        public Builder<T> index(String indexName, IndexKey key, Predicate<? super T> condition) {
            NullArgumentException.check("EntitySchema.Builder.index", "indexName", indexName, "key", key, "condition", condition);
            index(indexName, key);
            indexConditions.put(indexName, Objects.requireNonNull(condition, "condition"));
            return this;
        }

        /**
         * Names the attributes the condition of sparse index {@code indexName} reads (declared with one of the
         * {@code index(..., condition)} methods). An update is then checked against the condition only when it changes
         * one of them or a slot of the index's keys; without this, the condition may read anything, so every update of
         * the entity must evaluate it on the item as the update leaves it, which needs the stored item
         * ({@link Update#readingStoredValuesForIndexKeys()}, or an update of the entity as read).
         *
         * <pre>{@code
         * .index("GSI1", "ACTIVE", "{listedAt}", listing -> "ACTIVE".equals(listing.status()))
         * .indexConditionReads("GSI1", "status")
         * }</pre>
         *
         * @throws SchemaDefinitionException from {@link #build()} when the index has no condition or an attribute is not one of the entity's
         */
        @Experimental
        public Builder<T> indexConditionReads(String indexName, String... attributes) {
            NullArgumentException.check("EntitySchema.Builder.indexConditionReads", "indexName", indexName, "attributes", attributes);
            indexConditionReads.put(indexName, Set.copyOf(java.util.Arrays.asList(attributes)));
            return this;
        }

        /**
         * This entity's key templates on an index, of any shape: single or multi-attribute keys.
         *
         * <pre>{@code
         * .index("ByTournament", IndexKey.ofAttributes(List.of("{tournament}", "{region}"), List.of("{round}", "{score}")))
         * }</pre>
         */
        public Builder<T> index(String indexName, IndexKey key) {
            NullArgumentException.check("EntitySchema.Builder.index", "indexName", indexName, "key", key);
            checkIndexName(indexName);
            Objects.requireNonNull(key, "key");
            IndexKey previous = indexKeys.putIfAbsent(indexName, key);
            if (previous != null) {
                throw new SchemaDefinitionException(type + ": index '" + indexName + "' is given keys twice (" + previous + ", then "
                        + key + "); an entity has one key on each index: remove one, or name the other index");
            }
            return this;
        }

        /** How to build the Java object from a stored item, such as a record's canonical constructor. */
        public Builder<T> factory(Function<ItemReader, T> factory) {
            NullArgumentException.check("EntitySchema.Builder.factory", "factory", factory);
            this.factory = Objects.requireNonNull(factory, "factory");
            return this;
        }

        /**
         * A step run on every entity before it is written, returning the entity or a copy of it:
         * generated code uses it to fill ids that are null. Steps run in declaration order, once per write of an
         * entity (put, create, replace, restore, and those in batches and transactions), and the write stores and hands
         * back the entity they return. Updates and upserts write their changes, not an entity, and run no step.
         *
         * <pre>{@code
         * .beforeWrite(order -> order.orderId() != null ? order : order.withOrderId(UUID.randomUUID().toString()))
         * }</pre>
         */
        public Builder<T> beforeWrite(UnaryOperator<T> step) {
            NullArgumentException.check("EntitySchema.Builder.beforeWrite", "step", step);
            beforeWrite.add(Objects.requireNonNull(step, "step"));
            return this;
        }

        /**
         * A hook run before the attributes are written to a new item (like DynamoMapper's
         * {@code BeforeToItem}); attributes and keys written afterwards replace what it puts.
         *
         * <pre>{@code .beforeToItem((order, item) -> item.put("schemaVersion", AttributeValue.fromN("2"))) }</pre>
         */
        public Builder<T> beforeToItem(BiConsumer<? super T, Map<String, AttributeValue>> hook) {
            NullArgumentException.check("EntitySchema.Builder.beforeToItem", "hook", hook);
            beforeToItem.add(Objects.requireNonNull(hook, "hook"));
            return this;
        }

        /**
         * A hook run on the complete item, keys and entity type included, before it is sent
         * (like DynamoMapper's {@code AfterToItem}).
         *
         * <pre>{@code .afterToItem((order, item) -> item.put("GSI3PK", AttributeValue.fromS("ALL"))) }</pre>
         */
        public Builder<T> afterToItem(BiConsumer<? super T, Map<String, AttributeValue>> hook) {
            NullArgumentException.check("EntitySchema.Builder.afterToItem", "hook", hook);
            afterToItem.add(Objects.requireNonNull(hook, "hook"));
            return this;
        }

        /**
         * A hook run on a modifiable copy of a stored item before it is decoded (like DynamoMapper's
         * {@code BeforeFromItem}), to validate it or migrate old attribute names.
         *
         * <pre>{@code .beforeFromItem(item -> { if (item.containsKey("old")) item.put("name", item.remove("old")); }) }</pre>
         */
        public Builder<T> beforeFromItem(Consumer<Map<String, AttributeValue>> hook) {
            NullArgumentException.check("EntitySchema.Builder.beforeFromItem", "hook", hook);
            beforeFromItem.add(Objects.requireNonNull(hook, "hook"));
            return this;
        }

        /**
         * A hook run after an item is decoded (like DynamoMapper's {@code AfterFromItem}); it returns
         * the entity, or a replacement for it.
         *
         * <pre>{@code .afterFromItem((item, order) -> order.withSource("dynamodb")) }</pre>
         */
        public Builder<T> afterFromItem(BiFunction<Map<String, AttributeValue>, T, T> hook) {
            NullArgumentException.check("EntitySchema.Builder.afterFromItem", "hook", hook);
            afterFromItem.add(Objects.requireNonNull(hook, "hook"));
            return this;
        }

        /**
         * An attribute bag: on write, its entries are written as attributes of their own; on read, the
         * item's attributes that are neither declared (with {@link #attributes} or {@link #readOnlyAttributes}) nor keys nor
         * the entity type are given to the factory by {@link ItemReader#unmappedAttributes()}. Keeps attributes written by
         * newer code intact; an entry with a declared name is refused on write, so an attribute the entity only reads is
         * never written back through the bag.
         *
         * <pre>{@code
         * .attributeBag(Product::extra)
         * .factory(item -> new Product(item.get(ID), item.get(NAME), item.unmappedAttributes()))
         * }</pre>
         */
        public Builder<T> attributeBag(Function<? super T, Map<String, AttributeValue>> accessor) {
            NullArgumentException.check("EntitySchema.Builder.attributeBag", "accessor", accessor);
            if (attributeBag != null) {
                throw new SchemaDefinitionException(type + ": the attribute bag is given twice; an entity has at most one, "
                        + "as every unmapped attribute of an item goes to it");
            }
            this.attributeBag = Objects.requireNonNull(accessor, "accessor");
            return this;
        }

        /**
         * Optimistic locking: every write checks that the stored version is the one the entity was
         * read with and writes the next one (1 for a new item). A Long or Integer attribute, declared
         * among the attributes and used in no key template.
         *
         * <pre>{@code .version(VERSION)}</pre>
         */
        public Builder<T> version(Attribute<T, ? extends Number> attribute) {
            NullArgumentException.check("EntitySchema.Builder.version", "attribute", attribute);
            this.version = once("version", version, Objects.requireNonNull(attribute, "attribute"));
            return this;
        }

        /** An Instant attribute singletable sets when the item is created (kept when the entity already has one). */
        public Builder<T> createdAt(Attribute<T, Instant> attribute) {
            NullArgumentException.check("EntitySchema.Builder.createdAt", "attribute", attribute);
            this.createdAt = once("createdAt", createdAt, Objects.requireNonNull(attribute, "attribute"));
            return this;
        }

        /** An Instant attribute singletable sets to the table clock's time on every write. */
        public Builder<T> updatedAt(Attribute<T, Instant> attribute) {
            NullArgumentException.check("EntitySchema.Builder.updatedAt", "attribute", attribute);
            this.updatedAt = once("updatedAt", updatedAt, Objects.requireNonNull(attribute, "attribute"));
            return this;
        }

        /** A maintained attribute is one per entity: a second would be silently left stale or overwrite the first. */
        private <A extends Attribute<T, ?>> A once(String role, A previous, A attribute) {
            if (previous != null) {
                throw new SchemaDefinitionException(type + ": " + role + " is given twice ('" + previous.name() + "', then '"
                        + attribute.name() + "'); an entity has at most one " + role + " attribute: keep one");
            }
            return attribute;
        }

        /**
         * Straight-line code that writes and reads the same attributes as the declared attributes and
         * factory, faster; singletable's annotation processor generates one for every entity. The
         * attributes and factory stay the reference: see {@link ItemCodec} for how the two are used.
         *
         * <pre>{@code .codec(new OrderCodec())}</pre>
         */
        public Builder<T> codec(ItemCodec<T> codec) {
            NullArgumentException.check("EntitySchema.Builder.codec", "codec", codec);
            this.codec = Objects.requireNonNull(codec, "codec");
            return this;
        }

        /**
         * The items, partition keys and write rates the entity is expected to have, for the design tools' cost figures;
         * nothing at run time depends on it.
         *
         * <pre>{@code .volume(Volume.none().count(10_000_000).partitionKeyValues(2_000_000).writes(200, 20))}</pre>
         */
        @Experimental
        public Builder<T> volume(Volume volume) {
            NullArgumentException.check("EntitySchema.Builder.volume", "volume", volume);
            this.volume = volume;
            return this;
        }

        /**
         * How the entity is declared, so that the fixes messages give are in its author's words: generated code and
         * the schema file's loader set it; Java code leaves it out ({@link Declaration#BUILDER}).
         *
         * <pre>{@code .declaredWith(Declaration.ANNOTATIONS)}</pre>
         */
        @Experimental
        public Builder<T> declaredWith(Declaration declaration) {
            NullArgumentException.check("EntitySchema.Builder.declaredWith", "declaration", declaration);
            this.declaration = declaration;
            return this;
        }

        /**
         * @throws SchemaDefinitionException when attributes, primary key or factory are missing,
         *         or a template names an unknown attribute or a format its type cannot take
         */
        public EntitySchema<T> build() {
            EntitySchemaChecks.checkComplete(type, javaType, attributes, primaryKey, factory);
            EntitySchemaChecks.checkMaintained(type, attributes, version, createdAt, updatedAt);
            EntitySchema<T> schema = new EntitySchema<>(this);
            dev.singletable.internal.keys.EntityTemplates.of(schema); // checks slot names, slot types and formats, once
            dev.singletable.internal.keys.EntityTemplates.checkMaintainedOutOfKeys(schema);
            EntitySchemaChecks.checkIndexConditionReads(type, attributes.keySet(), indexConditions.keySet(), indexConditionReads);
            EntitySchemaChecks.checkFactoryReads(type, factory, attributes.keySet(), readOnly);
            return schema;
        }
    }
}
