package dev.singletable.internal.writes;

import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.Attribute;
import dev.singletable.EntitySchema;
import dev.singletable.ItemReader;
import dev.singletable.KeyValues;
import dev.singletable.StoredValuesNeededException;
import dev.singletable.internal.declaration.DeclarationFixes;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.kinds.Kind;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Keeps index keys true under an update: rewrites the keys of every index the update touches from
 * the slot values it sets, knows (the current entity, a read) or has in the primary key; removes a
 * sparse index's keys when a slot is removed; pins the known values it reused with a condition.
 */
final class IndexKeyUpkeep<T> {
    private final EntityWrites<T> writes;
    private final List<KeyBinding<T>> indexes;
    private final Set<String> primarySlots;

    IndexKeyUpkeep(EntityWrites<T> writes, List<KeyBinding<T>> indexes, Set<String> primarySlots) {
        this.writes = writes;
        this.indexes = indexes;
        this.primarySlots = primarySlots;
    }

    /** The values an update needs besides its own, and how it was asked. */
    record Request<T>(String operation, Map<String, AttributeValue> key, KeyValues keyValues, Update<T> update, boolean upsert,
                      Optional<Map<String, Object>> known) {
        /** An upsert that read the item and found none (nothing known of it): the item it writes is one it creates. */
        boolean creates() {
            return upsert && known.filter(Map::isEmpty).isPresent();
        }
    }

    /**
     * Adds the index keys to the clauses and the reused known values to {@code guards}.
     *
     * @return the stored values to read first, when the update asked for that and lacks them
     */
    Optional<UpdatePlan.NeedsStoredValues> rewrite(Request<T> request, UpdateClauses clauses, Map<String, Object> guards) {
        for (KeyBinding<T> index : indexes) {
            if (!index.writesAnyAttribute()) {
                continue; // keyed on the entity's own attributes or the table's keys: updating them updates the index
            }
            Optional<Predicate<? super T>> condition = writes.bound().schema().hooks().indexCondition(index.indexName());
            if (condition.isPresent()) {
                Optional<UpdatePlan.NeedsStoredValues> needed = conditioned(request, clauses, guards, index, condition.get());
                if (needed.isPresent()) {
                    return needed;
                }
                continue;
            }
            List<Attribute<T, ?>> slots = slotsOf(index);
            boolean touched = slots.stream().anyMatch(a -> clauses.touches(a.name()));
            if (!touched && !request.upsert()) {
                continue;
            }
            Map<String, Object> values = new LinkedHashMap<>();
            Map<String, Object> indexGuards = new LinkedHashMap<>();
            Optional<String> missing = slotValues(request, clauses, index, slots, touched, values, indexGuards);
            boolean removedSlot = values.values().stream().anyMatch(v -> v == null)
                    && slots.stream().anyMatch(a -> clauses.newValues.containsKey(a.name()) && clauses.newValues.get(a.name()) == null);
            if (missing.isPresent() && !removedSlot) {
                if (!touched) {
                    // an upsert not knowing whether the item exists: a found item's index key stays as stored, an item it
                    // creates gets the key create writes, when the slots it leaves out read as their defaults
                    createdValues(slots, values).ifPresent(created -> setKeysIfAbsent(clauses, index, created, values.keySet()));
                    continue;
                }
                if (request.update().readsStoredValuesForIndexKeys() && request.known().isEmpty()) {
                    return Optional.of(new UpdatePlan.NeedsStoredValues(List.of(missing.get())));
                }
                throw missingSlot(request, clauses, index, slots, missing.get());
            }
            if (!removedSlot) {
                guards.putAll(indexGuards);
            }
            write(clauses, index, values, request.creates());
        }
        return Optional.empty();
    }

