package dev.singletable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * An entity stored under a key that depends on its state (seed 001's "conditional keys"): an active
 * product at {@code ACTIVE_PRODUCT#{productId}}, an archived one at {@code ARCHIVED_PRODUCT#{productId}}
 * (or one primary key and a GSI key that differs by state). Each state is an entity type of its own
 * (its name is written to the entity-type attribute), built from one shared declaration; the state
 * attribute, a boolean or an enum, picks it, and every value must have a state.
 *
 * <ul>
 *   <li>Writes pick the state's templates: {@code put}, {@code create}, {@code replace}, batches and
 *       transactions write the entity at the key of the state its attribute names. A {@code create}
 *       also requires the other states' keys to be free, in the same transaction, so an entity is
 *       never stored twice.</li>
 *   <li>{@code table.put(entity)} (and {@code replace}) of an entity read from the table, versioned, with its
 *       state attribute changed, moves the item: the put first sends one TransactWriteItems as for an unchanged
 *       state (the entity at its state's key requiring its version, a delete at the other states' keys); finding
 *       no item at that key, it sends a second one deleting the item at the old state's key, requiring the
 *       entity's version (and the put's condition), and creating it at the new state's key, requiring it free,
 *       the version going on: the transaction {@code update(current, changes)} sends. Why two: the entity names
 *       only its new state, so the put cannot know where the item is stored, and one transaction allowing either
 *       key to be empty would bring back an item someone deleted in the meantime; the first request covers the
 *       common case (the state is unchanged) alone. When the state change is known, {@code update(current, changes)}
 *       moves the item in one request. A stale version, or an item already at the new state's key, fails with
 *       {@link TransactionCanceledException} whose reason is the {@link VersionConflictException}; nothing is written.
 *       With more than two states, the move first reads the other states' keys (strongly consistent) to find the old
 *       one.</li>
 *   <li>A versioned entity without a version is new: its {@code put} requires the other states' keys to be free, as
 *       {@code create} does, and fails with {@link VersionConflictException} naming the state the item is stored in
 *       otherwise. Deleting that item would restart its version at 1, and a writer holding its old version could then
 *       overwrite this put unseen. An entity without a version attribute is written last-writer-wins: its {@code put}
 *       deletes the item at the other states' keys in the same transaction.</li>
 *   <li>{@code table.update(current, changes)} that changes the state moves the item: a
 *       TransactWriteItems deleting it at the old state's key (requiring {@code current}'s version
 *       when versioned) and creating it at the new one (requiring the key to be free), the version
 *       going on from {@code current}'s. A writer that read the item before loses with
 *       {@link VersionConflictException} or {@link TransactionCanceledException}; there are never
 *       two copies. States sharing the primary key change by one version-checked put instead.</li>
 *   <li>Reads name the state: {@code table.get(PRODUCT.state(true), key)},
 *       {@code table.query(PRODUCT.state(false)).index("GSI1")...}.</li>
 * </ul>
 *
 * <pre>{@code
 * static final EntityStates<Product> PRODUCT = EntityStates.byFlag(ARCHIVED, () -> EntitySchema.builder(Product.class)
 *                 .attributes(PRODUCT_ID, NAME, ARCHIVED, VERSION).version(VERSION)
 *                 .factory(item -> new Product(item.get(PRODUCT_ID), item.get(NAME), item.get(ARCHIVED), item.get(VERSION))))
 *         .state(false, "ActiveProduct", b -> b.primaryKey("ACTIVE_PRODUCT#{productId}", "METADATA"))
 *         .state(true, "ArchivedProduct", b -> b.primaryKey("ARCHIVED_PRODUCT#{productId}", "METADATA"))
 *         .build();
 *
 * TableSchema schema = TableSchema.builder("AppTable").states(PRODUCT).build();
 * Product p = table.create(new Product("p1", "Lamp", false, null));           // ACTIVE_PRODUCT#p1
 * Product archived = table.update(p, u -> u.set(ARCHIVED, true));           // moved to ARCHIVED_PRODUCT#p1, one transaction
 * Product restored = table.put(new Product("p1", "Lamp", false, archived.version())); // moved back by a put: two transactions
 * table.get(PRODUCT.state(true), KeyValues.of(PRODUCT_ID, "p1"));
 * }</pre>
 *
 * @param <T> the entity's Java type
 */
