package dev.singletable.internal.writes;


import dev.singletable.AsyncWriteTransaction;

import java.util.concurrent.CompletableFuture;

/** The {@link AsyncWriteTransaction}: keyed updates that read the stored item first read it when the transaction executes. */
final class DefaultAsyncWriteTransaction extends TransactionCollector<AsyncWriteTransaction> implements AsyncWriteTransaction {
    DefaultAsyncWriteTransaction(Writes writes) {
        super(writes);
    }

    @Override
    public CompletableFuture<Void> execute() {
        return send().thenApply(transaction -> null);
    }
}
