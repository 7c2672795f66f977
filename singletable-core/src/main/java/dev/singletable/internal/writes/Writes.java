package dev.singletable.internal.writes;

import dev.singletable.AsyncWriteTransaction;
import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.Explanation;
import dev.singletable.ItemKey;
import dev.singletable.ItemNotFoundException;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.VersionConflictException;
import dev.singletable.WriteTransaction;
import dev.singletable.internal.reads.ItemFetcher;
import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.internal.table.Futures;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.table.Sender;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The entry point of the writes package: every write of one table on one kind of client (the
 * {@link Sender}), with its transactions, retries and explanations. {@link WritePlans} renders and
 * reads what comes back; this sends, once for both clients: on the synchronous client each future
 * is complete when it is returned, and the facade takes its value with {@link Futures#join}.
 * Failures are the same typed exceptions on both clients.
 */
public final class Writes {
    private final WritePlans plans;
    private final Sender sender;
    private final ItemFetcher fetcher;
    private final StateWrites states;
    private final PartiqlStatements statements;
    private final PartiqlWrites partiql;

    public Writes(Sender sender) {
        this.plans = new WritePlans(sender.table());
        this.sender = sender;
        this.fetcher = new ItemFetcher(sender.table());
        this.states = new StateWrites(this);
        this.statements = new PartiqlStatements(plans);
        this.partiql = new PartiqlWrites(this);
    }

    WritePlans plans() {
        return plans;
    }

    Sender sender() {
        return sender;
    }

    // ---------------------------------------------------------------- single items

    /** The item {@link #put} writes for the entity as it is (before it sets the version and timestamps); nothing is sent. */
    public <T> Map<String, AttributeValue> toItem(T entity) {
        return plans.writesFor(entity).item(entity);
    }

    public <T> CompletableFuture<T> put(T entity, Condition condition) {
        return written(entity, EntityWrites.PutMode.PUT, condition);
    }

    public <T> CompletableFuture<T> create(T entity) {
        return created(entity, EntityWrites.PutMode.CREATE);
    }

    /** A create keeping the timestamps and version the entity gives (see {@code Table.restore}). */
    public <T> CompletableFuture<T> restore(T entity) {
        return created(entity, EntityWrites.PutMode.RESTORE);
    }

    /** A restore over whatever item has the entity's key (see {@code Table.restoreReplacing}). */
    public <T> CompletableFuture<T> restoreReplacing(T entity) {
        return written(entity, EntityWrites.PutMode.RESTORE_REPLACING, Condition.none());
    }

    private <T> CompletableFuture<T> created(T entity, EntityWrites.PutMode mode) {
        return Futures.compose(() -> statesOf(entity).flatMap(s -> states.create(s, entity, mode))
                .orElseGet(() -> put(plans.put(entity, mode, Condition.none()))));
    }

    public <T> CompletableFuture<T> replace(T entity, Condition condition) {
        return written(entity, EntityWrites.PutMode.REPLACE, condition);
    }

    /** A put, replace or replacing restore: a transaction for an entity stored by its state, else one PutItem. */
    private <T> CompletableFuture<T> written(T entity, EntityWrites.PutMode mode, Condition condition) {
        return Futures.compose(() -> statesOf(entity).flatMap(s -> states.put(s, entity, mode, condition))
                .orElseGet(() -> put(plans.put(entity, mode, condition))));
    }

    /** The states of an entity whose key depends on its state. */
    @SuppressWarnings("unchecked")
    private <T> Optional<EntityStates<T>> statesOf(T entity) {
        return plans.table().statesOf(entity).map(s -> (EntityStates<T>) (EntityStates<?>) s);
    }

    /** The states an entity type is one state of. */
    private Optional<EntityStates<?>> statesOf(EntitySchema<?> entity) {
        if (plans.table().schema().states().isEmpty()) {
            return Optional.empty(); // most tables have none: no stream per update
        }
        return plans.table().schema().states().stream().filter(s -> s.states().contains(entity)).findFirst();
    }

    public <T> CompletableFuture<T> update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return keyed(entity, key, changes, condition, EntityWrites.UpdateMode.UPDATE);
    }

    public <T> CompletableFuture<T> upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        return keyed(entity, key, changes, condition, EntityWrites.UpdateMode.UPSERT);
    }

    /** An update of the stored item the entity was read from. */
    public <T> CompletableFuture<T> update(T current, UnaryOperator<Update<T>> changes, Condition condition) {
        return Futures.compose(() -> {
            Optional<EntityStates<T>> stateful = statesOf(current);
            if (stateful.isPresent()) {
                EntitySchema<T> schema = stateful.get().stateOf(current);
                Update<T> update = WritePlans.changed(schema, changes);
                Optional<CompletableFuture<T>> moved = states.update(stateful.get(), current, update, condition);
                if (moved.isPresent()) {
                    return moved.get();
                }
                return update(plans.update(current, u -> update, condition), schema);
            }
            return update(plans.update(current, changes, condition), plans.writesFor(current).bound().schema());
        });
    }

    public <T> CompletableFuture<Optional<T>> delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return Futures.compose(() -> delete(plans.delete(entity, key, condition), entity));
    }

    /**
     * A delete of the item the entity was read from, checking its version when versioned. An item deleted since (its
     * version check refused with no item stored) is reported as the unversioned delete reports one not stored: empty.
     */
    public <T> CompletableFuture<Optional<T>> delete(T current) {
        return Futures.compose(() -> delete(plans.delete(current, false), plans.writesFor(current).bound().schema()))
                .exceptionally(failure -> {
                    if (Futures.cause(failure) instanceof ItemNotFoundException) {
                        return Optional.empty();
                    }
                    throw Futures.rethrow(failure);
                });
    }

    /** The unconditional delete that returns nothing. */
    public <T> CompletableFuture<Void> delete(EntitySchema<T> entity, KeyValues key) {
        return Futures.of(() -> plans.plainDelete(entity, key)).thenCompose((DeleteItemRequest request) ->
                        sender.sendForItem(DynamoOperation.DELETE_ITEM, request, entity.type(), request.key()))
                .thenApply(response -> null);
    }

    /** Deletes the item at the old key and creates the moved entity, in one transaction. */
    public <T> CompletableFuture<T> move(EntitySchema<T> entity, KeyValues oldKey, T moved) {
        return Futures.compose(() -> moved(new DefaultAsyncWriteTransaction(this).deleteExisting(entity, oldKey).create(moved)));
    }

    public <T> CompletableFuture<T> move(T current, T moved) {
        return Futures.compose(() -> moved(new DefaultAsyncWriteTransaction(this).deleteExisting(current).create(moved)));
    }

    private static <T> CompletableFuture<T> moved(AsyncWriteTransaction transaction) {
        return ((DefaultAsyncWriteTransaction) transaction).send().thenApply(sent -> ((PutAction) sent.actions().get(1)).writtenAs());
    }

    /** Read, change and put checked against the version read, again after a pause on each version conflict. */
    public <T> CompletableFuture<T> retryOnConflict(EntitySchema<T> entity, KeyValues key, int maxAttempts, UnaryOperator<T> change) {
        return Futures.compose(() -> retryOnConflict(ConflictRetries.of(plans, entity, key, maxAttempts, change), 1));
    }

    private <T> CompletableFuture<T> retryOnConflict(ConflictRetries<T> retries, int attempt) {
        return fetcher.get(sender, retries.entity(), retries.key(), ReadConsistency.STRONG, true)
                .thenCompose(current -> this.<T>put(retries.putFor(current.orElseThrow(retries::notFound))))
                .thenApply(CompletableFuture::completedFuture)
                .exceptionally(failure -> {
                    if (Futures.cause(failure) instanceof VersionConflictException conflict) {
                        return sender.pause(retries.conflicted(attempt, conflict), "retryOnConflict was interrupted")
                                .thenCompose(paused -> retryOnConflict(retries, attempt + 1));
                    }
                    throw Futures.rethrow(failure);
                })
                .thenCompose(Function.identity());
    }

    // ---------------------------------------------------------------- transactions

    /** A transaction on the synchronous client: a keyed update that reads the stored item first reads it when it is added. */
    public WriteTransaction transaction() {
        return new DefaultWriteTransaction(this);
    }

    /** A transaction on the asynchronous client: such reads happen when it executes. */
    public AsyncWriteTransaction asyncTransaction() {
        return new DefaultAsyncWriteTransaction(this);
    }

    // ---------------------------------------------------------------- PartiQL writes

    public <T> dev.singletable.partiql.PartiqlWrite partiqlInsert(T entity) {
        return statements.insert(entity);
    }

    public <T> dev.singletable.partiql.PartiqlWrite partiqlUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes,
                                                          Condition condition) {
        return statements.update(entity, key, changes, condition);
    }

    public <T> dev.singletable.partiql.PartiqlWrite partiqlDelete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return statements.delete(entity, key, condition);
    }

    public dev.singletable.partiql.PartiqlWrite partiqlWrite(String statement) {
        return statements.written(statement);
    }

    public CompletableFuture<Void> execute(dev.singletable.partiql.PartiqlWrite statement) {
        return partiql.execute(statement);
    }

    public CompletableFuture<Void> executeBatch(java.util.List<? extends dev.singletable.partiql.PartiqlWrite> statements) {
        return partiql.batch(statements);
    }

    public CompletableFuture<Void> executeTransaction(java.util.List<? extends dev.singletable.partiql.PartiqlWrite> statements) {
        return partiql.transaction(statements);
    }

    // ---------------------------------------------------------------- explanations: rendered, not sent

    public <T> Explanation explainPut(T entity) {
        return explainPut(entity, EntityWrites.PutMode.PUT);
    }

    private <T> Explanation explainPut(T entity, EntityWrites.PutMode mode) {
        return statesOf(entity).flatMap(s -> states.explain(s, entity, mode)).orElseGet(() ->
                Explanation.of(DynamoOperation.PUT_ITEM.name(), plans.put(entity, mode, Condition.none()).request(plans.table())));
    }

    public <T> Explanation explainCreate(T entity) {
        return explainPut(entity, EntityWrites.PutMode.CREATE);
    }

    public <T> Explanation explainRestore(T entity) {
        return explainPut(entity, EntityWrites.PutMode.RESTORE);
    }

    public <T> Explanation explainRestoreReplacing(T entity) {
        return explainPut(entity, EntityWrites.PutMode.RESTORE_REPLACING);
    }

    public <T> Explanation explainUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        return explainUpdate(entity, key, changes, Condition.none());
    }

    public <T> Explanation explainUpdate(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        Update<T> update = WritePlans.changed(entity, changes);
        statesOf(entity).ifPresent(s -> states.refuseKeyedStateChange(s, entity, key, update)); // as the update itself refuses it
        UpdatePlan plan = plans.update(entity, key, update, condition, EntityWrites.UpdateMode.UPDATE);
        if (plan instanceof UpdatePlan.Ready ready) {
            return Explanation.of(DynamoOperation.UPDATE_ITEM.name(), ready.action().request(plans.table(), ReturnValue.ALL_NEW));
        }
        throw new ValidationException("The update of " + entity.type() + " " + plans.table().keyText(plans.table().bound(entity).key(key))
                + " reads the stored item first for index key values, so it cannot be explained without sending that read; give the "
                + "values in the update instead of readingStoredValuesForIndexKeys()");
    }

    public <T> Explanation explainDelete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        return Explanation.of(DynamoOperation.DELETE_ITEM.name(), plans.delete(entity, key, condition).request(plans.table(), ReturnValue.ALL_OLD));
    }

    // ---------------------------------------------------------------- for batches

    /**
     * The put of an entity in a batch, refused for a versioned entity (a batch cannot check versions); {@code into} takes the
     * item and the entity as written (timestamps and generated ids set; a restore's timestamps as the entity gives them).
     */
    public <R> R batchPut(Object entity, boolean restore, BiFunction<Map<String, AttributeValue>, Object, R> into) {
        EntityWrites<Object> w = plans.writesFor(entity);
        if (w.isVersioned()) {
            throw new ValidationException("Batch write of " + w.bound().type() + " " + w.keyText(w.bound().key(entity))
                    + ": the entity is versioned, and BatchWriteItem cannot check versions, so it could overwrite a newer version. "
                    + (restore ? "Restore versioned entities one at a time, keeping the version they give: with restore where no item "
                            + "has the key (it refuses a stored one), with restoreReplacing where one may be stored (it overwrites "
                            + "whatever version is stored there, the risk this batch refuses)"
                            : "Write versioned entities with put or a transaction"));
        }
        PutAction action = w.putAction(entity, restore ? EntityWrites.PutMode.RESTORE_REPLACING : EntityWrites.PutMode.PUT,
                Condition.none());
        return into.apply(action.item(), action.written());
    }

    /**
     * The keys of an entity stored by its state in its other states, which a batch put of it deletes (as put does); none for
     * an entity stored by one key.
     */
    public List<ItemKey<?>> otherStatesKeys(Object written) {
        return statesOf(written).map(s -> states.otherStatesKeys(s, written)).orElse(List.of());
    }

    // ---------------------------------------------------------------- sending

    <T> CompletableFuture<T> put(PutAction action) {
        return send(DynamoOperation.PUT_ITEM, action.request(plans.table()), action)
                .thenApply(response -> action.writtenAs());
    }

    private <T> CompletableFuture<T> update(UpdateAction action, EntitySchema<T> entity) {
        return send(DynamoOperation.UPDATE_ITEM, action.requestToSend(plans.table(), ReturnValue.ALL_NEW), action)
                .thenApply(response -> plans.updated(action, entity, response.attributes()));
    }

    private <T> CompletableFuture<T> keyed(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition,
                                           EntityWrites.UpdateMode mode) {
        return Futures.compose(() -> {
            Update<T> update = WritePlans.changed(entity, changes);
            statesOf(entity).ifPresent(s -> states.refuseKeyedStateChange(s, entity, key, update));
            UpdatePlan plan = plans.update(entity, key, update, condition, mode);
            if (plan instanceof UpdatePlan.ReadsOnRefusal blind) {
                return readingOnRefusal(blind.action(), entity, key, update, condition);
            }
            CompletableFuture<UpdateAction> action = plan instanceof UpdatePlan.Ready ready ? CompletableFuture.completedFuture(ready.action())
                    : fromStored(entity, key, update, condition, mode);
            return action.thenCompose(a -> mode == EntityWrites.UpdateMode.UPSERT ? upsert(a, entity) : update(a, entity));
        });
    }

    /**
     * An upsert sent without the stored item ({@link UpdatePlan.ReadsOnRefusal}): when refused, it reads the item and is sent
     * again, planned with its values. Nothing was written by the refused one, so the second is the only write; a condition
     * of the caller's that failed fails it again, and is reported from it. A refusal that may follow an applied attempt
     * (the SDK retried it) is the caller's answer as it is: sent again, the write would be refused on a fresh request and
     * the caller told, wrongly, that nothing was written.
     */
    private <T> CompletableFuture<T> readingOnRefusal(UpdateAction blind, EntitySchema<T> entity, KeyValues key, Update<T> update,
                                                      Condition condition) {
        return upsert(blind, entity).handle((written, failure) -> {
            if (failure == null) {
                return CompletableFuture.completedFuture(written);
            }
            if (!(Futures.cause(failure) instanceof ConditionFailedException refused) || refused.mayHaveBeenApplied()) {
                return CompletableFuture.<T>failedFuture(Futures.cause(failure));
            }
            return fromStored(entity, key, update, condition, EntityWrites.UpdateMode.UPSERT).thenCompose(action -> upsert(action, entity));
        }).thenCompose(Function.identity());
    }

    /**
     * An upsert writes onto an expired item as onto none: its condition refuses an expired item, which is then deleted (only
     * while still expired) and the upsert sent once more, so the item holds the upsert's values alone. The upsert of an
     * entity without the TTL attribute is sent as it is.
     */
    private <T> CompletableFuture<T> upsert(UpdateAction action, EntitySchema<T> entity) {
        if (!action.guard().expectation().live()) {
            return update(action, entity);
        }
        return sender.sendForItem(DynamoOperation.UPDATE_ITEM, action.request(plans.table(), ReturnValue.ALL_NEW), action.entityType(),
                        action.key())
                .thenApply(response -> CompletableFuture.completedFuture(plans.updated(action, entity, response.attributes())))
                .exceptionally(failure -> {
                    if (!(Futures.cause(failure) instanceof ConditionFailedException refused) || !plans.mayBeExpired(action, refused)) {
                        throw Futures.rethrow(Futures.cause(failure) instanceof RuntimeException e ? plans.refusal(action, e) : failure);
                    }
                    DeleteAction clear = plans.writesOf(action).expiredDeleteAction(action.key(), "upsert");
                    return sender.sendForItem(DynamoOperation.DELETE_ITEM, clear.request(plans.table(), ReturnValue.NONE), action.entityType(),
                                    action.key())
                            .handle((cleared, failed) -> failed == null ? update(action, entity) : this.<T>notCleared(action, refused, failed))
                            .thenCompose(Function.identity());
                })
                .thenCompose(Function.identity());
    }

    /** The delete found no expired item (its condition was refused): the upsert's own refusal stands, explained. */
    private <T> CompletableFuture<T> notCleared(UpdateAction action, ConditionFailedException refused, Throwable failed) {
        Throwable cause = Futures.cause(failed);
        return CompletableFuture.failedFuture(cause instanceof ConditionFailedException ? plans.refusal(action, refused) : cause);
    }

    /**
     * A keyed update, reading the stored item first when its index keys need stored values. A
     * rendering failure is thrown; a failed read fails the future.
     */
    <T> CompletableFuture<UpdateAction> keyedUpdate(EntitySchema<T> entity, KeyValues key, Update<T> update, Condition condition,
                                                    EntityWrites.UpdateMode mode) {
        UpdatePlan plan = plans.update(entity, key, update, condition, mode);
        if (plan instanceof UpdatePlan.Ready ready) {
            return CompletableFuture.completedFuture(ready.action());
        }
        return fromStored(entity, key, update, condition, mode); // a transaction cannot read after a refusal: ReadsOnRefusal reads first
    }

    /** The keyed update planned with the values of the stored item, read first. */
    private <T> CompletableFuture<UpdateAction> fromStored(EntitySchema<T> entity, KeyValues key, Update<T> update, Condition condition,
                                                           EntityWrites.UpdateMode mode) {
        // an upsert writes over an expired item as over none, so its values are planned as for no item
        return fetcher.get(sender, entity, key, ReadConsistency.STRONG, mode == EntityWrites.UpdateMode.UPSERT)
                .thenApply(stored -> plans.updateFromStored(entity, key, update, condition, mode, stored));
    }

    private <T> CompletableFuture<Optional<T>> delete(DeleteAction action, EntitySchema<T> entity) {
        return send(DynamoOperation.DELETE_ITEM, action.request(plans.table(), ReturnValue.ALL_OLD), action)
                .thenApply(response -> plans.deleted(entity, response.hasAttributes(), response.attributes()));
    }

    /**
     * Hands the rendered request to the sender, which sends it, reports it and maps its failure without calling back into
     * this package; a refused condition is explained here, on the way back.
     */
    private <Q extends DynamoDbRequest, R extends DynamoDbResponse> CompletableFuture<R> send(DynamoOperation<Q, R> operation, Q request,
                                                                                           WriteAction action) {
        CompletableFuture<R> sent = sender.sendForItem(operation, request, action.entityType(), action.key());
        if (sent.isDone() && !sent.isCompletedExceptionally()) {
            return sent; // the synchronous client's success: no refusal to explain
        }
        return sent.handle((response, failure) -> failure == null ? CompletableFuture.completedFuture(response) : this.<R>refused(action, failure))
                .thenCompose(Function.identity());
    }

    /**
     * The failure explained. A version conflict without the stored item (an engine that ignores
     * ReturnValuesOnConditionCheckFailure, or an item that is gone) is told apart by a read of the key: no item there is
     * an {@code ItemNotFoundException}, as the versioned writes' javadoc promises, and so is an expired one where the write
     * needs a live item (reads hide it), named as the refusal that returned it would name it.
     */
    private <R> CompletableFuture<R> refused(WriteAction action, Throwable failure) {
        Throwable explained = Futures.cause(failure) instanceof RuntimeException e ? plans.refusal(action, e) : failure;
        if (!(explained instanceof VersionConflictException conflict) || conflict.expectedVersion().isEmpty()
                || conflict.storedVersion().isPresent() || conflict.currentItem().isPresent()) {
            return CompletableFuture.failedFuture(explained);
        }
        EntityWrites<Object> writes = plans.writesOf(action);
        Map<String, String> names = new java.util.LinkedHashMap<>(Map.of("#k", plans.table().schema().partitionKeyAttribute()));
        writes.timeToLiveAttribute().filter(ttl -> action.guard().expectation().live()).ifPresent(ttl -> names.put("#t", ttl));
        GetItemRequest read = GetItemRequest.builder().tableName(plans.table().name()).key(action.key()).consistentRead(true)
                .projectionExpression(String.join(", ", names.keySet())).expressionAttributeNames(names).build();
        return sender.sendForItem(DynamoOperation.GET_ITEM, read, action.entityType(), action.key())
                .handle((stored, readFailure) -> {
                    if (readFailure != null) {
                        throw Futures.rethrow(explained);
                    }
                    if (!stored.hasItem()) {
                        throw Futures.rethrow(plans.gone(action, conflict));
                    }
                    boolean expired = names.containsKey("#t") && writes.isExpired(stored.item());
                    throw Futures.rethrow(expired ? RequestRunner.keepingSuppressed(conflict,
                            writes.explain(action, Optional.of(stored.item()), conflict.getCause())) : explained);
                });
    }
}