@Stable
public final class EntityStates<T> {
    private final String entityName;
    private final Attribute<T, ?> attribute;
    private final Map<Object, EntitySchema<T>> byValue;

    private EntityStates(String entityName, Attribute<T, ?> attribute, Map<Object, EntitySchema<T>> byValue) {
        this.entityName = entityName;
        this.attribute = attribute;
        this.byValue = byValue;
    }

    /** States picked by a required Boolean attribute: give {@code true} and {@code false} a state each. */
    public static <T> Builder<T, Boolean> byFlag(Attribute<T, Boolean> attribute, Supplier<EntitySchema.Builder<T>> base) {
        NullArgumentException.check("EntityStates.byFlag", "attribute", attribute, "base", base);
        return new Builder<>(attribute, List.of(false, true), base);
    }

    /** States picked by a required enum attribute: give every constant a state. */
    public static <T, E extends Enum<E>> Builder<T, E> byEnum(Attribute<T, E> attribute, Class<E> type,
                                                              Supplier<EntitySchema.Builder<T>> base) {
        NullArgumentException.check("EntityStates.byEnum", "attribute", attribute, "type", type, "base", base);
        return new Builder<>(attribute, Arrays.asList(type.getEnumConstants()), base);
    }

    /**
     * States picked by a required attribute with a fixed set of values (a schema file's {@code enum}
     * attribute, stored as text): give every value a state. For {@link DynamicItem} entities the state
     * attribute picks the state whatever entity type the item names.
     *
     * <pre>{@code
     * EntityStates.byValues(STAGE, List.of("DRAFT", "LIVE"), base)
     *         .state("DRAFT", "DraftPage", b -> b.primaryKey("DRAFT#{pageId}", "PAGE"))
     *         .state("LIVE", "LivePage", b -> b.primaryKey("PAGE#{pageId}", "PAGE"))
     *         .build();
     * }</pre>
     */
    public static <T, V> Builder<T, V> byValues(Attribute<T, V> attribute, java.util.Collection<V> values,
                                                Supplier<EntitySchema.Builder<T>> base) {
        NullArgumentException.check("EntityStates.byValues", "attribute", attribute, "values", values, "base", base);
        if (values.isEmpty() || values.stream().anyMatch(java.util.Objects::isNull)) {
            throw new SchemaDefinitionException("EntityStates.byValues(" + attribute.name() + ", " + values + ", ...): the values of '"
                    + attribute.name() + "' that pick a state are " + values + "; give at least one value, and no null");
        }
        return new Builder<>(attribute, List.copyOf(values), base);
    }

    /**
     * The name of the entity the states are of, for messages: the Java type's simple name ({@code Product}), the
     * name given with {@link Builder#entityName} (a schema file's entity), or for {@link DynamicItem} states without
     * one, the states' entity types ({@code ActiveProduct/ArchivedProduct}).
     *
     * <pre>{@code PRODUCT.entityName(); // "Product"}</pre>
     */
    public String entityName() {
        return entityName;
    }

    /** The attribute whose value picks the state. */
    public Attribute<T, ?> attribute() {
        return attribute;
    }

    /**
     * The entity type of the state for this value of the state attribute.
     *
     * @throws ValidationException when no state is for the value, naming the entity, the attribute, the value and the states
     */
    public EntitySchema<T> state(Object value) {
        NullArgumentException.check("EntityStates.state", "value", value);
        EntitySchema<T> state = byValue.get(value);
        if (state == null) {
            Class<?> valueType = byValue.keySet().iterator().next().getClass();
            boolean otherType = byValue.keySet().stream().noneMatch(v -> v.getClass().isInstance(value));
            throw new ValidationException(entityName + "." + attribute.name() + " = " + quoted(value)
                    + (otherType ? " (a " + value.getClass().getSimpleName() + ")" : "") + " picks no state; the states are "
                    + statesText() + (otherType ? ", for " + valueType.getSimpleName() + " values" : "") + ": give one of those values");
        }
        return state;
    }

    /**
     * The entity type of the state the entity is in.
     *
     * @throws ValidationException when the state attribute is null or has no state, naming the entity, the attribute and the value
     */
    public EntitySchema<T> stateOf(T entity) {
        NullArgumentException.check("EntityStates.stateOf", "entity", entity);
        Object value = attribute.valueOf(entity);
        if (value == null) {
            throw new ValidationException(entityName + "." + attribute.name() + " is null, but it picks the entity's key (the states are "
                    + statesText() + "); give it one of those values");
        }
        return state(value);
    }

