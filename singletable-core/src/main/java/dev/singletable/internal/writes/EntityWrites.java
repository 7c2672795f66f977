package dev.singletable.internal.writes;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.expressions.Expressions;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.TableSchema;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Renders the writes of one entity type into {@link WritePlan}s (keeping version, timestamps and
 * index keys true), and explains refused conditions.
 */
public final class EntityWrites<T> {

    /** How a put treats an existing item. */
    public enum PutMode {
        PUT("put"), CREATE("create"), REPLACE("replace");

        private final String operation;

        PutMode(String operation) {
            this.operation = operation;
        }
    }

    /** An update either needs an existing item or creates it when missing. */
    public enum UpdateMode { UPDATE, UPSERT }

    /** Thrown by {@link #updatePlan} when index keys need stored values and the update asked to read them. */
    public static final class StoredValuesNeeded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StoredValuesNeeded() {
            super(null, null, false, false);
        }
    }

    private final BoundEntity<T> bound;
    private final TableSchema table;
    private final Clock clock;
    private final EntitySchema<T> schema;
    private final Set<String> primarySlots;
    private final List<BoundEntity.KeyBinding<T>> indexes = new ArrayList<>();

    public EntityWrites(BoundEntity<T> bound, TableSchema table, Clock clock) {
        this.bound = bound;
        this.table = table;
        this.clock = clock;
        this.schema = bound.schema();
        Set<String> slots = new LinkedHashSet<>();
        slots.addAll(bound.primary().partition().template().attributeNames());
        bound.primary().sort().ifPresent(s -> slots.addAll(s.template().attributeNames()));
        this.primarySlots = java.util.Collections.unmodifiableSet(slots);
        for (String index : schema.indexKeys().keySet()) {
            indexes.add(bound.binding(index).orElseThrow());
        }
    }

    public BoundEntity<T> bound() {
        return bound;
    }

    public boolean isVersioned() {
        return schema.versionAttribute().isPresent();
    }

    // ------------------------------------------------------------------ puts

    public WritePlan putPlan(T entity, PutMode mode, Condition user) {
        Instant now = now();
        Map<String, AttributeValue> item = bound.toItem(entity);
        Long expected = isVersioned() ? versionOf(entity) : null;
        boolean maintained = false;
        if (schema.createdAtAttribute().isPresent() && schema.createdAtAttribute().get().valueOf(entity) == null) {
            Attribute<T, Instant> created = schema.createdAtAttribute().get();
            item.put(created.name(), encodeInstant(created, now));
            maintained = true;
        }
        if (schema.updatedAtAttribute().isPresent()) {
            Attribute<T, Instant> updated = schema.updatedAtAttribute().get();
            item.put(updated.name(), encodeInstant(updated, now));
            maintained = true;
        }
        if (isVersioned()) {
            Attribute<T, ? extends Number> version = schema.versionAttribute().get();
            long next = mode == PutMode.CREATE || expected == null ? 1 : expected + 1;
            item.put(version.name(), AttributeValue.fromN(Long.toString(next)));
            maintained = true;
        }
        T written = entity;
        if (maintained) {
            // index keys may be built from the maintained attributes: rebuild the item from the entity as written
            written = bound.decode(item);
            item = bound.toItem(written);
        }
        Expressions ex = new Expressions();
        List<String> parts = new ArrayList<>();
        WritePlan.Existence existence = switch (mode) {
            case CREATE -> WritePlan.Existence.MUST_NOT_EXIST;
            case REPLACE -> WritePlan.Existence.MUST_EXIST;
            case PUT -> isVersioned() && expected == null ? WritePlan.Existence.MUST_NOT_EXIST : WritePlan.Existence.ANY;
        };
        existence(existence, ex, parts);
        Optional<Long> checked = Optional.empty();
        if (isVersioned() && mode != PutMode.CREATE && expected != null) {
            checked = Optional.of(expected);
            parts.add(ex.name(schema.versionAttribute().get().name()) + " = " + ex.value(AttributeValue.fromN(expected.toString())));
        }
        user(user, ex, parts);
        return new WritePlan(WritePlan.Kind.PUT, bound, mode.operation, bound.key(written), item, null, join(parts),
                ex.names(), ex.values(), new WritePlan.Expectation(existence, false, checked, List.of(), user), written);
    }

    // ------------------------------------------------------------------ deletes

    public WritePlan deletePlan(Map<String, AttributeValue> key, Optional<Long> expectedVersion, boolean mustExist, Condition user,
                                String operation) {
        Expressions ex = new Expressions();
        List<String> parts = new ArrayList<>();
        WritePlan.Existence existence = mustExist ? WritePlan.Existence.MUST_EXIST : WritePlan.Existence.ANY;
        existence(existence, ex, parts);
        if (expectedVersion.isPresent()) {
            parts.add(ex.name(schema.versionAttribute().orElseThrow().name()) + " = "
                    + ex.value(AttributeValue.fromN(expectedVersion.get().toString())));
        }
        user(user, ex, parts);
        return new WritePlan(WritePlan.Kind.DELETE, bound, operation, key, Map.of(), null, join(parts), ex.names(), ex.values(),
                new WritePlan.Expectation(existence, false, expectedVersion, List.of(), user), null);
    }

    public WritePlan checkPlan(Map<String, AttributeValue> key, Condition condition) {
        if (condition.isNone()) {
            throw new ValidationException("Condition check on " + schema.type() + " " + describe(key)
                    + " has no condition; give the condition the transaction depends on");
        }
        Expressions ex = new Expressions();
        List<String> parts = new ArrayList<>();
        user(condition, ex, parts);
        return new WritePlan(WritePlan.Kind.CHECK, bound, "conditionCheck", key, Map.of(), null, join(parts), ex.names(), ex.values(),
                new WritePlan.Expectation(WritePlan.Existence.ANY, false, Optional.empty(), List.of(), condition), null);
    }

    // ------------------------------------------------------------------ updates

    /**
     * @param keyValues    the primary key's slot values
     * @param known        values of other attributes known to be stored (from the current entity or a read), by name
     * @throws StoredValuesNeeded when index keys need values neither given nor known and the update asked to read them
     */
    public WritePlan updatePlan(KeyValues keyValues, Update<T> update, Condition user, UpdateMode mode,
                                Optional<Long> expectedVersion, Optional<Map<String, Object>> known) {
        Map<String, AttributeValue> key = bound.key(keyValues);
        String operation = mode == UpdateMode.UPDATE ? "update" : "upsert";
        if (update.isEmpty()) {
            throw new ValidationException(operation + " of " + schema.type() + " " + describe(key)
                    + " changes nothing; give at least one change (set, remove, add...)");
        }
        Instant now = now();
        Expressions ex = new Expressions();
        List<String> set = new ArrayList<>();
        List<String> remove = new ArrayList<>();
        List<String> add = new ArrayList<>();
        List<String> delete = new ArrayList<>();
        Map<String, Object> newValues = new HashMap<>(); // attribute -> value after the update (null: removed)
        Set<String> opaque = new LinkedHashSet<>();       // attributes changed to values only DynamoDB knows
        Map<String, Update.Operation> opaqueBy = new HashMap<>();

        if (mode == UpdateMode.UPSERT) {
            set.add(ex.name(table.entityTypeAttribute()) + " = " + ex.value(AttributeValue.fromS(schema.type())));
            for (String slot : primarySlots) {
                Attribute<T, ?> attribute = schema.attribute(slot).orElseThrow();
                set.add(ex.name(slot) + " = " + ex.value(encodeKeyValue(attribute, keyValues.value(slot).orElseThrow())));
            }
        }
        for (Update.Action<T> action : update.actions()) {
            Attribute<T, ?> attribute = action.attribute();
            checkChangeable(attribute, key, action.operation());
            String name = ex.name(attribute.name());
            switch (action.operation()) {
                case SET -> {
                    set.add(name + " = " + ex.value(action.storedValue().orElseThrow()));
                    newValues.put(attribute.name(), action.value().orElseThrow());
                }
                case SET_IF_ABSENT -> set.add(name + " = if_not_exists(" + name + ", " + ex.value(action.storedValue().orElseThrow()) + ")");
                case SET_FROM_ATTRIBUTE -> set.add(name + " = " + ex.name(action.source().orElseThrow().name()));
                case REMOVE -> {
                    remove.add(name);
                    newValues.put(attribute.name(), null);
                }
                case ADD_NUMBER, ADD_TO_SET -> add.add(name + " " + ex.value(action.storedValue().orElseThrow()));
                case SUBTRACT_NUMBER -> set.add(name + " = " + name + " - " + ex.value(action.storedValue().orElseThrow()));
                case APPEND -> set.add(name + " = list_append(if_not_exists(" + name + ", " + ex.value(AttributeValue.fromL(List.of()))
                        + "), " + ex.value(action.storedValue().orElseThrow()) + ")");
                case PREPEND -> set.add(name + " = list_append(" + ex.value(action.storedValue().orElseThrow()) + ", if_not_exists("
                        + name + ", " + ex.value(AttributeValue.fromL(List.of())) + "))");
                case DELETE_FROM_SET -> delete.add(name + " " + ex.value(action.storedValue().orElseThrow()));
            }
            if (!newValues.containsKey(attribute.name())) {
                opaque.add(attribute.name());
                opaqueBy.put(attribute.name(), action.operation());
            }
        }
        if (mode == UpdateMode.UPSERT && schema.createdAtAttribute().isPresent()) {
            Attribute<T, Instant> created = schema.createdAtAttribute().get();
            String name = ex.name(created.name());
            // not known here (kept when the item exists): index keys built from it need it given, or read
            set.add(name + " = if_not_exists(" + name + ", " + ex.value(encodeInstant(created, now)) + ")");
        }
        if (schema.updatedAtAttribute().isPresent()) {
            Attribute<T, Instant> updated = schema.updatedAtAttribute().get();
            set.add(ex.name(updated.name()) + " = " + ex.value(encodeInstant(updated, now)));
            newValues.put(updated.name(), now);
        }
        if (isVersioned()) {
            add.add(ex.name(schema.versionAttribute().get().name()) + " " + ex.value(AttributeValue.fromN("1")));
        }

        // index keys
        List<String> guarded = new ArrayList<>();
        Map<String, Object> guards = new LinkedHashMap<>();
        for (BoundEntity.KeyBinding<T> index : indexes) {
            List<Attribute<T, ?>> slots = slotsOf(index);
            boolean touched = slots.stream().anyMatch(a -> newValues.containsKey(a.name()) || opaque.contains(a.name()));
            if (!touched && mode == UpdateMode.UPDATE) {
                continue;
            }
            Map<String, Object> values = new LinkedHashMap<>();
            Map<String, Object> indexGuards = new LinkedHashMap<>();
            String missing = null;
            for (Attribute<T, ?> slot : slots) {
                String slotName = slot.name();
                if (opaque.contains(slotName)) {
                    if (!touched) {
                        missing = missing == null ? slotName : missing;
                        continue;
                    }
                    throw new ValidationException(operation + " of " + schema.type() + " " + describe(key) + ": index "
                            + index.indexName() + "'s key is built from '" + slotName + "', which " + describeOperation(opaqueBy.get(slotName))
                            + " changes to a value only DynamoDB knows, so the index key cannot be rewritten; "
                            + "set '" + slotName + "' to a value with set(...) instead");
                }
                if (newValues.containsKey(slotName)) {
                    values.put(slotName, newValues.get(slotName));
                } else if (primarySlots.contains(slotName)) {
                    values.put(slotName, keyValues.value(slotName).orElseThrow());
                } else if (known.isPresent() && known.get().containsKey(slotName)) {
                    Object value = known.get().get(slotName);
                    values.put(slotName, value);
                    indexGuards.put(slotName, value);
                } else if (missing == null) {
                    missing = slotName;
                }
            }
            boolean removedSlot = values.values().stream().anyMatch(v -> v == null)
                    && slots.stream().anyMatch(a -> newValues.containsKey(a.name()) && newValues.get(a.name()) == null);
            if (missing != null && !removedSlot) {
                if (!touched) {
                    continue; // upsert: an index key it cannot compute and does not change stays as stored
                }
                if (update.readsStoredValuesForIndexKeys() && known.isEmpty()) {
                    throw new StoredValuesNeeded();
                }
                String changed = slots.stream().map(Attribute::name).filter(n -> newValues.containsKey(n)).findFirst().orElse("?");
                throw new ValidationException(operation + " of " + schema.type() + " " + describe(key) + " changes '" + changed
                        + "', which index " + index.indexName() + "'s key (" + templates(index) + ") is built from, but gives no value for '"
                        + missing + "', which that key also needs. Set '" + missing + "' in the same update, update from the current entity "
                        + "(table.update(current, ...)), or call readingStoredValuesForIndexKeys() to read the item first");
            }
            if (!removedSlot) {
                guards.putAll(indexGuards);
            }
            boolean sparse = values.values().stream().anyMatch(v -> v == null);
            if (sparse) {
                remove.add(ex.name(index.partitionAttribute()));
                index.sortAttribute().ifPresent(sk -> remove.add(ex.name(sk)));
            } else {
                KeyValues slotValues = KeyValues.none();
                for (Map.Entry<String, Object> value : values.entrySet()) {
                    slotValues = slotValues.and(value.getKey(), value.getValue());
                }
                set.add(ex.name(index.partitionAttribute()) + " = " + ex.value(AttributeValue.fromS(index.partition().compose(slotValues))));
                if (index.sort().isPresent()) {
                    set.add(ex.name(index.sortAttribute().orElseThrow()) + " = "
                            + ex.value(AttributeValue.fromS(index.sort().get().compose(slotValues))));
                }
            }
        }

        StringBuilder expression = new StringBuilder();
        clause(expression, "SET", set);
        clause(expression, "REMOVE", remove);
        clause(expression, "ADD", add);
        clause(expression, "DELETE", delete);

        List<String> parts = new ArrayList<>();
        WritePlan.Existence existence;
        String pk = ex.name(table.partitionKeyAttribute());
        String typeCheck = ex.name(table.entityTypeAttribute()) + " = " + ex.value(AttributeValue.fromS(schema.type()));
        if (mode == UpdateMode.UPDATE) {
            existence = WritePlan.Existence.MUST_EXIST;
            parts.add("attribute_exists(" + pk + ")");
            parts.add(typeCheck);
        } else {
            existence = WritePlan.Existence.ANY;
            parts.add("(attribute_not_exists(" + pk + ") OR " + typeCheck + ")");
        }
        if (expectedVersion.isPresent()) {
            parts.add(ex.name(schema.versionAttribute().orElseThrow().name()) + " = "
                    + ex.value(AttributeValue.fromN(expectedVersion.get().toString())));
        }
        for (Map.Entry<String, Object> guard : guards.entrySet()) {
            Attribute<T, ?> attribute = schema.attribute(guard.getKey()).orElseThrow();
            guarded.add(guard.getKey());
            if (guard.getValue() == null) {
                parts.add("attribute_not_exists(" + ex.name(guard.getKey()) + ")");
            } else {
                parts.add(ex.name(guard.getKey()) + " = " + ex.value(encodeKeyValue(attribute, guard.getValue())));
            }
        }
        user(user, ex, parts);
        return new WritePlan(WritePlan.Kind.UPDATE, bound, operation, key, Map.of(), expression.toString(), join(parts),
                ex.names(), ex.values(), new WritePlan.Expectation(existence, true, expectedVersion, List.copyOf(guarded), user), null);
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

    private void checkChangeable(Attribute<T, ?> attribute, Map<String, AttributeValue> key, Update.Operation operation) {
        Optional<Attribute<T, ?>> declared = schema.attribute(attribute.name());
        if (declared.isEmpty()) {
            throw new ValidationException("Update of " + schema.type() + " " + describe(key) + " changes '" + attribute.name()
                    + "', which is not an attribute of " + schema.type() + "; its attributes are "
                    + schema.attributes().stream().map(Attribute::name).toList());
        }
        if (primarySlots.contains(attribute.name())) {
            throw new ValidationException("Update of " + schema.type() + " " + describe(key) + " changes '" + attribute.name()
                    + "', which the primary key (" + templates(bound.primary()) + ") is built from: an item cannot change its key in place. "
                    + "Move it instead: table.move(" + schema.type().toUpperCase(java.util.Locale.ROOT)
                    + ", oldKey, newEntity) deletes the old item and creates the new one in one transaction");
        }
        for (Optional<? extends Attribute<T, ?>> maintained : List.of(schema.versionAttribute(), schema.createdAtAttribute(), schema.updatedAtAttribute())) {
            if (maintained.isPresent() && maintained.get().name().equals(attribute.name())) {
                throw new ValidationException("Update of " + schema.type() + " " + describe(key) + " changes '" + attribute.name()
                        + "' (" + operation + "), which singletable maintains on every write (version or timestamp); leave it out");
            }
        }
    }

    private static String describeOperation(Update.Operation operation) {
        return switch (operation) {
            case SET_IF_ABSENT -> "setIfAbsent(...)";
            case SET_FROM_ATTRIBUTE -> "setFrom(...)";
            case ADD_NUMBER -> "add(...)";
            case SUBTRACT_NUMBER -> "subtract(...)";
            case APPEND -> "append(...)";
            case PREPEND -> "prepend(...)";
            case ADD_TO_SET -> "addToSet(...)";
            case DELETE_FROM_SET -> "deleteFromSet(...)";
            default -> operation.name();
        };
    }

    private List<Attribute<T, ?>> slotsOf(BoundEntity.KeyBinding<T> index) {
        List<Attribute<T, ?>> slots = new ArrayList<>(index.partition().attributes());
        index.sort().ifPresent(s -> {
            for (Attribute<T, ?> a : s.attributes()) {
                if (slots.stream().noneMatch(x -> x.name().equals(a.name()))) {
                    slots.add(a);
                }
            }
        });
        return slots;
    }

    private static String templates(BoundEntity.KeyBinding<?> binding) {
        return "'" + binding.partition().template().text() + "'" + binding.sort().map(s -> " / '" + s.template().text() + "'").orElse("");
    }

    private static void clause(StringBuilder expression, String keyword, List<String> actions) {
        if (actions.isEmpty()) {
            return;
        }
        if (expression.length() > 0) {
            expression.append(' ');
        }
        expression.append(keyword).append(' ').append(String.join(", ", actions));
    }

    @SuppressWarnings("unchecked")
    private static <V> AttributeValue encodeKeyValue(Attribute<?, V> attribute, Object value) {
        try {
            return attribute.type().toAttributeValue((V) value);
        } catch (ClassCastException e) {
            throw new ValidationException("Value " + value + " (" + value.getClass().getSimpleName() + ") for '" + attribute.name()
                    + "' is not a " + attribute.type().typeName(), e);
        }
    }

    // ------------------------------------------------------------------ conditions

    private void existence(WritePlan.Existence existence, Expressions ex, List<String> parts) {
        if (existence == WritePlan.Existence.MUST_EXIST) {
            parts.add("attribute_exists(" + ex.name(table.partitionKeyAttribute()) + ")");
        } else if (existence == WritePlan.Existence.MUST_NOT_EXIST) {
            parts.add("attribute_not_exists(" + ex.name(table.partitionKeyAttribute()) + ")");
        }
    }

    private static void user(Condition user, Expressions ex, List<String> parts) {
        if (user.isNone()) {
            return;
        }
        String text = user.render(ex);
        parts.add(parts.isEmpty() || user.bindsAtLeastAsTightAsAnd() ? text : "(" + text + ")");
    }

    private static String join(List<String> parts) {
        return parts.isEmpty() ? null : String.join(" AND ", parts);
    }

    // ------------------------------------------------------------------ refusals

    /** The exception for a refused condition, explained from the item as it was (when DynamoDB returned it). */
    public ConditionFailedException explain(WritePlan plan, Optional<Map<String, AttributeValue>> current, Throwable cause) {
        Map<String, String> keyText = keyText(plan.key());
        String what = plan.operation() + " of " + schema.type() + " " + keyText + " in table " + table.name();
        WritePlan.Expectation expected = plan.expectation();
        Optional<Map<String, AttributeValue>> stored = current.filter(m -> !m.isEmpty());
        if (stored.isEmpty()) {
            if (expected.existence() == WritePlan.Existence.MUST_EXIST) {
                return new ItemNotFoundException(what + " was refused: no item has this key"
                        + (plan.operation().equals("update") ? "; create it first, or use upsert to create it when missing" : "; create it first"),
                        schema.type(), plan.operation(), keyText, cause);
            }
            return new ConditionFailedException(what + " was refused: there is no item at this key, and its condition "
                    + expected.user() + " does not hold for a missing item", schema.type(), plan.operation(), keyText, Optional.empty(),
                    Optional.empty(), cause);
        }
        Map<String, AttributeValue> item = stored.get();
        AttributeValue typeValue = item.get(table.entityTypeAttribute());
        String storedType = typeValue == null ? "(none)" : typeValue.s();
        boolean sameType = schema.type().equals(storedType);
        Optional<Object> entity = Optional.empty();
        if (sameType) {
            try {
                entity = Optional.of(bound.decode(item));
            } catch (RuntimeException e) {
                entity = Optional.empty();
            }
        }
        OptionalLong storedVersion = storedVersion(item);
        if (expected.existence() == WritePlan.Existence.MUST_NOT_EXIST) {
            if (plan.operation().equals("create")) {
                return new ItemAlreadyExistsException("Cannot create " + schema.type() + " " + keyText + " in table " + table.name()
                        + ": an item with this key already exists; use put to replace it, or choose another key",
                        schema.type(), plan.operation(), keyText, stored, entity, cause);
            }
            return new VersionConflictException(what + " was refused: the entity has no version, so it was written as a new item, but "
                    + "the table already holds this key" + storedVersion.stream().mapToObj(v -> " at version " + v).findFirst().orElse("")
                    + "; read the stored item and change that, or use create to insist on a new item",
                    schema.type(), plan.operation(), keyText, OptionalLong.empty(), storedVersion, stored, entity, cause);
        }
        if (expected.checksType() && !sameType) {
            return new ConditionFailedException(what + " was refused: the item at this key is a " + storedType + ", not a " + schema.type()
                    + "; check the key values", schema.type(), plan.operation(), keyText, stored, entity, cause);
        }
        boolean versionDiffers = expected.expectedVersion().isPresent()
                && (storedVersion.isEmpty() || storedVersion.getAsLong() != expected.expectedVersion().get());
        // the returned item may postdate the check under concurrent writes; when only the version was checked, it failed
        boolean onlyVersionChecked = expected.expectedVersion().isPresent() && expected.user().isNone() && expected.guarded().isEmpty();
        if (versionDiffers || onlyVersionChecked) {
            return new VersionConflictException(what + " was refused: it was based on version " + expected.expectedVersion().get()
                    + (versionDiffers ? " but version " + (storedVersion.isPresent() ? storedVersion.getAsLong() : "(none)") + " is stored"
                    : " but a concurrent write changed the version")
                    + "; someone else changed it. Read it again and re-apply the change (table.retryOnConflict does this)",
                    schema.type(), plan.operation(), keyText, OptionalLong.of(expected.expectedVersion().get()), storedVersion,
                    stored, entity, cause);
        }
        if (!expected.guarded().isEmpty() && expected.user().isNone()) {
            return new ConditionFailedException(what + " was refused: stored " + expected.guarded()
                    + " changed since they were read, so the rewritten index keys would be wrong; retry the update",
                    schema.type(), plan.operation(), keyText, stored, entity, cause);
        }
        return new ConditionFailedException(what + " was refused: its condition " + expected.user() + " did not hold"
                + (expected.guarded().isEmpty() ? "" : " (or stored " + expected.guarded() + " changed since read)")
                + "; the stored item is in currentItem()",
                schema.type(), plan.operation(), keyText, stored, entity, cause);
    }

    private OptionalLong storedVersion(Map<String, AttributeValue> item) {
        if (schema.versionAttribute().isEmpty()) {
            return OptionalLong.empty();
        }
        AttributeValue value = item.get(schema.versionAttribute().get().name());
        if (value == null || value.n() == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(value.n()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    // ------------------------------------------------------------------ helpers

    public Long versionOf(T entity) {
        Number version = schema.versionAttribute().orElseThrow().valueOf(entity);
        return version == null ? null : version.longValue();
    }

    private Instant now() {
        return clock.instant();
    }

    private static AttributeValue encodeInstant(Attribute<?, Instant> attribute, Instant now) {
        Instant value = attribute.type() == AttributeTypes.EPOCH_SECONDS ? now.truncatedTo(ChronoUnit.SECONDS) : now;
        return attribute.type().toAttributeValue(value);
    }

    public Map<String, String> keyText(Map<String, AttributeValue> key) {
        Map<String, String> text = new LinkedHashMap<>(4);
        text.put(table.partitionKeyAttribute(), textOf(key.get(table.partitionKeyAttribute())));
        table.sortKeyAttribute().ifPresent(sk -> text.put(sk, textOf(key.get(sk))));
        return text;
    }

    private String describe(Map<String, AttributeValue> key) {
        return keyText(key).toString();
    }

    private static String textOf(AttributeValue value) {
        return value == null ? "(missing)" : value.s() != null ? value.s() : String.valueOf(value);
    }
}
