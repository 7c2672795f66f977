package dev.singletable.internal.writes;

import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.Attribute;
import dev.singletable.KeyValues;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.keys.BoundKeyTemplate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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
                    continue; // upsert: an index key it cannot compute and does not change stays as stored
                }
                if (request.update().readsStoredValuesForIndexKeys() && request.known().isEmpty()) {
                    return Optional.of(new UpdatePlan.NeedsStoredValues(List.of(missing.get())));
                }
                throw missingSlot(request, clauses, index, slots, missing.get());
            }
            if (!removedSlot) {
                guards.putAll(indexGuards);
            }
            write(clauses, index, values);
        }
        return Optional.empty();
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
            } else if (missing.isEmpty()) {
                missing = Optional.of(slotName);
            }
        }
        return missing;
    }

    private static <T> void write(UpdateClauses clauses, KeyBinding<T> index, Map<String, Object> values) {
        boolean sparse = values.values().stream().anyMatch(v -> v == null);
        if (sparse) {
            for (String attribute : index.writtenAttributes()) {
                clauses.remove.add(clauses.name(attribute));
            }
            return;
        }
        KeyValues slotValues = KeyValues.none();
        for (Map.Entry<String, Object> value : values.entrySet()) {
            slotValues = slotValues.and(value.getKey(), value.getValue());
        }
        for (Map.Entry<String, AttributeValue> written : index.writtenValues(slotValues).entrySet()) {
            clauses.set.add(clauses.name(written.getKey()) + " = " + clauses.value(written.getValue()));
        }
    }

    private ValidationException missingSlot(Request<T> request, UpdateClauses clauses, KeyBinding<T> index,
                                            List<Attribute<T, ?>> slots, String missing) {
        String changed = slots.stream().map(Attribute::name).filter(clauses.newValues::containsKey).findFirst().orElse("?");
        return new ValidationException(request.operation() + " of " + writes.typeName() + " " + writes.keyText(request.key())
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
