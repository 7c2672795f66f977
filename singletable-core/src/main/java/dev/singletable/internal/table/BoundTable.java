package dev.singletable.internal.table;

import dev.singletable.ClosestName;
import dev.singletable.DynamicItem;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.extension.RequestListener;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A table schema bound once for one client: its entities by type and by class (key templates
 * bound when the entity was built, reused here), the request runner, the cursor signer and the
 * clock. Readers, writers, batches, transactions, PartiQL and administration all take this one
 * immutable object; nothing calls back into the {@code Table} facades.
 */
public final class BoundTable {
    private final TableSchema schema;
    private final RequestRunner runner;
    private final CursorCodec cursors;
    private final Clock clock;
    private final Map<String, BoundEntity<?>> entitiesByType;
    private final Map<Class<?>, BoundEntity<?>> entitiesByClass;
    private final Map<Class<?>, EntityStates<?>> statesByClass;
    /** Dynamic entities share one class: their states are found by the state's entity type name. */
    private final Map<String, EntityStates<?>> dynamicStatesByType;
    private final Optional<String> timeToLiveAttribute;
    private final Map<String, List<String>> keyAnalyses = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<Optional<String>, PartitionPrefixes> partitionPrefixes = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.function.Supplier<String> endpoint;
    private volatile boolean defaultKeyChecked;

    public BoundTable(TableSchema schema, List<RequestListener> listeners, Clock clock, CursorCodec cursors) {
        this(schema, listeners, clock, cursors, () -> "(endpoint unknown)");
    }

    /** @param endpoint where the client sends requests, for messages ({@link RequestRunner#describeEndpoint}) */
    public BoundTable(TableSchema schema, List<RequestListener> listeners, Clock clock, CursorCodec cursors,
                      java.util.function.Supplier<String> endpoint) {
        this.schema = schema;
        this.runner = new RequestRunner(schema.name(), listeners, endpoint,
                schema.entities().stream().map(EntitySchema::type).toList());
        this.endpoint = endpoint;
        this.cursors = cursors;
        this.clock = clock;
        Map<String, BoundEntity<?>> byType = new LinkedHashMap<>();
        Map<Class<?>, BoundEntity<?>> byClass = new LinkedHashMap<>();
        for (EntitySchema<?> entity : schema.entities()) {
            BoundEntity<?> bound = new BoundEntity<>(entity, schema);
            byType.put(entity.type(), bound);
            if (entity.javaType() != DynamicItem.class) {
                byClass.put(entity.javaType(), bound);
            }
        }
        this.entitiesByType = byType;
        this.entitiesByClass = byClass;
        Map<Class<?>, EntityStates<?>> states = new LinkedHashMap<>();
        Map<String, EntityStates<?>> dynamicStates = new LinkedHashMap<>();
        for (EntityStates<?> entityStates : schema.states()) {
            if (entityStates.states().get(0).javaType() == DynamicItem.class) {
                entityStates.states().forEach(state -> dynamicStates.put(state.type(), entityStates));
            } else {
                states.put(entityStates.states().get(0).javaType(), entityStates);
            }
        }
        this.statesByClass = states;
        this.dynamicStatesByType = dynamicStates;
        this.timeToLiveAttribute = schema.timeToLiveAttribute();
    }

    public TableSchema schema() {
        return schema;
    }

    public String name() {
        return schema.name();
    }

    public RequestRunner runner() {
        return runner;
    }

    /**
     * The table's cursor codec. Signed with the published default key it is refused for an engine that is not on this
     * machine, and named in a warning once per JVM on this machine: anyone could forge such a cursor.
     *
     * @throws ValidationException when the key is the published one and the endpoint is not loopback
     */
    public CursorCodec cursors() {
        if (cursors.publishedKey() && !defaultKeyChecked) {
            PublishedCursorKey.check(schema.name(), endpoint.get());
            defaultKeyChecked = true;
        }
        return cursors;
    }

    public Clock clock() {
        return clock;
    }

