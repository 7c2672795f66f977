package dev.singletable.cli.data;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The requests a data command's table sent, in order, each with the failure DynamoDB answered (if any): what the
 * command prints as sent, so that the printed request is the one sent (a put of an entity stored by its state sends
 * a TransactWriteItems, or two when it moves the item, not a PutItem).
 */
final class SentRequests {
    /** One request as it was given to the client, and the exception it ended with. */
    record Sent(DynamoDbRequest request, Optional<Throwable> failure) {
    }

    private final List<Sent> sent = new CopyOnWriteArrayList<>();

    /** {@code client}, recording every request given to it as one object (what the core sends). */
    DynamoDbClient recording(DynamoDbClient client) {
        return (DynamoDbClient) Proxy.newProxyInstance(SentRequests.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class},
                (proxy, method, args) -> {
                    DynamoDbRequest request = args != null && args.length == 1 && args[0] instanceof DynamoDbRequest r ? r : null;
                    try {
                        Object response = method.invoke(client, args);
                        if (request != null) {
                            sent.add(new Sent(request, Optional.empty()));
                        }
                        return response;
                    } catch (InvocationTargetException e) {
                        if (request != null) {
                            sent.add(new Sent(request, Optional.of(e.getCause())));
                        }
                        throw e.getCause();
                    }
                });
    }

    /** The requests sent since the last {@link #clear()}, in order. */
    List<Sent> requests() {
        return List.copyOf(sent);
    }

    void clear() {
        sent.clear();
    }
}
