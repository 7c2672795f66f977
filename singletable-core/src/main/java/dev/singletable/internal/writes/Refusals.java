package dev.singletable.internal.writes;

import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.IndefiniteArticle;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.ListElementNotFoundException;
import dev.singletable.NumberOutOfRangeException;
import dev.singletable.TableSchema;
import dev.singletable.VersionConflictException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.RequestRunner;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
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

        /**
         * Whether an earlier attempt of this same request (one the SDK sent again after a 5xx, a timeout or a lost answer)
         * may have been applied: then it, not someone else, may be what the condition met.
         */
        boolean repeated() {
            return cause instanceof SdkException sdk && RequestRunner.earlierAttemptMayHaveBeenApplied(sdk);
        }
    }

    /** What a refusal says when {@link Refused#repeated}: the advice to re-apply would apply the change twice. */
    private static final String REPEATED = "an earlier attempt of this same request may have been applied (the SDK sent it again "
            + "after a 5xx, a timeout or a lost answer), and the condition may have met that: read the item before repeating "
            + "the change";

    /** The advice of a version conflict: re-apply when someone else changed it, read first when this request may have. */
    private static String conflictAdvice(Refused r, OptionalLong stored) {
        long expected = r.expected().expectedVersion().orElseThrow();
        if (!r.repeated()) {
            return "; someone else changed it. Read it again and re-apply the change (table.retryOnConflict does this)";
        }
        if (stored.isPresent() && stored.getAsLong() == expected + 1) {
            return "; version " + stored.getAsLong() + " is the one this write makes, so an earlier attempt of this same request "
                    + "(the SDK sent it again after a 5xx, a timeout or a lost answer) was most likely applied: read the item "
                    + "before repeating the change";
        }
        return "; " + REPEATED;
    }

    ConditionFailedException explain(WriteAction action, Optional<Map<String, AttributeValue>> current, Throwable cause) {
        Map<String, String> key = writes.keyText(action.key());
        Refused refused = new Refused(action, key, action.operation() + " of " + schema.type() + " " + key + " in table "
                + table.name(), cause);
        Optional<Map<String, AttributeValue>> stored = current.filter(m -> !m.isEmpty());
        if (stored.isPresent() && refused.expected().live() && writes.isExpired(stored.get())) {
            return expired(refused, stored.get());
        }
        return stored.isEmpty() ? missing(refused) : present(refused, stored.get());
    }

    /** The write needs the item, and the one at the key has expired: reads hide it, so writes take it as absent too. */
    private ItemNotFoundException expired(Refused r, Map<String, AttributeValue> item) {
        String ttl = table.timeToLiveAttribute().orElseThrow();
        return new ItemNotFoundException(r.what() + " was refused: the item at this key has expired (its TTL attribute '" + ttl
                + "' is " + item.get(ttl).n() + ", not after now) and reads treat it as absent until DynamoDB deletes it; "
                + switch (r.operation()) {
                    case "update" -> "create it again, or use upsert";
                    // a single upsert deletes an expired item and writes again; one request (a transaction) cannot do both
                    case "upsert" -> "an upsert writes over an expired item only when sent alone, not in a transaction: upsert it "
                            + "alone, or delete it first";
                    case "delete" -> "there is nothing to delete";
                    default -> "create it again";
                },
                schema.type(), r.operation(), r.key(), r.cause());
    }

    /**
     * No stored item came back. Amazon DynamoDB returns it whenever one exists, but other engines
     * ignore ReturnValuesOnConditionCheckFailure, so its absence proves nothing: the exception
     * follows from which checks the condition held, and names every cause that fits.
     */
    private ConditionFailedException missing(Refused r) {
        Expectation expected = r.expected();
        boolean user = !expected.user().isNone();
        // a range guard holds where the number (or the item) is absent, so it is named only from a stored item (present)
        boolean guarded = !expected.guarded().isEmpty() || !expected.elements().isEmpty();
        Optional<Long> version = expected.expectedVersion();
        switch (expected.existence()) {
            case MUST_NOT_EXIST -> {
                if (!user) {
                    return exists(r, Optional.empty(), Optional.empty(), OptionalLong.empty());
                }
                return new ConditionFailedException(r.what() + " was refused: an item already has this key, or its condition "
                        + expected.user() + " did not hold" + NO_ITEM, schema.type(), r.operation(), r.key(), Optional.empty(),
                        Optional.empty(), r.cause());
            }
            case MUST_EXIST -> {
                if (!user && !guarded && version.isEmpty()) {
                    return new ItemNotFoundException(r.what() + " was refused: no " + (expected.checksType() ? schema.type() + " item" : "item")
                            + " has this key" + (r.operation().equals("update")
                                    ? "; create it first, or use upsert to create it when missing" : "; create it first"),
                            schema.type(), r.operation(), r.key(), r.cause());
                }
            }
            case ANY -> {
                if (!user && !guarded && version.isEmpty() && expected.checksType()) {
                    return new ConditionFailedException(r.what() + " was refused: the item at this key is not " + IndefiniteArticle.before(schema.type())
                            + "; check the key values", schema.type(), r.operation(), r.key(), Optional.empty(), Optional.empty(),
                            r.cause());
                }
            }
        }
        if (version.isPresent() && !user && !guarded) {
            // a conflict without the stored version: Writes reads the key to tell a deleted item (gone) from another version
            return new VersionConflictException(r.what() + " was refused: it was based on version " + version.get()
                    + ", but the stored item has another version or is gone" + (r.repeated() ? "; " + REPEATED
                    : "; someone else changed it. Read it again and re-apply the change (table.retryOnConflict does this)"),
                    schema.type(), r.operation(), r.key(), OptionalLong.of(version.get()), OptionalLong.empty(), Optional.empty(),
                    Optional.empty(), r.cause());
        }
        List<String> causes = new ArrayList<>();
        if (expected.existence() == Expectation.Existence.MUST_EXIST) {
            causes.add("no " + schema.type() + " has this key");
        }
        version.ifPresent(v -> causes.add("version " + v + " is no longer stored"));
        if (!expected.guarded().isEmpty()) {
            causes.add("stored " + expected.guarded() + " changed since they were read");
        }
        if (!expected.elements().isEmpty()) {
            causes.add("the stored item has no " + expected.elements().stream().map(e -> schema.type() + "." + e.element())
                    .distinct().collect(java.util.stream.Collectors.joining(" or ")) + " (a change at a list element changes one that "
                    + "exists; add elements with append or prepend)");
        }
        if (user) {
            causes.add("its condition " + expected.user() + " did not hold");
        }
        return new ConditionFailedException(r.what() + " was refused: " + String.join(", or ", causes) + NO_ITEM,
                schema.type(), r.operation(), r.key(), Optional.empty(), Optional.empty(), r.cause());
    }

    /**
     * A versioned write refused because no item has the key any more (a read after the refusal found none): re-reading it,
     * as a version conflict advises, would find nothing.
     */
    ItemNotFoundException gone(WriteAction action, VersionConflictException conflict) {
        return new ItemNotFoundException(action.operation() + " of " + schema.type() + " " + writes.keyText(action.key()) + " in table "
                + table.name() + " was refused: it was based on version " + conflict.expectedVersion().getAsLong() + ", but no "
                + schema.type() + " has this key now: it was deleted since it was read"
                + (action.operation().equals("delete") ? "" : "; create it again if it should exist"),
                schema.type(), action.operation(), writes.keyText(action.key()), conflict.getCause());
    }

    private static final String NO_ITEM = "; the engine returned no stored item to tell which";

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
        if (expected.checksType() && !sameType && expected.expectedVersion().isPresent() && anotherStateOfThisEntity(storedType)) {
            // a concurrent write moved the entity to another of its states (same key): the version this write was based on
            // is gone, as with any concurrent change
            return new VersionConflictException(r.what() + " was refused: it was based on version " + expected.expectedVersion().get()
                    + " of " + schema.type() + ", but the item was changed to " + storedType
                    + storedVersion.stream().mapToObj(v -> " at version " + v).findFirst().orElse("")
                    + " since" + conflictAdvice(r, storedVersion),
                    schema.type(), r.operation(), r.key(), OptionalLong.of(expected.expectedVersion().get()), storedVersion,
                    stored, Optional.empty(), r.cause());
        }
        if (expected.checksType() && !sameType) {
            return new ConditionFailedException(r.what() + " was refused: the item at this key is " + IndefiniteArticle.before(storedType) + ", not "
                    + IndefiniteArticle.before(schema.type()) + "; check the key values", schema.type(), r.operation(), r.key(), stored, entity, r.cause());
        }
        Optional<ConditionFailedException> guard = guardRefusal(r, item, entity);
        if (guard.isPresent()) {
            return guard.get();
        }
        boolean versionDiffers = expected.expectedVersion().isPresent()
                && (storedVersion.isEmpty() || storedVersion.getAsLong() != expected.expectedVersion().get());
        // the returned item may postdate the check under concurrent writes; when only the version was checked, it failed
        boolean onlyVersionChecked = expected.expectedVersion().isPresent() && expected.user().isNone() && expected.guarded().isEmpty();
        if (versionDiffers || onlyVersionChecked) {
            return new VersionConflictException(r.what() + " was refused: it was based on version " + expected.expectedVersion().get()
                    + (versionDiffers ? " but version " + (storedVersion.isPresent() ? storedVersion.getAsLong() : "(none)") + " is stored"
                    : " but a concurrent write changed the version")
                    + conflictAdvice(r, storedVersion),
                    schema.type(), r.operation(), r.key(), OptionalLong.of(expected.expectedVersion().get()), storedVersion,
                    stored, entity, r.cause());
        }
        if (!expected.guarded().isEmpty() && expected.user().isNone()) {
            return new ConditionFailedException(r.what() + " was refused: stored " + expected.guarded()
                    + " changed since they were read, so the rewritten index keys would be wrong; retry the update",
                    schema.type(), r.operation(), r.key(), stored, entity, r.cause());
        }
        return conditionNotHeld(r, stored, entity);
    }

    /** The caller's condition failed on the stored item, which the exception carries. */
    private ConditionFailedException conditionNotHeld(Refused r, Optional<Map<String, AttributeValue>> stored, Optional<Object> entity) {
        Expectation expected = r.expected();
        return new ConditionFailedException(r.what() + " was refused: its condition " + expected.user() + " did not hold"
                + (expected.guarded().isEmpty() ? "" : " (or stored " + expected.guarded() + " changed since read)")
                + "; the stored item is in currentItem()" + (r.repeated() ? "; " + REPEATED : ""), schema.type(), r.operation(),
                r.key(), stored, entity, r.cause());
    }

    /** The refusal by a guard the planner added (a list element to exist, a number to stay in range or within its rules). */
    private Optional<ConditionFailedException> guardRefusal(Refused r, Map<String, AttributeValue> item, Optional<Object> entity) {
        Optional<Map<String, AttributeValue>> stored = Optional.of(item);
        Expectation expected = r.expected();
        Optional<ElementGuard> absent = expected.elements().stream().filter(element -> element.refuses(item)).findFirst();
        if (absent.isPresent()) {
            ElementGuard element = absent.get();
            return Optional.of(new ListElementNotFoundException(r.what() + " was refused: " + element.reason(schema.type(), item), schema.type(),
                    r.operation(), r.key(), stored, entity, element.element().toString(), r.cause()));
        }
        Optional<RangeGuard> outOfRange = expected.ranges().stream().filter(range -> range.refuses(item)).findFirst();
        if (outOfRange.isPresent()) {
            RangeGuard range = outOfRange.get();
            java.math.BigInteger number = range.stored(item).orElseThrow(); // refuses(item) read it
            return Optional.of(new NumberOutOfRangeException(r.what() + " was refused: " + range.reason(schema, number), schema.type(),
                    r.operation(), r.key(), stored, entity, range.path().toString(), range.delta(), number,
                    range.min(), range.max(), r.cause()));
        }
        Optional<RuleBoundGuard> crossed = expected.bounds().stream().filter(bound -> bound.refuses(item)).findFirst();
        if (crossed.isPresent()) {
            RuleBoundGuard bound = crossed.get();
            return Optional.of(new dev.singletable.NumberRuleException(r.what() + " was refused: " + bound.reason(schema, item), schema.type(),
                    r.operation(), r.key(), stored, entity, bound.path().toString(), bound.delta(), bound.stored(item), bound.rule(), r.cause()));
        }
        return Optional.empty();
    }

    /** True when {@code storedType} is another state of the entity this write is of (entity states share a key or move between keys). */
    private boolean anotherStateOfThisEntity(String storedType) {
        for (dev.singletable.EntityStates<?> states : table.states()) {
            boolean ours = states.states().stream().anyMatch(state -> state.type().equals(schema.type()));
            if (ours && states.states().stream().anyMatch(state -> state.type().equals(storedType))) {
                return true;
            }
        }
        return false;
    }

    private ConditionFailedException exists(Refused r, Optional<Map<String, AttributeValue>> stored, Optional<Object> entity,
                                            OptionalLong storedVersion) {
        if (r.operation().equals("create") || r.operation().equals("restore")) {
            return new ItemAlreadyExistsException("Cannot " + r.operation() + " " + schema.type() + " " + r.key() + " in table " + table.name()
                    + ": an item with this key already exists; " + (r.repeated() ? "an earlier attempt of this same " + r.operation()
                            + " (the SDK sent it again after a 5xx, a timeout or a lost answer) may have written it: read it before "
                            + "writing again" : r.operation().equals("restore")
                            ? "delete it first to restore over it (a put would replace the updatedAt and version restored), or skip this item"
                            : "use put to replace it, or choose another key"),
                    schema.type(), r.operation(), r.key(), stored, entity, r.cause());
        }
        return new VersionConflictException(r.what() + " was refused: the entity has no version, so it was written as a new item, but "
                + "the table already holds this key" + storedVersion.stream().mapToObj(v -> " at version " + v).findFirst().orElse("")
                + (r.repeated() ? "; " + REPEATED : "; read the stored item and change that, or use create to insist on a new item"),
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