    /** The bound entity of this schema, refused when the schema is not one of the table's entities. */
    @SuppressWarnings("unchecked")
    public <T> BoundEntity<T> bound(EntitySchema<T> entity) {
        BoundEntity<?> bound = entitiesByType.get(entity.type());
        if (bound == null) {
            throw new SchemaDefinitionException("Entity type " + entity.type() + " is not part of table " + schema.name()
                    + "; add it to the TableSchema (entities are " + entitiesByType.keySet() + ")");
        }
        if (bound.schema() != entity) { // the same type built twice (or loaded from the design again): its keys and attributes may differ
            throw new SchemaDefinitionException("Entity type " + entity.type() + " of table " + schema.name() + " was given as another "
                    + "EntitySchema object than the one the table was built with: use that one (keep it in a constant, or ask the table: "
                    + "table.schema().entity(\"" + entity.type() + "\", " + entity.javaType().getSimpleName()
                    + ".class).orElseThrow()), or build the table with this one");
        }
        return (BoundEntity<T>) bound;
    }

    /** The bound members of a collection, in the collection's order. */
    public <T> List<BoundEntity<? extends T>> members(EntityCollection<T> collection) {
        List<BoundEntity<? extends T>> members = new ArrayList<>();
        for (EntitySchema<? extends T> member : collection.members()) {
            members.add(bound(member));
        }
        return members;
    }

    /**
     * A dynamic item's values are its entity's attributes: one it does not declare would be dropped when the item is
     * written (and come back from a create, not from a get), so it is refused, as the CLI's put and load refuse it.
     */
    private static void checkDeclared(DynamicItem item, EntitySchema<?> entity) {
        Set<String> declared = new java.util.HashSet<>();
        entity.attributes().forEach(attribute -> declared.add(attribute.name()));
        for (Map.Entry<String, Object> value : item.values().entrySet()) {
            if (!declared.contains(value.getKey())) {
                throw ValidationException.ofAttribute(value.getKey(), entity.type() + "." + value.getKey() + ": the item sets '"
                        + value.getKey() + "' (" + value.getValue() + "), which " + entity.type() + " does not declare, so it would "
                        + "not be written; "
                        + ClosestName.among(value.getKey(), declared).map(n -> "did you mean '" + n + "'? ").orElse("")
                        + "declare it in the schema file, or remove it from the item (the attributes are " + new java.util.TreeSet<>(declared) + ")");
            }
        }
    }

    /**
     * The bound entity of an entity object: by its entity type name for a {@link DynamicItem} (every
     * dynamic entity shares that one class), else by its class (or one of its superclasses).
     */
    @SuppressWarnings("unchecked")
    public <T> BoundEntity<T> entityFor(Object entity) {
        if (entity instanceof DynamicItem item) {
            BoundEntity<?> bound = entitiesByType.get(item.entityType());
            if (bound != null && bound.schema().javaType() != DynamicItem.class) {
                // the name is right, the kind is not: no "did you mean" of the name itself
                throw new SchemaDefinitionException("Entity type '" + item.entityType() + "' of table " + schema.name()
                        + " is the entity of class " + bound.schema().javaType().getSimpleName() + ", not a dynamic entity: put "
                        + bound.schema().javaType().getSimpleName() + " objects, or declare '" + item.entityType()
                        + "' in a schema file to put DynamicItems of it");
            }
            if (bound == null) {
                throw new SchemaDefinitionException("No dynamic entity type '" + item.entityType() + "' in table " + schema.name()
                        + ClosestName.among(item.entityType(), entitiesByType.keySet()).map(n -> "; did you mean '" + n + "'?").orElse("")
                        + " (entities are " + entitiesByType.keySet() + ")");
            }
            EntityStates<?> states = dynamicStatesByType.get(item.entityType());
            BoundEntity<?> chosen = states != null
                    ? bound(((EntityStates<Object>) states).stateOf(item)) // the state attribute picks, not the name
                    : bound;
            checkDeclared(item, chosen.schema());
            return (BoundEntity<T>) chosen;
        }
        Optional<EntityStates<Object>> states = statesOf(entity);
        if (states.isPresent()) {
            return (BoundEntity<T>) bound(states.get().stateOf(entity)); // the state picks the templates
        }
        return entityForClass(entity.getClass());
    }

