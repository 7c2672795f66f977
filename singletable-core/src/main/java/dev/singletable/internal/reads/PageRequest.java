package dev.singletable.internal.reads;

import dev.singletable.internal.table.RequestRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One rendered request of a read, ready to send on either client.
 *
 * @param description the entity type or collection read, for messages and listeners
 * @param context     the key condition, filter or statement, for messages
 */
record PageRequest<Q, R, P>(ReadOperation<Q, R, P> operation, Q request, RequestRunner runner, Optional<String> index,
                            String description, Map<String, String> context) {

    /** This request asking for its consumed capacity, for a result that reports it. */
    PageRequest<Q, R, P> withTotalCapacity() {
        return new PageRequest<>(operation, operation.withTotalCapacity().apply(request), runner, index, description, context);
    }

    RawPage<P> send(DynamoDbClient client) {
        return operation.reduce().apply(runner.send(operation.name(), index, description, context,
                () -> operation.sync().apply(client, request), operation));
    }

    CompletableFuture<RawPage<P>> send(DynamoDbAsyncClient client) {
        return runner.sendAsync(operation.name(), index, description, context, () -> operation.async().apply(client, request),
                operation).thenApply(operation.reduce());
    }
}
