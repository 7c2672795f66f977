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
 *       also requires the other states' keys to be free, and a {@code put} deletes the item from
 *       the other states' keys, in the same transaction, so an entity is never stored twice.</li>
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
 * table.get(PRODUCT.state(true), KeyValues.of(PRODUCT_ID, "p1"));
 * }</pre>
 *
 * @param <T> the entity's Java type
 */
public final class EntityStates<T> {
    private final Attribute<T, ?> attribute;
    private final Map<Object, EntitySchema<T>> byValue;

    private EntityStates(Attribute<T, ?> attribute, Map<Object, EntitySchema<T>> byValue) {
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
            throw new SchemaDefinitionException(attribute.name() + ": the values that pick a state are " + values
                    + "; give at least one value, and no null");
        }
        return new Builder<>(attribute, List.copyOf(values), base);
    }

    /** The attribute whose value picks the state. */
    public Attribute<T, ?> attribute() {
        return attribute;
    }

    /** The entity type of the state for this value of the state attribute. */
    public EntitySchema<T> state(Object value) {
        NullArgumentException.check("EntityStates.state", "value", value);
        EntitySchema<T> state = byValue.get(value);
        if (state == null) {
            throw new ValidationException(states().get(0).javaType().getSimpleName() + "." + attribute.name() + ": no state for '"
                    + value + "'; the states are for " + byValue.keySet());
        }
        return state;
    }

    /** The entity type of the state the entity is in. */
    public EntitySchema<T> stateOf(T entity) {
        NullArgumentException.check("EntityStates.stateOf", "entity", entity);
        Object value = attribute.valueOf(entity);
        if (value == null) {
            throw new ValidationException(states().get(0).javaType().getSimpleName() + "." + attribute.name()
                    + " is null, but it picks the entity's key (states " + byValue.keySet() + "); give it a value");
        }
        return state(value);
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
         * @throws SchemaDefinitionException when a value of the state attribute has no state, or two states
         *         have the same keys (nothing would tell their items apart)
         */
        public EntityStates<T> build() {
            List<V> missing = values.stream().filter(v -> !byValue.containsKey(v)).toList();
            String type = byValue.isEmpty() ? attribute.name() : byValue.values().iterator().next().javaType().getSimpleName();
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
            return new EntityStates<>(attribute, Collections.unmodifiableMap(new LinkedHashMap<>(byValue)));
        }
    }
}
