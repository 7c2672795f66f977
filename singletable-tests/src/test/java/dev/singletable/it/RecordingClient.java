package dev.singletable.it;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;

/** A client that records every request it is given, then sends it through the real client: for asserting whole requests. */
final class RecordingClient {
    private RecordingClient() {
    }

    static DynamoDbClient recording(DynamoDbClient client, List<DynamoDbRequest> sent) {
        return (DynamoDbClient) Proxy.newProxyInstance(RecordingClient.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class},
                (proxy, method, args) -> {
                    if (args != null && args.length == 1 && args[0] instanceof DynamoDbRequest request) {
                        sent.add(request);
                    }
                    try {
                        return method.invoke(client, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
