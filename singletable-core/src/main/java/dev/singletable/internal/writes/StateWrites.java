package dev.singletable.internal.writes;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.Explanation;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.TransactionCanceledException;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.reads.ItemFetcher;
import dev.singletable.internal.table.Futures;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * The writes of an entity whose key depends on its state ({@link EntityStates}): a create that also
 * requires the other states' keys free, a put that also deletes the item at the other states' keys
 * (or, for a versioned entity whose item is in another state, moves it), and an update that changes
 * the state, which moves the item. Each write is one TransactWriteItems (a put that moves sends a
 * second), so an entity is never stored under two states' keys.
 */
final class StateWrites {
    private final Writes writes;
    private final WritePlans plans;
    private final ItemFetcher fetcher;

    StateWrites(Writes writes) {
        this.writes = writes;
        this.plans = writes.plans();
        this.fetcher = new ItemFetcher(plans.table());
    }

    /** The entity's key in a state other than its own, whose primary key differs from its own (an item there is another item). */
    private record OtherState<T>(EntitySchema<T> state, Map<String, AttributeValue> key) {
    }

    /** The entity's keys in the states other than its own whose primary key differs from its own, in the order declared. */
    private <T> List<OtherState<T>> otherStates(EntityStates<T> states, T entity) {
        EntitySchema<T> own = states.stateOf(entity);
        List<OtherState<T>> others = new ArrayList<>();
        for (EntitySchema<T> state : states.states()) {
            if (state != own && !state.primaryKey().equals(own.primaryKey())) {
                others.add(new OtherState<>(state, plans.table().bound(state).key(entity)));
            }
        }
        return others;
    }

    /**
     * The entity's keys in the other states (with another primary key), which a batch put also deletes, as {@link #put} does:
     * an item there is this entity in its old state. Only for an unversioned entity (a batch refuses versioned ones), whose
     * item there has no version a delete could drop.
     */
    <T> List<ItemKey<?>> otherStatesKeys(EntityStates<T> states, T entity) {
        return otherStates(states, entity).stream().<ItemKey<?>>map(other -> itemKey(other, entity)).toList();
    }

    private <T> ItemKey<T> itemKey(OtherState<T> other, T entity) {
        return ItemKey.of(other.state(), plans.writes(other.state()).keyValuesOf(entity));
    }

