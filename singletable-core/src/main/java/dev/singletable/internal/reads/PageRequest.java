package dev.singletable.internal.reads;

import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.page.DecodedPage;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * One rendered request of a read, ready to send on either client.
 *
 * @param description the entity type or collection read, for messages and listeners
 * @param context     the key condition, filter or statement, for messages: rendered only when a message needs it
 * @param fullItems   reads each page's whole items from the table, for {@code fetchFullItems()}; empty otherwise
 */
record PageRequest<Q extends DynamoDbRequest, R extends DynamoDbResponse, P>(ReadOperation<Q, R, P> operation, Q request, RequestRunner runner, Optional<String> index,
                            String description, Supplier<Map<String, String>> context, Optional<FullItems> fullItems) {

    /** This request asking for its consumed capacity, for a result that reports it. */
    PageRequest<Q, R, P> withTotalCapacity() {
        return new PageRequest<>(operation, operation.withTotalCapacity().apply(request), runner, index, description, context,
                fullItems);
    }

    RawPage<P> send(DynamoDbClient client) {
        Optional<DecodedPage> wire = DecodedPage.forRequest(client, operation.dynamo().name());
        Q sent = marked(wire);
        RawPage<P> page = fromWire(wire, operation.reduce().apply(runner.send(operation.dynamo(), index, description, context,
                () -> operation.dynamo().call(client, sent), operation.outcome())));
        if (fullItems.isEmpty() || page.items().isEmpty()) {
            return page;
        }
        return withItems(page, fullItems.get().read(page.items(), client));
    }

    CompletableFuture<RawPage<P>> send(DynamoDbAsyncClient client) {
        Optional<DecodedPage> wire = DecodedPage.forRequest(client, operation.dynamo().name());
        Q marked = marked(wire);
        CompletableFuture<RawPage<P>> sent = runner.sendAsync(operation.dynamo(), index, description, context,
                () -> operation.dynamo().callAsync(client, marked), operation.outcome()).thenApply(operation.reduce())
                .thenApply(page -> fromWire(wire, page));
        if (fullItems.isEmpty()) {
            return sent;
        }
        return sent.thenCompose(page -> page.items().isEmpty() ? CompletableFuture.completedFuture(page)
                : fullItems.get().read(page.items(), client).thenApply(items -> withItems(page, items)));
    }

    /** The request, marked for the wire codec when the client has it. */
    private Q marked(Optional<DecodedPage> wire) {
        return wire.isPresent() ? wire.get().mark(request) : request;
    }

    /** The page with the items the wire codec decoded, when it did; the SDK's response then holds none. */
    private static <P> RawPage<P> fromWire(Optional<DecodedPage> wire, RawPage<P> page) {
        if (wire.isEmpty()) {
            return page;
        }
        Optional<List<Map<String, AttributeValue>>> items = wire.get().items();
        return items.isPresent() ? withItems(page, items.get()) : page;
    }

    private static <P> RawPage<P> withItems(RawPage<P> page, List<Map<String, AttributeValue>> items) {
        return new RawPage<>(items, page.next(), page.count(), page.scanned(), page.capacity());
    }
}
