package dev.singletable.internal.writes;

import dev.singletable.IndefiniteArticle;
import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.expressions.Expressions;
import dev.singletable.internal.table.BoundTable;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Renders the writes of one entity type into {@link WriteAction}s (keeping version, timestamps and
 * index keys true), and explains refused conditions.
 */
final class EntityWrites<T> {

    /** How a put treats an existing item, and whether it keeps the timestamps and version the entity gives (a restore). */
    public enum PutMode {
        PUT("put"), CREATE("create"), REPLACE("replace"), RESTORE("restore"),
        /** A restore over whatever the key holds: no condition, the entity's timestamps and version kept. */
        RESTORE_REPLACING("restore");

        private final String operation;

        PutMode(String operation) {
            this.operation = operation;
        }

        /** The operation's name in messages: put, create, replace or restore. */
        String operation() {
            return operation;
        }

        /** A create or a restore: the key must be free, and the version starts afresh (or is the entity's, restored). */
        boolean isNew() {
            return this == CREATE || this == RESTORE;
        }

        /** A restore: the timestamps and version the entity gives are written as given. */
        boolean keepsGiven() {
            return this == RESTORE || this == RESTORE_REPLACING;
        }

        /** A put or replace: the stored version must be the entity's, and the next one is written. */
        boolean checksVersion() {
            return this == PUT || this == REPLACE;
        }
    }

    /** An update either needs an existing item or creates it when missing. */
    public enum UpdateMode { UPDATE, UPSERT }

    private final BoundEntity<T> bound;
    private final TableSchema table;
    private final Clock clock;
    private final EntitySchema<T> schema;
    private final Set<String> primarySlots;
    private final UpdatePlanner<T> updates;
    private final Refusals<T> refusals;
    /** Whether a put sets timestamps or a version: only then does it read the clock and build the maintained values. */
    private final boolean maintainsValues;
    /** Whether the item's key attributes are the entity's key as composed (no hook writes into the item). */
    private final boolean itemKeyIsEntityKey;
    /**
     * The table's TTL attribute when this entity has it: only then can its items expire, and its writes' existence
     * conditions take an expired item as absent.
     */
    private final Optional<String> timeToLiveAttribute;

    public EntityWrites(BoundEntity<T> bound, TableSchema table, Clock clock) {
        this.bound = bound;
        this.table = table;
        this.clock = clock;
        this.schema = bound.schema();
        Set<String> slots = new LinkedHashSet<>();
        slots.addAll(bound.primary().partition().template().attributeNames());
        bound.primary().sort().ifPresent(s -> slots.addAll(s.template().attributeNames()));
        this.primarySlots = Collections.unmodifiableSet(slots);
        List<KeyBinding<T>> indexes = new ArrayList<>();
        for (String index : schema.indexKeys().keySet()) {
            indexes.add(bound.binding(Optional.of(index)).orElseThrow());
        }
        this.updates = new UpdatePlanner<>(this, primarySlots, new IndexKeyUpkeep<>(this, List.copyOf(indexes), primarySlots));
        this.refusals = new Refusals<>(this, table);
        this.maintainsValues = schema.createdAtAttribute().isPresent() || schema.updatedAtAttribute().isPresent()
                || schema.versionAttribute().isPresent();
        this.itemKeyIsEntityKey = !schema.hooks().touchesItems();
        this.timeToLiveAttribute = table.timeToLiveAttribute().filter(ttl -> schema.attribute(ttl).isPresent());
    }

    public BoundEntity<T> bound() {
        return bound;
    }

    public boolean isVersioned() {
        return schema.versionAttribute().isPresent();
    }

    // ------------------------------------------------------------------ puts

    /**
     * The item a put writes for the entity as it is, without the values a put maintains (version, timestamps): the same
     * {@link WrittenEntity} and encoding as {@link #putAction}, so that {@code Table.toItem} is what {@code put} stores.
     */
    public Map<String, AttributeValue> item(T entity) {
        return bound.toItem(WrittenEntity.of(bound, entity, Map.of()));
    }

