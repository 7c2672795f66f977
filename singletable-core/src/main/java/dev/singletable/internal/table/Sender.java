package dev.singletable.internal.table;

import dev.singletable.SingleTableException;
import dev.singletable.internal.page.DecodedPage;
import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * One table on one kind of client: sends a request and waits before a retry. Writes, transactions
 * and batches are written once, as steps on futures; on the synchronous client every step runs on
 * the caller's thread and every future is complete when it is returned (the facade takes its value
 * with {@link Futures#join}), and waits sleep; on the asynchronous client requests complete later
 * and waits are scheduled, never sleeping a thread. The two clients differ in these two places only,
 * so each method asks which client it holds rather than having a subclass per client.
 */
public final class Sender {
    private final BoundTable table;
    private final SdkClient client;

    private Sender(BoundTable table, SdkClient client) {
        this.table = table;
        this.client = client;
    }

    public static Sender of(BoundTable table, DynamoDbClient client) {
        return new Sender(table, client);
    }

    public static Sender of(BoundTable table, DynamoDbAsyncClient client) {
        return new Sender(table, client);
    }

    public BoundTable table() {
        return table;
    }

    /**
     * Sends {@code request} as {@code operation} with the table's {@link RequestRunner}: the same failures translated and
     * the same reports on either client, the call on this sender's client taken from the operation.
     *
     * @param entityType the entity (or entities) the request is for, for messages
     * @param key        the item's key, for messages; empty for requests of many items
     */
    public <Q extends DynamoDbRequest, R extends DynamoDbResponse> CompletableFuture<R> send(
            DynamoOperation<Q, R> operation, Q request, String entityType, Map<String, String> key, RequestRunner.Outcome<R> outcome) {
        return send(operation, request, entityType, () -> key, outcome);
    }

    /**
     * Sends the request of one item, built by the package that calls this: the runner reports it as one item and renders
     * {@code key} (the item's key attributes) itself, and only when a message needs it. Nothing of the caller is called
     * back; a caller that explains a failure (a write's refused condition) does so on the future returned.
     */
    public <Q extends DynamoDbRequest, R extends DynamoDbResponse> CompletableFuture<R> sendForItem(
            DynamoOperation<Q, R> operation, Q request, String entityType, Map<String, AttributeValue> key) {
        return send(operation, request, entityType, () -> table.keyText(key), RequestRunner.Outcome.oneItem());
    }

    /**
     * {@link #send(DynamoOperation, DynamoDbRequest, String, Map, RequestRunner.Outcome)} with the key rendered only when a
     * message needs it (a failure, the debug log): a single item's key text is not built on every call.
     */
    public <Q extends DynamoDbRequest, R extends DynamoDbResponse> CompletableFuture<R> send(
            DynamoOperation<Q, R> operation, Q request, String entityType, Supplier<Map<String, String>> key,
            RequestRunner.Outcome<R> outcome) {
        if (client instanceof DynamoDbAsyncClient nonBlocking) {
            return table.runner().sendAsync(operation, Optional.empty(), entityType, key, nonBlocking, request, outcome);
        }
        try {
            return CompletableFuture.completedFuture(table.runner().send(operation, Optional.empty(), entityType, key,
                    (DynamoDbClient) client, request, outcome));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** A fresh page for a page decoder (the wire codec) when one is installed on this sender's client and reads the operation. */
    public Optional<DecodedPage> decodedPage(DynamoOperation<?, ?> operation) {
        return DecodedPage.forRequest(client, operation.name());
    }

    /**
     * Completes after the pause: slept on the synchronous client (failing with {@code interrupted} as
     * the message when the thread is interrupted), scheduled on the asynchronous one.
     */
    public CompletableFuture<Void> pause(long nanos, String interrupted) {
        if (client instanceof DynamoDbAsyncClient) {
            return CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(nanos, TimeUnit.NANOSECONDS));
        }
        if (nanos > 0) {
            LockSupport.parkNanos(nanos);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                return CompletableFuture.failedFuture(new SingleTableException(interrupted));
            }
        }
        return CompletableFuture.completedFuture(null);
    }
}
