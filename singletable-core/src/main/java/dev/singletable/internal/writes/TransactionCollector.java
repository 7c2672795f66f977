package dev.singletable.internal.writes;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.NullArgumentException;
import dev.singletable.SingleTableException;


import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.TransactionActions;
import dev.singletable.Update;
import dev.singletable.ValidationException;
import dev.singletable.internal.table.Futures;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * The actions of a transaction as they are added, for the sync and the async transaction alike.
 * An action is a future only because a keyed update may need the stored item read first: the
 * sync transaction reads it when the update is added, the async one when it executes.
 *
 * @param <S> the transaction type its methods return
 */
abstract class TransactionCollector<S extends TransactionActions<S>> implements TransactionActions<S> {
    final WritePlans plans;
    private final Writes writes;
    private final List<CompletableFuture<? extends WriteAction>> actions = new ArrayList<>();
    private Optional<String> token = Optional.empty();
    /** Whether the caller gave the token ({@link #idempotencyToken}): it is then never replaced. */
    private boolean tokenGiven;
    /** Whether an execution was sent with the token and refused, so that nothing it sent is stored. */
    private volatile boolean refused;
    /** Whether an execution succeeded, or failed in a way that may have been applied: its token then stands for its actions. */
    private volatile boolean mayBeStored;

    TransactionCollector(Writes writes) {
        this.plans = writes.plans();
        this.writes = writes;
    }

    /** This collector as the type its subclass implements ({@code S} is always the subclass's own interface). */
    @SuppressWarnings("unchecked")
    final S self() {
        return (S) this;
    }

    /** The keyed update, read-first when its index keys need stored values. */
    private <T> CompletableFuture<UpdateAction> keyedUpdate(EntitySchema<T> entity, KeyValues key, Update<T> update, Condition condition,
                                                            EntityWrites.UpdateMode mode) {
        return writes.keyedUpdate(entity, key, update, condition, mode);
    }

    S add(CompletableFuture<? extends WriteAction> action) {
        NullArgumentException.checkOn(this, "add", "action", action);
        if (mayBeStored) {
            // executing it again with one more action under the same ClientRequestToken would be refused by DynamoDB
            // (IdempotentParameterMismatch) or, past its 10 minutes, apply the earlier actions a second time
            throw new ValidationException("This transaction was executed, and its actions are (or may be) applied: an action added "
                    + "now would be sent with the same ClientRequestToken as a different transaction. Start a new transaction "
                    + "(table.transaction()) for further actions; to repeat one whose outcome is unknown, execute it again unchanged");
        }
        if (refused && !tokenGiven) {
            token = Optional.empty(); // nothing of the refused execution is stored: the changed transaction gets a token of its own
        }
        refused = false;
        actions.add(action);
        return self();
    }

    final S add(WriteAction action) {
        NullArgumentException.checkOn(this, "add", "action", action);
        return add(CompletableFuture.completedFuture(action));
    }

    /** Sends the transaction; completes with the rendered actions (the written entity of a put is in its action). */
    final CompletableFuture<RenderedTransaction> send() {
        return renderedToSend().thenCompose(transaction -> {
            // checked here, before the sender: a transaction refused for DynamoDB's limits was never sent, so no listener
            // hears of a request
            software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest request = transaction.request();
            return writes.sender().send(DynamoOperation.TRANSACT_WRITE_ITEMS, request, transaction.description(), Map.of(),
                            transaction.outcome())
                    .handle((response, failure) -> {
                        if (failure != null) {
                            RuntimeException thrown = Futures.cause(failure) instanceof RuntimeException e ? transaction.failure(e) : null;
                            boolean unknown = !(thrown instanceof SingleTableException known) || known.mayHaveBeenApplied();
                            mayBeStored |= unknown;
                            refused = !unknown;
                            throw Futures.rethrow(thrown == null ? failure : thrown);
                        }
                        mayBeStored = true;
                        return transaction;
                    });
        });
    }

    /**
     * The actions to send: with the token given, else one made on the first execution and kept, so
     * the SDK's retries and an execution repeated after a failure that may have been applied carry the
     * same {@code ClientRequestToken} and DynamoDB applies the transaction once. Explaining it
     * ({@code toRequest}) shows only a token the caller gave.
     */
    final CompletableFuture<RenderedTransaction> renderedToSend() {
        if (token.isEmpty()) {
            token = Optional.of(UUID.randomUUID().toString());
        }
        return rendered();
    }