    public PutAction putAction(T entity, PutMode mode, Condition user) {
        checkCondition(mode.operation, user);
        Optional<Long> expected = version(entity);
        T written = WrittenEntity.of(bound, entity, maintainsValues
                ? maintained(entity, mode.checksVersion() ? expected : Optional.empty(), mode.operation, mode.keepsGiven()) : Map.of());
        Map<String, AttributeValue> item = bound.toItem(written);
        Expectation.Existence existence = switch (mode) {
            case CREATE, RESTORE -> Expectation.Existence.MUST_NOT_EXIST;
            case REPLACE -> Expectation.Existence.MUST_EXIST;
            case PUT -> isVersioned() && expected.isEmpty() ? Expectation.Existence.MUST_NOT_EXIST : Expectation.Existence.ANY;
            case RESTORE_REPLACING -> Expectation.Existence.ANY;
        };
        Optional<Long> checked = mode.checksVersion() ? expected : Optional.empty();
        // hooks that write into the item may change its key attributes: then the key is composed from the entity, as before
        Map<String, AttributeValue> key = itemKeyIsEntityKey ? bound.keyOfItem(item) : bound.key(written);
        if (existence == Expectation.Existence.ANY && checked.isEmpty() && user.isNone()) {
            // a plain put: no condition, so no placeholders to render
            return new PutAction(bound, mode.operation, key, item, Guard.unconditional(Expectation.of(existence, checked, user)), written);
        }
        ConditionParts condition = conditions(new Expressions()).existence(existence);
        schema.versionAttribute().ifPresent(version -> condition.version(version.name(), checked));
        if (checked.isPresent()) {
            condition.live(); // the version was read from a live item: an expired one with that version is gone, as for replace
        }
        Guard guard = condition.user(user).guard(Expectation.of(existence, checked, user));
        return new PutAction(bound, mode.operation, key, item, guard, written);
    }

    /**
     * The values singletable maintains on a put (timestamps, version), by attribute name, in their Java types: the version
     * next after {@code from} (1 when empty), refused by {@link VersionIncrement} past its type's maximum. A restore
     * ({@code asGiven}) sets only those the entity leaves null: an item brought back keeps when it changed and its version.
     */
    private Map<String, Object> maintained(T entity, Optional<Long> from, String operation, boolean asGiven) {
        Instant now = clock.instant();
        Map<String, Object> maintained = new HashMap<>(4);
        schema.createdAtAttribute().filter(created -> created.valueOf(entity) == null)
                .ifPresent(created -> maintained.put(created.name(), truncated(created, now)));
        schema.updatedAtAttribute().filter(updated -> !asGiven || updated.valueOf(entity) == null)
                .ifPresent(updated -> maintained.put(updated.name(), truncated(updated, now)));
        schema.versionAttribute().filter(version -> !asGiven || version.valueOf(entity) == null)
                .ifPresent(version -> maintained.put(version.name(), VersionIncrement.next(schema, version, from, operation)));
        return maintained;
    }

    /**
     * The put of an entity moved to another state's key: the key must be free, and the version goes on
     * from the one it had (1 when it had none), so a writer holding an older version still conflicts. A version refused
     * past its type's maximum is refused as the caller's {@code operation} (the put, replace or update that moves it).
     */
    public PutAction movedPutAction(T entity, Optional<Long> fromVersion, String operation) {
        T written = WrittenEntity.of(bound, entity, maintained(entity, fromVersion, operation, false));
        ConditionParts condition = conditions(new Expressions()).existence(Expectation.Existence.MUST_NOT_EXIST);
        Guard guard = condition.guard(Expectation.of(Expectation.Existence.MUST_NOT_EXIST, Optional.empty(), Condition.none()));
        return new PutAction(bound, "create", bound.key(written), bound.toItem(written), guard, written);
    }

    /** A check that no item has the key: another state's key must be free when an entity is created in one. */
    public ConditionCheckAction absentAction(Map<String, AttributeValue> key) {
        ConditionParts condition = conditions(new Expressions()).existence(Expectation.Existence.MUST_NOT_EXIST);
        return new ConditionCheckAction(bound, key, condition.guard(Expectation.of(Expectation.Existence.MUST_NOT_EXIST,
                Optional.empty(), Condition.none())));
    }

