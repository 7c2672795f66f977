package dev.singletable.internal.reads;

import dev.singletable.internal.table.RequestRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One rendered request of a read, ready to send on either client.
 *
 * @param description the entity type or collection read, for messages and listeners
 * @param context     the key condition, filter or statement, for messages
 * @param fullItems   reads each page's whole items from the table, for {@code fetchFullItems()}; empty otherwise
 */
record PageRequest<Q, R, P>(ReadOperation<Q, R, P> operation, Q request, RequestRunner runner, Optional<String> index,
                            String description, Map<String, String> context, Optional<FullItems> fullItems) {

    /** This request asking for its consumed capacity, for a result that reports it. */
    PageRequest<Q, R, P> withTotalCapacity() {
        return new PageRequest<>(operation, operation.withTotalCapacity().apply(request), runner, index, description, context,
                fullItems);
    }

    RawPage<P> send(DynamoDbClient client) {
        RawPage<P> page = operation.reduce().apply(runner.send(operation.name(), index, description, context,
                () -> operation.sync().apply(client, request), operation));
        if (fullItems.isEmpty() || page.items().isEmpty()) {
            return page;
        }
        return withItems(page, fullItems.get().read(page.items(), client));
    }

    CompletableFuture<RawPage<P>> send(DynamoDbAsyncClient client) {
        CompletableFuture<RawPage<P>> sent = runner.sendAsync(operation.name(), index, description, context,
                () -> operation.async().apply(client, request), operation).thenApply(operation.reduce());
        if (fullItems.isEmpty()) {
            return sent;
        }
        return sent.thenCompose(page -> page.items().isEmpty() ? CompletableFuture.completedFuture(page)
                : fullItems.get().read(page.items(), client).thenApply(items -> withItems(page, items)));
    }

    private static <P> RawPage<P> withItems(RawPage<P> page, List<Map<String, AttributeValue>> items) {
        return new RawPage<>(items, page.next(), page.count(), page.scanned(), page.capacity());
    }
}