    /**
     * A sparse index whose condition decides whether the item is in it: when the update may change what the condition
     * reads (its declared attributes, else any attribute) or the index's slots, the condition is evaluated on the item
     * as the update leaves it, and the index's keys are set or removed accordingly. Values the update neither sets nor
     * has in its key come from the stored item (known, or to be read when the update asked for that; else refused), and
     * are pinned by the condition, so that a concurrent change fails the update instead of leaving the index wrong. An
     * upsert that touches neither decides the index only for an item it creates, as {@code create} of the same values
     * would (what it leaves out reads as an absent attribute: a default, say); with the stored item known to exist, the
     * index is left alone (nothing evaluated, rewritten or pinned). Not knowing whether the item exists, it may write
     * none of the index's keys only when the item it would create is not in the index ({@link #createdIndexed}).
     */
    private Optional<UpdatePlan.NeedsStoredValues> conditioned(Request<T> request, UpdateClauses clauses, Map<String, Object> guards,
                                                               KeyBinding<T> index, Predicate<? super T> condition) {
        EntitySchema<T> schema = writes.bound().schema();
        Optional<Set<String>> declaredReads = schema.indexConditionReads(index.indexName());
        List<String> reads = declaredReads.map(r -> schema.attributes().stream().map(Attribute::name).filter(r::contains).toList())
                .orElseGet(() -> schema.attributes().stream().map(Attribute::name).toList());
        List<Attribute<T, ?>> slots = slotsOf(index);
        boolean touched = reads.stream().anyMatch(clauses::touches) || slots.stream().anyMatch(a -> clauses.touches(a.name()));
        if (!touched && (!request.upsert() || request.known().isPresent() && !request.creates())) {
            return Optional.empty(); // neither membership nor keys can change: the item is stored (an update's, or an upsert's read)
        }
        refuseOpaqueChanges(request, clauses, index, reads, declaredReads.isPresent());
        // the item as the update leaves it: what is known of it, the values the update sets, the primary key's slots
        Map<String, Object> after = new HashMap<>(request.known().orElse(Map.of()));
        after.putAll(clauses.newValues);
        primarySlots.forEach(slot -> request.keyValues().value(slot).ifPresent(value -> after.put(slot, value)));
        Map<String, Object> conditionGuards = new LinkedHashMap<>();
        Optional<String> missing = Optional.empty();
        for (String read : reads) {
            if (clauses.newValues.containsKey(read) || primarySlots.contains(read)) {
                continue;
            }
            if (request.known().isPresent()) {
                conditionGuards.put(read, request.known().get().get(read));
            } else if (missing.isEmpty()) {
                missing = Optional.of(read);
            }
        }
        if (!touched && missing.isPresent()) {
            return createdIndexed(request, index, condition, after, reads, missing.get()); // an upsert not knowing whether the item exists
        }
        Optional<Boolean> holds = missing.isPresent() ? Optional.empty() : holds(condition, after);
        if (holds.isEmpty()) {
            if (request.update().readsStoredValuesForIndexKeys() && request.known().isEmpty()) {
                return Optional.of(new UpdatePlan.NeedsStoredValues(List.of(missing.orElse(index.indexName()))));
            }
            throw undecided(request, index, declaredReads.isPresent(), missing);
        }
        if (!holds.get()) {
            removeKeys(clauses, index, request.creates());
            pin(guards, conditionGuards);
            return Optional.empty();
        }
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, Object> indexGuards = new LinkedHashMap<>();
        Optional<String> missingSlot = slotValues(request, clauses, index, slots, true, values, indexGuards);
        if (missingSlot.isPresent()) {
            if (request.update().readsStoredValuesForIndexKeys() && request.known().isEmpty()) {
                return Optional.of(new UpdatePlan.NeedsStoredValues(List.of(missingSlot.get())));
            }
            throw undecided(request, index, declaredReads.isPresent(), missingSlot);
        }
        pin(guards, conditionGuards);
        guards.putAll(indexGuards);
        write(clauses, index, values, request.creates());
        return Optional.empty();
    }