    /** The actions once every read they wait for is done. */
    final CompletableFuture<RenderedTransaction> rendered() {
        List<CompletableFuture<? extends WriteAction>> pending = List.copyOf(actions);
        return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).thenApply(done -> {
            List<WriteAction> ready = new ArrayList<>(pending.size());
            pending.forEach(action -> ready.add(action.join()));
            return new RenderedTransaction(plans, ready, token);
        });
    }

    @Override
    public <T> S put(T entity, Condition condition) {
        NullArgumentException.checkOn(this, "put", "entity", entity, "condition", condition);
        return add(plans.put(entity, EntityWrites.PutMode.PUT, condition));
    }

    @Override
    public <T> S create(T entity) {
        NullArgumentException.checkOn(this, "create", "entity", entity);
        return add(plans.put(entity, EntityWrites.PutMode.CREATE, Condition.none()));
    }

    @Override
    public <T> S replace(T entity, Condition condition) {
        NullArgumentException.checkOn(this, "replace", "entity", entity, "condition", condition);
        return add(plans.put(entity, EntityWrites.PutMode.REPLACE, condition));
    }

    @Override
    public <T> S update(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes, Condition condition) {
        NullArgumentException.checkOn(this, "update", "entity", entity, "key", key, "changes", changes, "condition", condition);
        return add(keyedUpdate(entity, key, WritePlans.changed(entity, changes), condition, EntityWrites.UpdateMode.UPDATE));
    }

    @Override
    public <T> S update(T current, UnaryOperator<Update<T>> changes) {
        NullArgumentException.checkOn(this, "update", "current", current, "changes", changes);
        return add(plans.update(current, changes, Condition.none()));
    }

    @Override
    public <T> S upsert(EntitySchema<T> entity, KeyValues key, UnaryOperator<Update<T>> changes) {
        NullArgumentException.checkOn(this, "upsert", "entity", entity, "key", key, "changes", changes);
        return add(keyedUpdate(entity, key, WritePlans.changed(entity, changes), Condition.none(), EntityWrites.UpdateMode.UPSERT));
    }

    @Override
    public <T> S delete(EntitySchema<T> entity, KeyValues key, Condition condition) {
        NullArgumentException.checkOn(this, "delete", "entity", entity, "key", key, "condition", condition);
        return add(plans.delete(entity, key, condition));
    }

    @Override
    public <T> S delete(T current) {
        NullArgumentException.checkOn(this, "delete", "current", current);
        return add(plans.delete(current, false));
    }

    /** A delete that requires the item to exist (for moves). */
    public <T> S deleteExisting(EntitySchema<T> entity, KeyValues key) {
        NullArgumentException.checkOn(this, "deleteExisting", "entity", entity, "key", key);
        return add(plans.deleteExisting(entity, key));
    }

    /** A delete that requires the item to exist, and its version when versioned (for moves). */
    public <T> S deleteExisting(T current) {
        NullArgumentException.checkOn(this, "deleteExisting", "current", current);
        return add(plans.delete(current, true));
    }

    @Override
    public <T> S check(EntitySchema<T> entity, KeyValues key, Condition condition) {
        NullArgumentException.checkOn(this, "check", "entity", entity, "key", key, "condition", condition);
        return add(plans.check(entity, key, condition));
    }

    @Override
    public S putAll(Collection<?> entities) {
        NullArgumentException.checkOn(this, "putAll", "entities", entities);
        for (Object entity : entities) {
            put(entity);
        }
        return self();
    }

    @Override
    @Deprecated
    public S link(Object forward, Object backward) {
        NullArgumentException.checkOn(this, "link", "forward", forward, "backward", backward);
        return put(forward).put(backward);
    }

    @Override
    public S idempotencyToken(String token) {
        NullArgumentException.checkOn(this, "idempotencyToken", "token", token);
        if (token == null || token.isEmpty() || token.length() > 36) {
            throw new ValidationException("Transaction idempotency token '" + token + "' must be 1 to 36 characters "
                    + "(DynamoDB's ClientRequestToken); a UUID fits");
        }
        this.token = Optional.of(token);
        this.tokenGiven = true;
        return self();
    }

    @Override
    public int size() {
        return actions.size();
    }
}
