package dev.singletable.internal.writes;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.ItemDecodingException;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.ItemSize;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.RequestRunner;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * The writes of a table, for sync and async senders alike: renders each write into its
 * {@link WriteAction}, reads what comes back, and explains refusals. Only the sending differs
 * between {@link SyncWrites} and {@link AsyncWrites}.
 */
final class WritePlans {
    private final BoundTable table;
    private final Map<String, EntityWrites<?>> writes = new ConcurrentHashMap<>(); // a table is shared by threads

    public WritePlans(BoundTable table) {
        this.table = table;
    }

    public BoundTable table() {
        return table;
    }

    @SuppressWarnings("unchecked")
    public <T> EntityWrites<T> writes(BoundEntity<T> bound) {
        EntityWrites<?> known = writes.get(bound.type()); // looked up before computeIfAbsent, whose lambda is allocated per call
        return (EntityWrites<T>) (known != null ? known
                : writes.computeIfAbsent(bound.type(), t -> new EntityWrites<>(bound, table.schema(), table.clock())));
    }

    public <T> EntityWrites<T> writesFor(T entity) {
        return writes(table.<T>entityFor(entity));
    }

    public <T> EntityWrites<T> writes(EntitySchema<T> entity) {
        return writes(table.bound(entity));
    }

    @SuppressWarnings("unchecked")
    EntityWrites<Object> writesOf(WriteAction action) {
        return (EntityWrites<Object>) writes(action.entity());
    }

    public Map<String, String> keyText(WriteAction action) {
        return table.keyText(action.key());
    }

    // ------------------------------------------------------------------ rendering

    /** The update the caller's changes function makes from an empty one; refused when it returns null instead. */
    static <T> Update<T> changed(EntitySchema<T> entity, UnaryOperator<Update<T>> changes) {
        Update<T> update = changes.apply(Update.of(entity));
        if (update == null) {
            throw new ValidationException("The changes of an update of " + entity.type() + " returned null instead of an Update; return the "
                    + "update given, changed: u -> u.set(ATTRIBUTE, value)");
        }
        return update;
    }

    public <T> PutAction put(T entity, EntityWrites.PutMode mode, Condition condition) {
        return writesFor(entity).putAction(entity, mode, condition);
    }

    /** A keyed update or upsert; it may first need the stored item ({@link UpdatePlan.NeedsStoredValues}). */
    public <T> UpdatePlan update(EntitySchema<T> entity, KeyValues key, Update<T> update, Condition condition,
                                 EntityWrites.UpdateMode mode) {
        return writes(entity).updatePlan(key, update, condition, mode, Optional.empty(), Optional.empty());
    }

    /** The keyed update planned again with the values of the stored item, which was read because index keys need them. */
    public <T> UpdateAction updateFromStored(EntitySchema<T> entity, KeyValues key, Update<T> update, Condition condition,
                                             EntityWrites.UpdateMode mode, Optional<T> stored) {
        EntityWrites<T> w = writes(entity);
        Map<String, String> keyText = w.keyText(w.bound().key(key));
        if (stored.isEmpty() && mode == EntityWrites.UpdateMode.UPSERT) {
            // the upsert creates the item: its values are the update's alone, each other one pinned as still absent
            UpdatePlan plan = w.updatePlan(key, update, condition, mode, Optional.empty(), Optional.of(Map.of()));
            return ((UpdatePlan.Ready) plan).action();
        }
        T current = stored.orElseThrow(() -> new ItemNotFoundException(mode.name().toLowerCase(Locale.ROOT) + " of " + entity.type()
                + " " + keyText + " read the item for its index key values, but there is none; create it first", entity.type(),
                "update", keyText, null));
        UpdatePlan plan = w.updatePlan(key, update, condition, mode, Optional.empty(), Optional.of(w.valuesOf(current)));
        return ((UpdatePlan.Ready) plan).action(); // with every stored value known, nothing more is needed
    }

    /** An update of the stored item the entity was read from: its version is checked, its values known. */
    public <T> UpdateAction update(T current, UnaryOperator<Update<T>> changes, Condition condition) {
        EntityWrites<T> w = writesFor(current);
        Update<T> update = changed(w.bound().schema(), changes);
        Optional<Long> version = w.version(current);
        if (w.isVersioned() && version.isEmpty()) {
            throw new ValidationException("update of " + w.bound().type() + " " + w.keyText(w.bound().key(current))
                    + " from an entity without a version: the entity was not read from the table. Read it first, or update by key");
        }
        UpdatePlan plan = w.updatePlan(w.keyValuesOf(current), update, condition, EntityWrites.UpdateMode.UPDATE, version,
                Optional.of(w.valuesOf(current)));
        UpdateAction action = ((UpdatePlan.Ready) plan).action(); // the current entity gives every stored value
        checkSizeAfter(w, current, update, action);
        return action;
    }