    /** {@code false -> ActiveProduct, true -> ArchivedProduct}. */
    private String statesText() {
        List<String> states = new ArrayList<>();
        byValue.forEach((value, state) -> states.add(value + " -> " + state.type()));
        return String.join(", ", states);
    }

    private static String quoted(Object value) {
        return value instanceof CharSequence ? "\"" + value + "\"" : String.valueOf(value);
    }

    /** The states' entity types, in the order declared; each value maps to one of them. */
    public List<EntitySchema<T>> states() {
        List<EntitySchema<T>> states = new ArrayList<>();
        for (EntitySchema<T> state : byValue.values()) {
            if (!states.contains(state)) {
                states.add(state);
            }
        }
        return List.copyOf(states);
    }

    /** State attribute value to the state's entity type. */
    public Map<Object, EntitySchema<T>> byValue() {
        return byValue;
    }

    @Override
    public String toString() {
        Map<Object, String> types = new LinkedHashMap<>();
        byValue.forEach((value, state) -> types.put(value, state.type() + " " + state.primaryKey()));
        return "EntityStates[" + attribute.name() + ": " + types + "]";
    }

    /** Builds {@link EntityStates}; see the class example. */
    public static final class Builder<T, V> {
        private final Attribute<T, V> attribute;
        private final List<V> values;
        private final Supplier<EntitySchema.Builder<T>> base;
        private final Map<Object, EntitySchema<T>> byValue = new LinkedHashMap<>();
        private final Map<String, EntitySchema<T>> byType = new LinkedHashMap<>();
        private java.util.Optional<String> entityName = java.util.Optional.empty();

        private Builder(Attribute<T, V> attribute, List<V> values, Supplier<EntitySchema.Builder<T>> base) {
            this.attribute = attribute;
            this.values = values;
            this.base = base;
        }

        /**
         * The state for one value of the state attribute: its entity type name and its keys, given to the
         * shared declaration ({@code b -> b.primaryKey(...).index(...)}).
         *
         * @throws SchemaDefinitionException when the value has a state already, or the keys do not fit the attributes
         */
        public Builder<T, V> state(V value, String entityType, UnaryOperator<EntitySchema.Builder<T>> keys) {
            NullArgumentException.check("EntityStates.Builder.state", "value", value, "entityType", entityType, "keys", keys);
            if (byValue.containsKey(value)) {
                throw new SchemaDefinitionException(entityType + ": " + attribute.name() + " = " + value + " has a state already ("
                        + byValue.get(value).type() + "); give each value one state");
            }
            EntitySchema<T> state = byType.get(entityType);
            if (state == null) {
                EntitySchema.Builder<T> builder = base.get();
                if (builder == null) {
                    throw new SchemaDefinitionException(entityType + ": the shared declaration gave null; return EntitySchema.builder(...)"
                            + " with the attributes and factory");
                }
                EntitySchema.Builder<T> withKeys = keys.apply(builder.type(entityType));
                state = (withKeys == null ? builder : withKeys).build();
                if (state.attribute(attribute.name()).orElse(null) != attribute) {
                    throw new SchemaDefinitionException(entityType + ": state attribute '" + attribute.name() + "' is not among its "
                            + "attributes; declare it with attributes(...) in the shared declaration");
                }
                if (!attribute.isRequired()) {
                    throw new SchemaDefinitionException(entityType + ": state attribute '" + attribute.name() + "' may be null, and "
                            + "then no state would hold the entity; declare it with Attribute.required");
                }
                byType.put(entityType, state);
            }
            byValue.put(value, state);
            return this;
        }

