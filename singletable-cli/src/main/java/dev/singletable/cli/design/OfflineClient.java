package dev.singletable.cli.design;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A client for a table that only renders requests and composes items: every call it could send
 * fails (the SDK interface's defaults throw {@link UnsupportedOperationException}), so describing a
 * design never needs credentials, a region or an engine.
 */
final class OfflineClient implements DynamoDbClient {
    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
        // nothing was opened
    }
}
