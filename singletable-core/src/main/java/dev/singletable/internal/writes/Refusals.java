package dev.singletable.internal.writes;

import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.TableSchema;
import dev.singletable.VersionConflictException;
import dev.singletable.internal.codec.BoundEntity;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** Explains a refused condition from what the write expected and the item as it was (when DynamoDB returned it). */
final class Refusals<T> {
    private final EntityWrites<T> writes;
    private final BoundEntity<T> bound;
    private final EntitySchema<T> schema;
    private final TableSchema table;

    Refusals(EntityWrites<T> writes, TableSchema table) {
        this.writes = writes;
        this.bound = writes.bound();
        this.schema = bound.schema();
        this.table = table;
    }

    /** One refusal: the write, its key as text, and the opening of every message. */
    private record Refused(WriteAction action, Map<String, String> key, String what, Throwable cause) {
        Expectation expected() {
            return action.guard().expectation();
        }

        String operation() {
            return action.operation();
        }
    }

    ConditionFailedException explain(WriteAction action, Optional<Map<String, AttributeValue>> current, Throwable cause) {
        Map<String, String> key = writes.keyText(action.key());
        Refused refused = new Refused(action, key, action.operation() + " of " + schema.type() + " " + key + " in table "
                + table.name(), cause);
        Optional<Map<String, AttributeValue>> stored = current.filter(m -> !m.isEmpty());
        return stored.isEmpty() ? missing(refused) : present(refused, stored.get());
    }

    private ConditionFailedException missing(Refused r) {
        if (r.expected().existence() == Expectation.Existence.MUST_EXIST) {
            return new ItemNotFoundException(r.what() + " was refused: no item has this key"
                    + (r.operation().equals("update") ? "; create it first, or use upsert to create it when missing" : "; create it first"),
                    schema.type(), r.operation(), r.key(), r.cause());
        }
        return new ConditionFailedException(r.what() + " was refused: there is no item at this key, and its condition "
                + r.expected().user() + " does not hold for a missing item", schema.type(), r.operation(), r.key(), Optional.empty(),
                Optional.empty(), r.cause());
    }

    private ConditionFailedException present(Refused r, Map<String, AttributeValue> item) {
        Optional<Map<String, AttributeValue>> stored = Optional.of(item);
        AttributeValue typeValue = item.get(table.entityTypeAttribute());
        String storedType = typeValue == null ? "(none)" : typeValue.s();
        boolean sameType = schema.type().equals(storedType);
        Optional<Object> entity = sameType ? decoded(item) : Optional.empty();
        OptionalLong storedVersion = storedVersion(item);
        Expectation expected = r.expected();
        if (expected.existence() == Expectation.Existence.MUST_NOT_EXIST) {
            return exists(r, stored, entity, storedVersion);
        }
        if (expected.checksType() && !sameType) {
            return new ConditionFailedException(r.what() + " was refused: the item at this key is a " + storedType + ", not a "
                    + schema.type() + "; check the key values", schema.type(), r.operation(), r.key(), stored, entity, r.cause());
        }
        boolean versionDiffers = expected.expectedVersion().isPresent()
                && (storedVersion.isEmpty() || storedVersion.getAsLong() != expected.expectedVersion().get());
        // the returned item may postdate the check under concurrent writes; when only the version was checked, it failed
        boolean onlyVersionChecked = expected.expectedVersion().isPresent() && expected.user().isNone() && expected.guarded().isEmpty();
        if (versionDiffers || onlyVersionChecked) {
            return new VersionConflictException(r.what() + " was refused: it was based on version " + expected.expectedVersion().get()
                    + (versionDiffers ? " but version " + (storedVersion.isPresent() ? storedVersion.getAsLong() : "(none)") + " is stored"
                    : " but a concurrent write changed the version")
                    + "; someone else changed it. Read it again and re-apply the change (table.retryOnConflict does this)",
                    schema.type(), r.operation(), r.key(), OptionalLong.of(expected.expectedVersion().get()), storedVersion,
                    stored, entity, r.cause());
        }
        if (!expected.guarded().isEmpty() && expected.user().isNone()) {
            return new ConditionFailedException(r.what() + " was refused: stored " + expected.guarded()
                    + " changed since they were read, so the rewritten index keys would be wrong; retry the update",
                    schema.type(), r.operation(), r.key(), stored, entity, r.cause());
        }
        return new ConditionFailedException(r.what() + " was refused: its condition " + expected.user() + " did not hold"
                + (expected.guarded().isEmpty() ? "" : " (or stored " + expected.guarded() + " changed since read)")
                + "; the stored item is in currentItem()", schema.type(), r.operation(), r.key(), stored, entity, r.cause());
    }

    private ConditionFailedException exists(Refused r, Optional<Map<String, AttributeValue>> stored, Optional<Object> entity,
                                            OptionalLong storedVersion) {
        if (r.operation().equals("create")) {
            return new ItemAlreadyExistsException("Cannot create " + schema.type() + " " + r.key() + " in table " + table.name()
                    + ": an item with this key already exists; use put to replace it, or choose another key",
                    schema.type(), r.operation(), r.key(), stored, entity, r.cause());
        }
        return new VersionConflictException(r.what() + " was refused: the entity has no version, so it was written as a new item, but "
                + "the table already holds this key" + storedVersion.stream().mapToObj(v -> " at version " + v).findFirst().orElse("")
                + "; read the stored item and change that, or use create to insist on a new item",
                schema.type(), r.operation(), r.key(), OptionalLong.empty(), storedVersion, stored, entity, r.cause());
    }

    private Optional<Object> decoded(Map<String, AttributeValue> item) {
        try {
            return Optional.of(bound.decode(item));
        } catch (RuntimeException e) {
            return Optional.empty(); // an item that cannot be read still explains the refusal; only the entity is missing
        }
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
}
