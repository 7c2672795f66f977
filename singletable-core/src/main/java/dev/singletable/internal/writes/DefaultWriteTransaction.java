package dev.singletable.internal.writes;

import dev.singletable.NullArgumentException;


import dev.singletable.WriteTransaction;
import dev.singletable.internal.table.Futures;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The {@link WriteTransaction} on the synchronous client, whose futures are complete when returned:
 * an action that fails (a read for index key values included) throws when it is added.
 */
final class DefaultWriteTransaction extends TransactionCollector<WriteTransaction> implements WriteTransaction {
    DefaultWriteTransaction(Writes writes) {
        super(writes);
    }

    @Override
    WriteTransaction add(CompletableFuture<? extends WriteAction> action) {
        NullArgumentException.checkOn(this, "add", "action", action);
        Futures.join(action);
        return super.add(action);
    }

    /** The rendered actions, in order. */
    List<WriteAction> actions() {
        return rendered().join().actions(); // every action is rendered when it is added
    }

    @Override
    public TransactWriteItemsRequest toRequest() {
        return rendered().join().request();
    }

    @Override
    public void execute() {
        Futures.join(send());
    }

    /** The exception for a cancellation as DynamoDB sent it (for tests of the mapping). */
    dev.singletable.TransactionCanceledException canceled(
            software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException e) {
        return rendered().join().canceled(e);
    }
}
