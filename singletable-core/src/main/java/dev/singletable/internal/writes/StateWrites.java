package dev.singletable.internal.writes;

import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.KeyValues;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The writes of an entity whose key depends on its state ({@link EntityStates}): a create that also
 * requires the other states' keys free, a put that also deletes the item at the other states' keys,
 * and an update that changes the state, which moves the item. Each is one TransactWriteItems, so an
 * entity is never stored under two states' keys.
 */
final class StateWrites {
    private final Writes writes;
    private final WritePlans plans;

    StateWrites(Writes writes) {
        this.writes = writes;
        this.plans = writes.plans();
    }

    /** The keys of the entity in the states other than its own whose primary key differs from it (those items are other items). */
    private <T> List<Map<String, AttributeValue>> otherKeys(EntityStates<T> states, T entity) {
        EntitySchema<T> own = states.stateOf(entity);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (EntitySchema<T> state : states.states()) {
            if (state != own && !state.primaryKey().equals(own.primaryKey())) {
                keys.add(plans.table().bound(state).key(entity));
            }
        }
        return keys;
    }

    /** A create in one state: the other states' keys must be free too; empty when no other state has another key. */
    <T> Optional<CompletableFuture<T>> create(EntityStates<T> states, T entity) {
        List<Map<String, AttributeValue>> others = otherKeys(states, entity);
        if (others.isEmpty()) {
            return Optional.empty();
        }
        DefaultAsyncWriteTransaction transaction = new DefaultAsyncWriteTransaction(writes);
        transaction.add(plans.put(entity, EntityWrites.PutMode.CREATE, Condition.none()));
        EntityWrites<T> w = plans.writesFor(entity);
        others.forEach(key -> transaction.add(w.absentAction(key)));
        return Optional.of(transaction.send().thenApply(sent -> ((PutAction) sent.actions().get(0)).writtenAs()));
    }

    /** A put in one state: the item is deleted from the other states' keys in the same transaction. */
    <T> Optional<CompletableFuture<T>> put(EntityStates<T> states, T entity, EntityWrites.PutMode mode, Condition condition) {
        List<Map<String, AttributeValue>> others = otherKeys(states, entity);
        if (others.isEmpty()) {
            return Optional.empty();
        }
        DefaultAsyncWriteTransaction transaction = new DefaultAsyncWriteTransaction(writes);
        transaction.add(plans.put(entity, mode, condition));
        EntityWrites<T> w = plans.writesFor(entity);
        others.forEach(key -> transaction.add(w.deleteAction(key, Optional.empty(), false, Condition.none())));
        return Optional.of(transaction.send().thenApply(sent -> ((PutAction) sent.actions().get(0)).writtenAs()));
    }

    /**
     * An update of a read entity that changes its state: the changes applied to {@code current}'s item
     * give the entity in its new state; a new primary key moves it (delete at the old key, requiring
     * {@code current}'s version and the condition, and create at the new one, the version going on), the same
     * key is one version-checked put. Empty when the update leaves the state as it is.
     */
    <T> Optional<CompletableFuture<T>> update(EntityStates<T> states, T current, Update<T> update, Condition condition) {
        if (update.actions().stream().noneMatch(a -> a.attribute().name().equals(states.attribute().name()))) {
            return Optional.empty();
        }
        EntitySchema<T> from = states.stateOf(current);
        BoundEntity<T> bound = plans.table().bound(from);
        T next = bound.fromItem(applied(from, bound.toItem(current), update));
        EntitySchema<T> to = states.stateOf(next);
        if (to == from) {
            return Optional.empty();
        }
        EntityWrites<T> w = plans.writes(from);
        Optional<Long> version = w.version(current);
        if (to.primaryKey().equals(from.primaryKey())) {
            PutAction put = plans.writes(to).putAction(next, EntityWrites.PutMode.REPLACE, condition);
            return Optional.of(writes.put(put));
        }
        DefaultAsyncWriteTransaction transaction = new DefaultAsyncWriteTransaction(writes);
        transaction.add(w.deleteAction(bound.key(current), version, true, condition));
        transaction.add(plans.writes(to).movedPutAction(next, version));
        return Optional.of(transaction.send().thenApply(sent -> ((PutAction) sent.actions().get(1)).writtenAs()));
    }

    /** Refuses a keyed update that sets a state attribute: without the stored item, the new state's key cannot be built. */
    <T> void refuseKeyedStateChange(EntityStates<?> states, EntitySchema<T> entity, KeyValues key, Update<T> update) {
        if (update.actions().stream().anyMatch(a -> a.attribute().name().equals(states.attribute().name()))) {
            throw new ValidationException("update of " + entity.type() + " " + key + " changes '" + states.attribute().name()
                    + "', which picks the entity's key (states " + states.byValue().keySet() + "), so the item moves to another key; "
                    + "read the entity and update it with table.update(current, changes), which moves it in one transaction");
        }
    }

    /** The item with the update's changes, as DynamoDB would apply them; the changes a move supports. */
    private static <T> Map<String, AttributeValue> applied(EntitySchema<T> entity, Map<String, AttributeValue> stored, Update<T> update) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(stored);
        for (Update.Action<T> action : update.actions()) {
            String name = action.attribute().name();
            switch (action.operation()) {
                case SET -> item.put(name, action.storedValue().orElseThrow());
                case SET_IF_ABSENT -> item.putIfAbsent(name, action.storedValue().orElseThrow());
                case REMOVE -> item.remove(name);
                case SET_FROM_ATTRIBUTE -> {
                    AttributeValue source = item.get(action.source().orElseThrow().name());
                    if (source == null) {
                        item.remove(name);
                    } else {
                        item.put(name, source);
                    }
                }
                case ADD_NUMBER, SUBTRACT_NUMBER -> {
                    BigDecimal amount = new BigDecimal(action.storedValue().orElseThrow().n());
                    AttributeValue was = item.get(name);
                    BigDecimal base = was == null || was.n() == null ? BigDecimal.ZERO : new BigDecimal(was.n());
                    BigDecimal result = action.operation() == Update.Operation.ADD_NUMBER ? base.add(amount) : base.subtract(amount);
                    item.put(name, AttributeValue.fromN(result.toPlainString()));
                }
                default -> throw new ValidationException("update of " + entity.type() + " changes its state, which moves the item, and "
                        + action.operation() + " of '" + name + "' cannot be applied to the moved item; make that change in an update "
                        + "of its own (before or after the one that changes the state)");
            }
        }
        return item;
    }
}