    /**
     * Refuses an update of a read entity when the item as read, changed by the update, would be over
     * DynamoDB's item limit: DynamoDB would refuse it. The figure is the item as {@code current} was read;
     * a stored item that changed since may differ (a versioned entity's update fails then anyway).
     */
    private <T> void checkSizeAfter(EntityWrites<T> w, T current, Update<T> update, UpdateAction action) {
        Map<String, AttributeValue> item = w.bound().toItem(current);
        long before = ItemSize.of(item);
        long after = before;
        for (Update.Action<T> change : update.actions()) {
            // a path's names count once per element; a list element has none of its own
            long nameSize = change.path().names().stream().mapToLong(BoundKeyTemplate::utf8Length).sum();
            AttributeValue stored = change.path().valueIn(item).orElse(null);
            long storedSize = stored == null ? 0 : nameSize + ItemSize.of(stored);
            long givenSize = change.storedValue().map(v -> nameSize + (long) ItemSize.of(v)).orElse(0L);
            after += switch (change.operation()) {
                case SET -> givenSize - storedSize;
                case REMOVE -> -storedSize;
                case APPEND, PREPEND, ADD_TO_SET -> stored == null ? givenSize : givenSize - nameSize;
                case SET_FROM_ATTRIBUTE -> {
                    AttributeValue source = item.get(change.source().orElseThrow().name());
                    yield (source == null ? 0 : nameSize + ItemSize.of(source)) - storedSize;
                }
                case SET_IF_ABSENT -> stored == null ? givenSize : 0;
                case ADD_NUMBER, SUBTRACT_NUMBER, DELETE_FROM_SET -> 0; // a number stays within 21 bytes; a deletion shrinks
            };
        }
        if (after > ItemSize.MAX_ITEM_BYTES) {
            throw new ValidationException("update of " + w.bound().type() + " " + keyText(action) + ": the item as read is " + before
                    + " bytes, and with this update's values it would be " + after + " bytes (attribute names included), over the "
                    + ItemSize.MAX_ITEM_BYTES + " bytes (400 KB) DynamoDB allows, so DynamoDB would refuse it; store large values "
                    + "elsewhere (such as S3) with a reference in the item, or remove attributes in the same update");
        }
    }

    public <T> DeleteAction delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        EntityWrites<T> w = writes(entity);
        return w.deleteAction(w.bound().key(key), Optional.empty(), false, condition);
    }

    /** A delete of the item the entity was read from, checking its version when versioned. */
    public <T> DeleteAction delete(T current, boolean mustExist) {
        EntityWrites<T> w = writesFor(current);
        Optional<Long> version = w.version(current);
        return w.deleteAction(w.bound().key(current), version, mustExist || version.isPresent(), Condition.none());
    }

    /** A delete that requires the item to exist (for moves). */
    public <T> DeleteAction deleteExisting(EntitySchema<T> entity, KeyValues key) {
        EntityWrites<T> w = writes(entity);
        return w.deleteAction(w.bound().key(key), Optional.empty(), true, Condition.none());
    }

    public <T> ConditionCheckAction check(EntitySchema<T> entity, KeyValues key, Condition condition) {
        EntityWrites<T> w = writes(entity);
        return w.checkAction(w.bound().key(key), condition);
    }

    /** The unconditional DeleteItem of {@code Table.delete(entity, key)}, which returns nothing. */
    public <T> DeleteItemRequest plainDelete(EntitySchema<T> entity, KeyValues key) {
        return DeleteItemRequest.builder().tableName(table.name()).key(table.bound(entity).key(key))
                .returnConsumedCapacity(table.runner().consumedCapacity()).build();
    }

    // ------------------------------------------------------------------ outcomes

    /** The entity an update or upsert left, from the response's ALL_NEW attributes. */
    public <T> T updated(UpdateAction action, EntitySchema<T> entity, Map<String, AttributeValue> attributes) {
        try {
            return table.bound(entity).fromItem(attributes);
        } catch (ItemDecodingException e) {
            throw new ItemDecodingException("The " + action.operation() + " of " + entity.type() + " " + keyText(action)
                    + " was written, but the item it left cannot be read as " + entity.type() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The entity a delete removed, from the response's ALL_OLD attributes; none when the item removed had expired, as reads
     * take it as absent (the delete still removes it).
     */
    public <T> Optional<T> deleted(EntitySchema<T> entity, boolean hasAttributes, Map<String, AttributeValue> attributes) {
        if (!hasAttributes || attributes.isEmpty() || writes(entity).isExpired(attributes)) {
            return Optional.empty();
        }
        return Optional.of(table.bound(entity).fromItem(attributes));
    }

    /**
     * Whether a refused write's item may have expired: it did when DynamoDB returned it expired, and may have when the engine
     * returned no item (some ignore ReturnValuesOnConditionCheckFailure).
     */
    boolean mayBeExpired(WriteAction action, ConditionFailedException refused) {
        return returnedItem(refused).filter(item -> !item.isEmpty()).map(writesOf(action)::isExpired).orElse(true);
    }

    /** The stored item DynamoDB returned with a refused condition, when it did. */
    private static Optional<Map<String, AttributeValue>> returnedItem(ConditionFailedException refused) {
        return refused.getCause() instanceof ConditionalCheckFailedException failed && failed.hasItem()
                ? Optional.of(failed.item()) : Optional.empty();
    }

    /** The failure of a single write as the caller gets it: a refused condition explained, anything else as it is. */
    /** {@link EntityWrites#gone} of the action's entity. */
    RuntimeException gone(WriteAction action, dev.singletable.VersionConflictException conflict) {
        return RequestRunner.keepingSuppressed(conflict, writesOf(action).gone(action, conflict));
    }

    public RuntimeException refusal(WriteAction action, RuntimeException failure) {
        if (failure instanceof ConditionFailedException e) {
            return RequestRunner.keepingSuppressed(failure, writesOf(action).explain(action, returnedItem(e), e.getCause()));
        }
        if (action instanceof UpdateAction update) {
            return RequestRunner.keepingSuppressed(failure, NumberOverflow.explain(update, keyText(action), table.name(), failure)
                    .orElse(failure));
        }
        return failure;
    }
}
