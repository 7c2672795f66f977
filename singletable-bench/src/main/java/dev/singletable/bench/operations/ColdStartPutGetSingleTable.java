package dev.singletable.bench.operations;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Cold start of singletable on the SDK's client: the same client as {@link ColdStartPutGetRaw}, the order put and got
 * through {@code Table} with the generated schema.
 * {@code java ... ColdStartPutGetSingleTable http://127.0.0.1:PORT [urlconnection|apache] [--phases]}
 */
public final class ColdStartPutGetSingleTable {
    private ColdStartPutGetSingleTable() {
    }

    public static void main(String[] args) {
        long start = System.nanoTime();
        long startMillis = System.currentTimeMillis();
        ColdStartPutGet run = new ColdStartPutGet(start, startMillis, args);
        try (DynamoDbClient client = run.sdkClient()) {
            run.putAndGetThroughTable(client);
        }
    }
}