    // ------------------------------------------------------------------ deletes and checks

    public DeleteAction deleteAction(Map<String, AttributeValue> key, Optional<Long> expectedVersion, boolean mustExist, Condition user) {
        checkCondition("delete", user);
        Expectation.Existence existence = mustExist ? Expectation.Existence.MUST_EXIST : Expectation.Existence.ANY;
        ConditionParts condition = conditions(new Expressions()).existence(existence);
        expectedVersion.ifPresent(v -> condition.version(schema.versionAttribute().orElseThrow().name(), expectedVersion));
        if (!user.isNone()) {
            condition.live(); // the caller's condition is about a live item: an expired one would pass it or fail it by dead values
        }
        return new DeleteAction(bound, "delete", key, condition.user(user).guard(Expectation.of(existence, expectedVersion, user)));
    }

    /**
     * The delete of the item at {@code key} only while it has expired: an upsert or a PartiQL INSERT ({@code operation})
     * refused by an expired item clears it, then writes as onto no item.
     */
    DeleteAction expiredDeleteAction(Map<String, AttributeValue> key, String operation) {
        Guard guard = conditions(new Expressions()).expired()
                .guard(Expectation.of(Expectation.Existence.ANY, Optional.empty(), Condition.none()));
        return new DeleteAction(bound, operation, key, guard);
    }

    public ConditionCheckAction checkAction(Map<String, AttributeValue> key, Condition condition) {
        if (condition.isNone()) {
            throw new ValidationException("Condition check on " + schema.type() + " " + keyText(key)
                    + " has no condition; give the condition the transaction depends on");
        }
        checkCondition("condition check", condition);
        Guard guard = conditions(new Expressions()).user(condition)
                .guard(Expectation.of(Expectation.Existence.ANY, Optional.empty(), condition));
        return new ConditionCheckAction(bound, key, guard);
    }

    /** Refuses a condition naming an attribute this entity does not have, before anything is sent. */
    void checkCondition(String operation, Condition user) {
        if (user.isNone()) {
            return; // nothing to check, and no message text to build on every write
        }
        Expressions.checkNames(operation + " of " + schema.type(), "condition", user, table, List.of(schema));
    }

    ConditionParts conditions(Expressions expressions) {
        return new ConditionParts(expressions, table.partitionKeyAttribute(), timeToLiveAttribute, clock);
    }

    // ------------------------------------------------------------------ updates

    /**
     * @param keyValues       the primary key's slot values
     * @param expectedVersion the version the update was based on, checked when present
     * @param known           values of other attributes known to be stored (from the current entity or a read), by name
     */
    public UpdatePlan updatePlan(KeyValues keyValues, Update<T> update, Condition user, UpdateMode mode,
                                 Optional<Long> expectedVersion, Optional<Map<String, Object>> known) {
        String operation = mode == UpdateMode.UPDATE ? "update" : "upsert";
        IndexKeyUpkeep.Request<T> request = new IndexKeyUpkeep.Request<>(operation, bound.key(keyValues), keyValues, update,
                mode == UpdateMode.UPSERT, known);
        return updates.plan(request, user, expectedVersion);
    }

    /** The attribute values of a stored entity, by name, for {@code known} in {@link #updatePlan}. */
    public Map<String, Object> valuesOf(T entity) {
        Map<String, Object> values = new HashMap<>();
        for (Attribute<T, ?> attribute : schema.attributes()) {
            values.put(attribute.name(), attribute.valueOf(entity));
        }
        return values;
    }

    /** The primary key values of an entity, as {@link KeyValues}. */
    public KeyValues keyValuesOf(T entity) {
        KeyValues values = KeyValues.none();
        for (String slot : primarySlots) {
            Object value = schema.attribute(slot).orElseThrow().valueOf(entity);
            if (value == null) {
                throw new ValidationException(schema.type() + "." + slot + " is null, but the primary key is built from it; give it a value");
            }
            values = values.and(slot, value);
        }
        return values;
    }