    /**
     * An upsert that changes nothing the index's condition reads, nor its slots, and does not know whether the item
     * exists: an item it finds keeps its membership, but an item it creates is in the index when the condition holds for
     * it (what the upsert leaves out read as absent, as {@code create} of the same values would write it). Then the
     * upsert cannot be written without knowing: it asks for the stored item, or is refused.
     */
    private Optional<UpdatePlan.NeedsStoredValues> createdIndexed(Request<T> request, KeyBinding<T> index, Predicate<? super T> condition,
                                                                  Map<String, Object> created, List<String> reads, String missing) {
        if (!holds(condition, created).orElse(false)) {
            return Optional.empty(); // an item it creates is not in the index, an item it finds keeps its membership
        }
        if (request.update().readsStoredValuesForIndexKeys()) {
            return Optional.of(new UpdatePlan.NeedsStoredValues(List.of(missing)));
        }
        throw new StoredValuesNeededException(request.operation() + " of " + writes.typeName() + " " + writes.keyText(request.key())
                + " would create an item that is in index " + index.indexName() + " (its condition, which reads " + reads + ", holds for "
                + "the values the upsert gives and what the others read as when absent), but an item it finds keeps the membership "
                + "its stored values decide, and the upsert does not know which it will meet. Call readingStoredValuesForIndexKeys() "
                + "to read the item first (the upsert then writes " + index.indexName() + "'s keys for an item it creates), or set "
                + "what the condition reads in the upsert");
    }

    /** Refuses a change of what the condition reads to a value only DynamoDB knows (add, setIfAbsent...): membership is undecidable. */
    private void refuseOpaqueChanges(Request<T> request, UpdateClauses clauses, KeyBinding<T> index, List<String> reads, boolean declared) {
        for (String read : reads) {
            if (clauses.opaque.containsKey(read)) {
                throw new ValidationException(request.operation() + " of " + writes.typeName() + " " + writes.keyText(request.key())
                        + " changes '" + read + "' with " + describeOperation(clauses.opaque.get(read)) + ", to a value only DynamoDB knows, "
                        + "but " + conditionText(index, declared) + " reads it, so whether the item stays in "
                        + index.indexName() + " cannot be decided; set '" + read + "' to a value with set(...) instead"
                        + (declared ? "" : ", or declare what the condition reads with indexConditionReads(\""
                        + index.indexName() + "\", ...)"));
            }
        }
    }

    /**
     * Pins the stored values the condition was evaluated on: each one, or, for a versioned entity whose condition may
     * read any attribute, the version alone (which every write changes).
     */
    private void pin(Map<String, Object> guards, Map<String, Object> conditionGuards) {
        EntitySchema<T> schema = writes.bound().schema();
        Optional<Attribute<T, ? extends Number>> version = schema.versionAttribute();
        if (version.isPresent() && conditionGuards.containsKey(version.get().name())) {
            guards.put(version.get().name(), conditionGuards.get(version.get().name()));
            return;
        }
        guards.putAll(conditionGuards); // as read: the pin holds for every stored form that reads so (UpdatePlanner)
    }

    /** Whether the condition holds for the entity built from the values; empty when the entity cannot be built from them. */
    private Optional<Boolean> holds(Predicate<? super T> condition, Map<String, Object> values) {
        T entity;
        try {
            entity = writes.bound().schema().create(new ValuesReader(values));
        } catch (RuntimeException cannotBuild) {
            return Optional.empty(); // a factory needing values the update does not know (a required one, a primitive)
        }
        return Optional.of(condition.test(entity));
    }

    private String conditionText(KeyBinding<T> index, boolean declared) {
        return declared ? "the condition of index " + index.indexName() + " (reads " + writes.bound().schema()
                .indexConditionReads(index.indexName()).map(r -> writes.bound().schema().attributes().stream().map(Attribute::name)
                        .filter(r::contains).toList()).orElseThrow() + ")"
                : "the condition of index " + index.indexName() + " (a Java predicate, which may read any attribute of " + writes.typeName() + ")";
    }