        /**
         * The state for one value of the state attribute, given as an entity type built already (as a schema
         * file's loader builds each state); it must hold the state attribute itself and be of the same Java type.
         *
         * <pre>{@code
         * EntityStates.byFlag(archived, () -> EntitySchema.builder(DynamicItem.class))
         *         .state(false, activeProduct).state(true, archivedProduct).build();
         * }</pre>
         *
         * @throws SchemaDefinitionException when the value has a state already, or the state lacks the state attribute
         */
        public Builder<T, V> state(V value, EntitySchema<T> state) {
            NullArgumentException.check("EntityStates.Builder.state", "value", value, "state", state);
            if (byValue.containsKey(value)) {
                throw new SchemaDefinitionException(state.type() + ": " + attribute.name() + " = " + value + " has a state already ("
                        + byValue.get(value).type() + "); give each value one state");
            }
            EntitySchema<T> known = byType.get(state.type());
            if (known != null && known != state) {
                throw new SchemaDefinitionException(state.type() + ": two different states are named " + state.type()
                        + "; give each state its own entity type name");
            }
            // a state built on its own holds its own attribute objects: the same name and type are the same attribute
            Attribute<T, ?> own = state.attribute(attribute.name()).orElse(null);
            if (own == null || own.type() != attribute.type() && !own.type().equals(attribute.type())) {
                throw new SchemaDefinitionException(state.type() + ": state attribute '" + attribute.name() + "' is not among its "
                        + "attributes" + (own == null ? "" : " with type " + attribute.type()) + "; build the state with that attribute");
            }
            if (!attribute.isRequired()) {
                throw new SchemaDefinitionException(state.type() + ": state attribute '" + attribute.name() + "' may be null, and "
                        + "then no state would hold the entity; declare it with Attribute.required");
            }
            byType.put(state.type(), state);
            byValue.put(value, state);
            return this;
        }

        /**
         * The name of the entity the states are of, as messages give it: a schema file's entity, whose states all map
         * {@link DynamicItem}. Without it, a Java type's simple name is used.
         *
         * <pre>{@code EntityStates.byFlag(archived, () -> EntitySchema.builder(DynamicItem.class)).entityName("Product")...}</pre>
         *
         * @throws SchemaDefinitionException when the name is blank
         */
        public Builder<T, V> entityName(String name) {
            NullArgumentException.check("EntityStates.Builder.entityName", "name", name);
            if (name.isBlank()) {
                throw new SchemaDefinitionException("EntityStates of '" + attribute.name() + "': the entity name is blank; give the "
                        + "entity's name, such as \"Product\"");
            }
            this.entityName = java.util.Optional.of(name);
            return this;
        }

        /** The name given, else the Java type's simple name, else (dynamic items) the states' entity types. */
        private String entityName() {
            if (entityName.isPresent()) {
                return entityName.get();
            }
            if (byType.isEmpty()) {
                return attribute.name();
            }
            EntitySchema<T> first = byType.values().iterator().next();
            return first.javaType() != DynamicItem.class ? first.javaType().getSimpleName() : String.join("/", byType.keySet());
        }

        /**
         * @throws SchemaDefinitionException when a value of the state attribute has no state, or two states
         *         have the same keys (nothing would tell their items apart)
         */
        public EntityStates<T> build() {
            List<V> missing = values.stream().filter(v -> !byValue.containsKey(v)).toList();
            String type = entityName();
            if (!missing.isEmpty()) {
                throw new SchemaDefinitionException(type + ": the states by '" + attribute.name() + "' cover " + byValue.keySet()
                        + " but not " + missing + "; an entity with " + (missing.size() == 1 ? "that value" : "those values")
                        + " would have no key: add state(" + missing.get(0) + ", \"...\", b -> b.primaryKey(...))");
            }
            List<EntitySchema<T>> states = new ArrayList<>(byType.values());
            if (states.size() < 2) {
                throw new SchemaDefinitionException(type + ": every value of '" + attribute.name() + "' has the one state "
                        + states.get(0).type() + "; declare the entity with EntitySchema.builder instead, or give the states their own keys");
            }
            for (int i = 0; i < states.size(); i++) {
                for (int j = i + 1; j < states.size(); j++) {
                    EntitySchema<T> a = states.get(i);
                    EntitySchema<T> b = states.get(j);
                    if (a.primaryKey().equals(b.primaryKey()) && a.indexKeys().equals(b.indexKeys())) {
                        throw new SchemaDefinitionException(type + ": states " + a.type() + " and " + b.type() + " have the same keys ("
                                + a.primaryKey() + (a.indexKeys().isEmpty() ? "" : ", indexes " + a.indexKeys()) + "), so nothing tells "
                                + "their items apart; give one of them other literal text, such as '"
                                + b.type().toUpperCase(java.util.Locale.ROOT) + "#{...}' in its primary key or in an index key");
                    }
                }
            }
            return new EntityStates<>(type, attribute, Collections.unmodifiableMap(new LinkedHashMap<>(byValue)));
        }
    }
}
