package dev.singletable.internal.writes;

import dev.singletable.AsyncWriteTransaction;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Update;
import dev.singletable.internal.table.Futures;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The {@link AsyncWriteTransaction} on the asynchronous client. */
public final class DefaultAsyncWriteTransaction extends TransactionCollector<AsyncWriteTransaction> implements AsyncWriteTransaction {
    private final AsyncWrites writes;

    public DefaultAsyncWriteTransaction(AsyncWrites writes) {
        super(writes.plans());
        this.writes = writes;
    }

    @Override
    AsyncWriteTransaction self() {
        return this;
    }

    @Override
    <T> CompletableFuture<UpdateAction> keyedUpdate(EntitySchema<T> entity, KeyValues key, Update<T> update, Condition condition,
                                                    EntityWrites.UpdateMode mode) {
        return writes.keyedUpdate(entity, key, update, condition, mode);
    }

    /** Sends the transaction; completes with the rendered actions (the written entity of a put is in its action). */
    public CompletableFuture<RenderedTransaction> send() {
        return renderedToSend().thenCompose(transaction -> plans.table().runner().sendAsync("TransactWriteItems", Optional.empty(),
                        transaction.description(), Map.of(), () -> writes.client().transactWriteItems(transaction.request()),
                        transaction.outcome())
                .handle((response, failure) -> {
                    if (failure != null) {
                        throw Futures.rethrow(Futures.cause(failure) instanceof RuntimeException e ? transaction.failure(e) : failure);
                    }
                    return transaction;
                }));
    }

    @Override
    public CompletableFuture<Void> execute() {
        return send().thenApply(transaction -> null);
    }
}