    // ------------------------------------------------------------------ refusals

    /** The exception for a refused condition, explained from the item as it was (when DynamoDB returned it). */
    public ConditionFailedException explain(WriteAction action, Optional<Map<String, AttributeValue>> current, Throwable cause) {
        return refusals.explain(action, current, cause);
    }

    /** The exception for a versioned write whose item was deleted since it was read: see {@link Refusals#gone}. */
    public dev.singletable.ItemNotFoundException gone(WriteAction action, dev.singletable.VersionConflictException conflict) {
        return refusals.gone(action, conflict);
    }

    // ------------------------------------------------------------------ helpers

    /** The entity's version, when it is versioned and the entity has one (it was read from the table). */
    public Optional<Long> version(T entity) {
        return schema.versionAttribute().map(version -> version.valueOf(entity)).map(Number::longValue);
    }

    Instant now() {
        return clock.instant();
    }

    /** The table's TTL attribute when this entity has it (its items can expire). */
    Optional<String> timeToLiveAttribute() {
        return timeToLiveAttribute;
    }

    /** True when a stored item's TTL has passed by the table's clock: writes treat it as absent, as reads do. */
    boolean isExpired(Map<String, AttributeValue> item) {
        return BoundTable.isExpired(item, timeToLiveAttribute, clock.instant());
    }

    String typeName() {
        return schema.type();
    }

    String partitionKeyAttribute() {
        return table.partitionKeyAttribute();
    }

    String entityTypeAttribute() {
        return table.entityTypeAttribute();
    }

    /**
     * What the table makes of an attribute name that singletable writes itself on every write of an entity (a key attribute
     * of the table or of an index, the entity-type attribute), when it is one: no attribute bag may hold such a name.
     */
    Optional<String> writtenByTable(String name) {
        if (name.equals(table.partitionKeyAttribute())) {
            return Optional.of("the table's partition key attribute");
        }
        if (table.sortKeyAttribute().filter(name::equals).isPresent()) {
            return Optional.of("the table's sort key attribute");
        }
        if (name.equals(table.entityTypeAttribute())) {
            return Optional.of("the table's entity-type attribute");
        }
        return table.indexes().stream().filter(index -> index.keyAttributes().stream().anyMatch(key -> key.name().equals(name)))
                .findFirst().map(index -> "a key attribute of index " + index.name());
    }

    static String templates(KeyBinding<?> binding) {
        return binding.templates().stream().map(t -> "'" + t.template().text() + "'").collect(java.util.stream.Collectors.joining(" / "));
    }

    @SuppressWarnings("unchecked")
    static <V> AttributeValue encode(Attribute<?, V> attribute, Object value) {
        try {
            return attribute.type().toAttributeValue((V) value);
        } catch (ClassCastException e) {
            throw new ValidationException("Value " + value + " (" + value.getClass().getSimpleName() + ") for '" + attribute.name()
                    + "' is not " + IndefiniteArticle.before(attribute.type().typeName()), e);
        }
    }

    /** An instant as a timestamp attribute stores it: whole seconds for epoch seconds. */
    private static Instant truncated(Attribute<?, Instant> attribute, Instant now) {
        return attribute.type() == AttributeTypes.EPOCH_SECONDS ? now.truncatedTo(ChronoUnit.SECONDS) : now;
    }

    static AttributeValue encodeInstant(Attribute<?, Instant> attribute, Instant now) {
        return attribute.type().toAttributeValue(truncated(attribute, now));
    }

    public Map<String, String> keyText(Map<String, AttributeValue> key) {
        Map<String, String> text = new LinkedHashMap<>(4);
        text.put(table.partitionKeyAttribute(), textOf(key.get(table.partitionKeyAttribute())));
        table.sortKeyAttribute().ifPresent(sk -> text.put(sk, textOf(key.get(sk))));
        return text;
    }

    private static String textOf(AttributeValue value) {
        return value == null ? "(missing)" : value.s() != null ? value.s() : value.n() != null ? value.n() : String.valueOf(value);
    }
}