    /** The states of an entity stored under a key that depends on its state, when its class has them. */
    @SuppressWarnings("unchecked")
    public Optional<EntityStates<Object>> statesOf(Object entity) {
        if (entity instanceof DynamicItem item) {
            return Optional.ofNullable((EntityStates<Object>) dynamicStatesByType.get(item.entityType()));
        }
        for (Class<?> c = entity.getClass(); c != null && !statesByClass.isEmpty(); c = c.getSuperclass()) {
            EntityStates<?> states = statesByClass.get(c);
            if (states != null) {
                return Optional.of((EntityStates<Object>) states);
            }
        }
        return Optional.empty();
    }

    @SuppressWarnings("unchecked")
    private <T> BoundEntity<T> entityForClass(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            BoundEntity<?> bound = entitiesByClass.get(c);
            if (bound != null) {
                return (BoundEntity<T>) bound;
            }
        }
        throw new SchemaDefinitionException("No entity type of table " + schema.name() + " maps " + type.getName()
                + "; add its EntitySchema to the TableSchema (entities are " + entitiesByType.keySet() + ")");
    }

    public <T> T fromItem(EntitySchema<T> entity, Map<String, AttributeValue> item) {
        return bound(entity).fromItem(item);
    }

    /** The bound entities in declaration order. */
    public List<BoundEntity<?>> entities() {
        return List.copyOf(entitiesByType.values());
    }

    /**
     * What reads learn about the table's keys once (which entity types can share the keys a query reads):
     * computed on first use per key, then reused by every read of this table.
     */
    public List<String> keyAnalysis(String key, java.util.function.Supplier<List<String>> analysis) {
        return keyAnalyses.computeIfAbsent(key, k -> List.copyOf(analysis.get()));
    }

    /**
     * The entity types, in declaration order, whose keys on an index (or the table, when empty) can share a partition with
     * {@code self}'s, by the literal start of their partition keys (an index built once per index); the caller compares each.
     */
    public List<BoundEntity<?>> partitionSharingCandidates(Optional<String> index, BoundEntity<?> self) {
        return partitionPrefixes.computeIfAbsent(index, i -> new PartitionPrefixes(entities(), i)).candidates(self);
    }

    public Optional<BoundEntity<?>> entityOfType(String type) {
        return Optional.ofNullable(entitiesByType.get(type));
    }

    /** The key attributes of an item as text, for messages and exceptions. */
    public Map<String, String> keyText(Map<String, AttributeValue> item) {
        Map<String, String> key = new LinkedHashMap<>(4);
        key.put(schema.partitionKeyAttribute(), textOf(item.get(schema.partitionKeyAttribute())));
        schema.sortKeyAttribute().ifPresent(sk -> key.put(sk, textOf(item.get(sk))));
        return key;
    }

    private static String textOf(AttributeValue value) {
        return value == null ? "(missing)" : value.s() != null ? value.s() : value.n() != null ? value.n() : String.valueOf(value);
    }

    /**
     * True when the item's TTL attribute (epoch seconds) is at or before the clock's now: DynamoDB
     * deletes such items lazily, so reads hide them. False without a TTL attribute, or when the item
     * has none or a value that is not a number.
     */
    public boolean isExpired(Map<String, AttributeValue> item) {
        return isExpired(item, timeToLiveAttribute, clock.instant());
    }

    /** {@link #isExpired(Map)} by a given TTL attribute and now: writes explain a refusal by the clock they read. */
    public static boolean isExpired(Map<String, AttributeValue> item, Optional<String> timeToLiveAttribute, Instant now) {
        if (timeToLiveAttribute.isEmpty()) {
            return false;
        }
        AttributeValue ttl = item.get(timeToLiveAttribute.get());
        if (ttl == null || ttl.n() == null) {
            return false;
        }
        try {
            return new BigDecimal(ttl.n()).compareTo(BigDecimal.valueOf(now.getEpochSecond())) <= 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
