package dev.singletable.internal.writes;

import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Update;
import dev.singletable.WriteTransaction;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The {@link WriteTransaction} on the synchronous client. */
public final class DefaultWriteTransaction extends TransactionCollector<WriteTransaction> implements WriteTransaction {
    private final SyncWrites writes;

    public DefaultWriteTransaction(SyncWrites writes) {
        super(writes.plans());
        this.writes = writes;
    }

    @Override
    WriteTransaction self() {
        return this;
    }

    @Override
    <T> CompletableFuture<UpdateAction> keyedUpdate(EntitySchema<T> entity, KeyValues key, Update<T> update, Condition condition,
                                                    EntityWrites.UpdateMode mode) {
        return CompletableFuture.completedFuture(writes.keyedUpdate(entity, key, update, condition, mode));
    }

    /** The rendered actions, in order. */
    public List<WriteAction> actions() {
        return rendered().join().actions(); // every action is rendered when it is added
    }

    @Override
    public TransactWriteItemsRequest toRequest() {
        return rendered().join().request();
    }

    @Override
    public void execute() {
        RenderedTransaction transaction = renderedToSend().join();
        TransactWriteItemsRequest request = transaction.request();
        try {
            plans.table().runner().send("TransactWriteItems", Optional.empty(), transaction.description(), Map.of(),
                    () -> writes.client().transactWriteItems(request), transaction.outcome());
        } catch (RuntimeException e) {
            throw transaction.failure(e);
        }
    }

    /** The exception for a cancellation as DynamoDB sent it (for tests of the mapping). */
    dev.singletable.TransactionCanceledException canceled(
            software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException e) {
        return rendered().join().canceled(e);
    }
}
