package dev.singletable.schema.internal;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A client that sends nothing, for a {@link dev.singletable.Table} that only composes items
 * ({@code toItem}): the file's examples are composed by the core exactly as a write would, without an engine.
 */
final class NoConnection implements DynamoDbClient {
    static final DynamoDbClient CLIENT = new NoConnection();

    private NoConnection() {
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
    }
}