    private StoredValuesNeededException undecided(Request<T> request, KeyBinding<T> index, boolean declared, Optional<String> missing) {
        return new StoredValuesNeededException(request.operation() + " of " + writes.typeName() + " " + writes.keyText(request.key())
                + " may change whether the item is in index " + index.indexName() + ", which " + writes.typeName() + " is in only when "
                + conditionText(index, declared) + " holds, but the update " + missing.map(m -> "gives no value for '" + m + "', which that "
                + "decision needs").orElse("does not give the values of the item it leaves") + ". Call readingStoredValuesForIndexKeys() to "
                + "read the item first (the update then sets or removes " + index.indexName() + "'s keys as the condition says), update "
                + "from the entity as read (table.update(current, ...)), or put the whole entity"
                + (declared ? "" : DeclarationFixes.conditionReads(writes.bound().schema(), index.indexName())));
    }

    /** The values an update leaves, to the entity's factory: absent ones as a decode of an item lacking them reads them. */
    private static final class ValuesReader implements ItemReader {
        private final Map<String, Object> values;

        ValuesReader(Map<String, Object> values) {
            this.values = values;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <V> V get(Attribute<?, V> attribute) {
            Object value = values.get(attribute.name());
            if (value != null) {
                return (V) value;
            }
            return Kind.whenMissing(attribute, false).orElse(null);
        }

        @Override
        public boolean has(Attribute<?, ?> attribute) {
            return values.get(attribute.name()) != null;
        }
    }

    /** Collects the slot values of one index; returns the first slot without a value. */
    private Optional<String> slotValues(Request<T> request, UpdateClauses clauses, KeyBinding<T> index,
                                        List<Attribute<T, ?>> slots, boolean touched, Map<String, Object> values,
                                        Map<String, Object> indexGuards) {
        Optional<String> missing = Optional.empty();
        for (Attribute<T, ?> slot : slots) {
            String slotName = slot.name();
            if (clauses.opaque.containsKey(slotName)) {
                if (!touched) {
                    missing = missing.or(() -> Optional.of(slotName));
                    continue;
                }
                throw new ValidationException(request.operation() + " of " + writes.typeName() + " " + writes.keyText(request.key())
                        + ": index " + index.indexName() + "'s key is built from '" + slotName + "', which "
                        + describeOperation(clauses.opaque.get(slotName)) + " changes to a value only DynamoDB knows, so the index key "
                        + "cannot be rewritten; set '" + slotName + "' to a value with set(...) instead");
            }
            if (clauses.newValues.containsKey(slotName)) {
                values.put(slotName, clauses.newValues.get(slotName));
            } else if (primarySlots.contains(slotName)) {
                values.put(slotName, request.keyValues().value(slotName).orElseThrow());
            } else if (request.known().isPresent() && request.known().get().containsKey(slotName)) {
                Object value = request.known().get().get(slotName);
                values.put(slotName, value);
                indexGuards.put(slotName, value);
            } else if (request.creates()) {
                values.put(slotName, Kind.whenMissing(slot, false).orElse(null)); // the item it creates lacks it
                indexGuards.put(slotName, null);
            } else if (missing.isEmpty()) {
                missing = Optional.of(slotName);
            }
        }
        return missing;
    }

    /** The index's keys from the slot values; removed when one is null (a sparse index). */
    private static <T> void write(UpdateClauses clauses, KeyBinding<T> index, Map<String, Object> values, boolean creates) {
        boolean sparse = values.values().stream().anyMatch(v -> v == null);
        if (sparse) {
            removeKeys(clauses, index, creates);
            return;
        }
        setKeys(clauses, index, values, false);
    }