    /**
     * A create (or restore) in one state: the other states' keys must be free too; empty when no other state has
     * another key.
     */
    <T> Optional<CompletableFuture<T>> create(EntityStates<T> states, T entity, EntityWrites.PutMode mode) {
        List<OtherState<T>> others = otherStates(states, entity);
        if (others.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(written(createTransaction(entity, mode, others), 0));
    }

    private <T> DefaultAsyncWriteTransaction createTransaction(T entity, EntityWrites.PutMode mode, List<OtherState<T>> others) {
        DefaultAsyncWriteTransaction transaction = new DefaultAsyncWriteTransaction(writes);
        transaction.add(plans.put(entity, mode, Condition.none()));
        // each check is labelled with the state whose key it is, so a cancellation names the state the item is in
        others.forEach(other -> transaction.add(plans.writes(other.state()).absentAction(other.key())));
        return transaction;
    }

    /**
     * A put in one state, one TransactWriteItems: the entity at its state's key, and at the other states' keys a delete
     * (the item may have been there); for a versioned entity without a version (a new one) a check that they are free
     * instead, as for create: deleting an item stored there would drop its version, and a writer holding it could then
     * overwrite what this put writes. When a versioned entity's item is not at its state's key, the state was changed
     * and the put moves it ({@link #moveFromOtherState}).
     */
    <T> Optional<CompletableFuture<T>> put(EntityStates<T> states, T entity, EntityWrites.PutMode mode, Condition condition) {
        List<OtherState<T>> others = otherStates(states, entity);
        if (others.isEmpty()) {
            return Optional.empty();
        }
        EntityWrites<T> w = plans.writesFor(entity);
        Optional<Long> version = w.version(entity);
        CompletableFuture<T> put = written(putTransaction(entity, mode, condition, others), 0);
        if (isNew(w, entity, mode)) {
            return Optional.of(put.exceptionallyCompose(failure -> CompletableFuture.failedFuture(storedInOtherState(failure, entity, others))));
        }
        if (version.isEmpty() && mode != EntityWrites.PutMode.REPLACE || !mode.checksVersion()) {
            return Optional.of(put); // a restore over the key checks nothing, so it fails for no state stored elsewhere
        }
        // a versioned put, or a replace (which requires the item stored): not at its state's key means its state changed
        return Optional.of(put.exceptionallyCompose(failure -> notAtItsStatesKey(failure)
                ? moveFromOtherState(entity, version, condition, others, failure, mode)
                : CompletableFuture.failedFuture(Futures.cause(failure))));
    }

    private <T> DefaultAsyncWriteTransaction putTransaction(T entity, EntityWrites.PutMode mode, Condition condition,
                                                            List<OtherState<T>> others) {
        DefaultAsyncWriteTransaction transaction = new DefaultAsyncWriteTransaction(writes);
        transaction.add(plans.put(entity, mode, condition));
        EntityWrites<T> w = plans.writesFor(entity);
        boolean isNew = isNew(w, entity, mode);
        for (OtherState<T> other : others) {
            transaction.add(isNew ? plans.writes(other.state()).absentAction(other.key())
                    : w.deleteAction(other.key(), Optional.empty(), false, Condition.none()));
        }
        return transaction;
    }

    /** A put of a versioned entity without a version: a new entity, which must not exist (a replace requires it to). */
    private static <T> boolean isNew(EntityWrites<T> w, T entity, EntityWrites.PutMode mode) {
        return mode == EntityWrites.PutMode.PUT && w.isVersioned() && w.version(entity).isEmpty();
    }

    /** The transaction {@code put} or {@code create} sends first, for explaining it; empty when the entity is written alone. */
    <T> Optional<Explanation> explain(EntityStates<T> states, T entity, EntityWrites.PutMode mode) {
        List<OtherState<T>> others = otherStates(states, entity);
        if (others.isEmpty()) {
            return Optional.empty();
        }
        DefaultAsyncWriteTransaction transaction = mode.isNew() ? createTransaction(entity, mode, others)
                : putTransaction(entity, mode, Condition.none(), others);
        return Optional.of(Explanation.of(DynamoOperation.TRANSACT_WRITE_ITEMS.name(), Futures.join(transaction.rendered()).request()));
    }

    private static <T> CompletableFuture<T> written(DefaultAsyncWriteTransaction transaction, int putIndex) {
        return transaction.send().thenApply(sent -> ((PutAction) sent.actions().get(putIndex)).writtenAs());
    }

    /**
     * True when the first transaction of a versioned put failed only because no item is at the key of the entity's
     * state: it is stored in another state (or it is gone, which the move's version check then tells).
     */
    private static boolean notAtItsStatesKey(Throwable failure) {
        if (!(Futures.cause(failure) instanceof TransactionCanceledException canceled) || canceled.reasons().isEmpty()) {
            return false;
        }
        TransactionCanceledException.Reason put = canceled.reasons().get(0);
        return "ConditionalCheckFailed".equals(put.code())
                && put.conditionFailure().flatMap(ConditionFailedException::currentItem).filter(item -> !item.isEmpty()).isEmpty()
                && canceled.reasons().stream().skip(1).noneMatch(TransactionCanceledException.Reason::failed);
    }

    /**
     * The move a put (or replace) of a changed state makes, as {@code update(current, changes)} does: one TransactWriteItems
     * deleting the item at the old state's key, requiring it there with the entity's version when it has one (and the put's
     * condition), and creating it at the new state's key, requiring that free, the version going on. With more than one other state, a strongly consistent
     * read of each finds the old one first; the transaction's conditions still decide.
     */
    private <T> CompletableFuture<T> moveFromOtherState(T entity, Optional<Long> version, Condition condition, List<OtherState<T>> others,
                                                        Throwable failure, EntityWrites.PutMode mode) {
        CompletableFuture<Optional<OtherState<T>>> from = others.size() == 1
                ? CompletableFuture.completedFuture(Optional.of(others.get(0))) : storedIn(entity, others, 0);
        return from.thenCompose(found -> {
            if (found.isEmpty()) {
                return CompletableFuture.failedFuture(Futures.cause(failure));
            }
            OtherState<T> old = found.get();
            DefaultAsyncWriteTransaction move = new DefaultAsyncWriteTransaction(writes);
            move.add(plans.writes(old.state()).deleteAction(old.key(), version, true, condition));
            move.add(plans.writesFor(entity).movedPutAction(entity, version, mode.operation()));
            return written(move, 1);
        });
    }

    /** The first of the other states holding an item at the entity's key, read strongly consistent one by one. */
    private <T> CompletableFuture<Optional<OtherState<T>>> storedIn(T entity, List<OtherState<T>> others, int from) {
        if (from == others.size()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        OtherState<T> other = others.get(from);
        return fetcher.get(writes.sender(), other.state(), itemKey(other, entity).values(), ReadConsistency.STRONG, false)
                .thenCompose(stored -> stored.isPresent() ? CompletableFuture.<Optional<OtherState<T>>>completedFuture(Optional.of(other))
                        : storedIn(entity, others, from + 1));
    }

    /**
     * The failure of a put of a versioned entity without a version: when the item is stored in another state, a
     * {@link VersionConflictException} that says where and how to move it; else the failure as it is.
     */
    private <T> Throwable storedInOtherState(Throwable failure, T entity, List<OtherState<T>> others) {
        Throwable cause = Futures.cause(failure);
        if (!(cause instanceof TransactionCanceledException canceled)) {
            return cause;
        }
        for (TransactionCanceledException.Reason reason : canceled.failures()) {
            if (reason.index() == 0 || !"ConditionalCheckFailed".equals(reason.code())) {
                continue;
            }
            OtherState<T> other = others.get(reason.index() - 1);
            EntityWrites<T> w = plans.writesFor(entity);
            Optional<Map<String, AttributeValue>> stored = reason.conditionFailure().flatMap(ConditionFailedException::currentItem)
                    .filter(item -> !item.isEmpty());
            OptionalLong storedVersion = reason.conditionFailure().filter(VersionConflictException.class::isInstance)
                    .map(e -> ((VersionConflictException) e).storedVersion()).orElse(OptionalLong.empty());
            Optional<Object> current = stored.flatMap(item -> decoded(other.state(), item));
            String attribute = statesAttribute(entity);
            return new VersionConflictException("put of " + w.bound().type() + " " + w.keyText(w.bound().key(entity)) + " in table "
                    + plans.table().name() + " was refused: the entity has no version, so it is written as a new item, but the table "
                    + "holds it in another state, as " + other.state().type() + " " + w.keyText(other.key())
                    + storedVersion.stream().mapToObj(v -> " at version " + v).findFirst().orElse("") + "; to move it, put the entity "
                    + "as read from the table (with its version) with '" + attribute + "' changed, or change it with "
                    + "table.update(current, u -> u.set(...))", w.bound().type(), "put",
                    w.keyText(w.bound().key(entity)), OptionalLong.empty(), storedVersion, stored, current, canceled);
        }
        return cause;
    }

    private Optional<Object> decoded(EntitySchema<?> state, Map<String, AttributeValue> item) {
        try {
            return Optional.of(plans.table().bound(state).decode(item));
        } catch (RuntimeException e) {
            return Optional.empty(); // an item that cannot be read still explains the refusal; only the entity is missing
        }
    }

    private <T> String statesAttribute(T entity) {
        return plans.table().statesOf(entity).map(s -> s.attribute().name()).orElse("(state)");
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
        // current's item is not written, next's is: the item hooks run once, in next's write
        T next = bound.withItemChanges(current, item -> applied(from, item, update));
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
        transaction.add(plans.writes(to).movedPutAction(next, version, "update"));
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