    /** Sets the index's keys from the slot values; {@code ifAbsent}: only where the item has none (an item the update creates). */
    private static <T> void setKeys(UpdateClauses clauses, KeyBinding<T> index, Map<String, Object> values, boolean ifAbsent) {
        KeyValues slotValues = KeyValues.none();
        for (Map.Entry<String, Object> value : values.entrySet()) {
            slotValues = slotValues.and(value.getKey(), value.getValue());
        }
        for (Map.Entry<String, AttributeValue> written : index.writtenValues(slotValues).entrySet()) {
            String name = clauses.name(written.getKey());
            String value = clauses.value(written.getValue());
            clauses.set.add(name + " = " + (ifAbsent ? "if_not_exists(" + name + ", " + value + ")" : value));
        }
    }

    /**
     * Sets the index's keys where the item has none, from slot values of which those not {@code given} are defaults, and
     * has the condition require those keys stored or those slots reading as their defaults (else the key would be wrong).
     */
    private static <T> void setKeysIfAbsent(UpdateClauses clauses, KeyBinding<T> index, Map<String, Object> created, Set<String> given) {
        setKeys(clauses, index, created, true);
        Map<Attribute<?, ?>, Object> defaulted = new LinkedHashMap<>();
        for (Attribute<T, ?> slot : slotsOf(index)) {
            if (!given.contains(slot.name())) {
                defaulted.put(slot, created.get(slot.name()));
            }
        }
        clauses.keysIfAbsent.add(new UpdateClauses.KeysIfAbsent(List.copyOf(index.writtenAttributes()), defaulted));
    }

    /** The slot values of an item the update creates: those it has, the others as absent ones read (a default); empty when one has none. */
    private static <T> Optional<Map<String, Object>> createdValues(List<Attribute<T, ?>> slots, Map<String, Object> values) {
        Map<String, Object> created = new LinkedHashMap<>();
        for (Attribute<T, ?> slot : slots) {
            Object value = values.containsKey(slot.name()) ? values.get(slot.name()) : Kind.whenMissing(slot, false).orElse(null);
            if (value == null) {
                return Optional.empty();
            }
            created.put(slot.name(), value);
        }
        return Optional.of(created);
    }

    private static <T> void removeKeys(UpdateClauses clauses, KeyBinding<T> index, boolean creates) {
        if (creates) {
            return; // an item the upsert creates has no keys to remove
        }
        for (String attribute : index.writtenAttributes()) {
            clauses.remove.add(clauses.name(attribute));
        }
    }

    private StoredValuesNeededException missingSlot(Request<T> request, UpdateClauses clauses, KeyBinding<T> index,
                                                    List<Attribute<T, ?>> slots, String missing) {
        String changed = slots.stream().map(Attribute::name).filter(clauses.newValues::containsKey).findFirst().orElse("?");
        return new StoredValuesNeededException(request.operation() + " of " + writes.typeName() + " " + writes.keyText(request.key())
                + " changes '" + changed + "', which index " + index.indexName() + "'s key (" + EntityWrites.templates(index)
                + ") is built from, but gives no value for '" + missing + "', which that key also needs. Set '" + missing
                + "' in the same update, update from the current entity (table.update(current, ...)), or call "
                + "readingStoredValuesForIndexKeys() to read the item first");
    }

    /** The attributes the entity's index keys are stored in or composed from (its key attributes and template slots). */
    Set<String> keyAttributesAndSlots() {
        Set<String> names = new java.util.LinkedHashSet<>();
        for (KeyBinding<T> index : indexes) {
            names.addAll(index.partitionAttributes());
            names.addAll(index.sortAttributes());
            slotsOf(index).forEach(a -> names.add(a.name()));
        }
        return names;
    }

    private static <T> List<Attribute<T, ?>> slotsOf(KeyBinding<T> index) {
        List<Attribute<T, ?>> slots = new ArrayList<>();
        for (BoundKeyTemplate<T> template : index.templates()) {
            for (Attribute<T, ?> a : template.attributes()) {
                if (slots.stream().noneMatch(x -> x.name().equals(a.name()))) {
                    slots.add(a);
                }
            }
        }
        return slots;
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
}
