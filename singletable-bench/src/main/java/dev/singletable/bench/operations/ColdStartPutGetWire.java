package dev.singletable.bench.operations;

import dev.singletable.wire.WireClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Cold start of singletable on its wire client ({@link WireClient}): the same HTTP client, credentials and region as
 * {@link ColdStartPutGetRaw}, the HTTP client given as a builder ({@code httpClientBuilder}, built on the client's
 * background thread, closed with the client), the order put and got through {@code Table} with the generated schema.
 * {@code java ... ColdStartPutGetWire http://127.0.0.1:PORT [urlconnection|apache] [--phases]}
 */
public final class ColdStartPutGetWire {
    private ColdStartPutGetWire() {
    }

    public static void main(String[] args) {
        long start = System.nanoTime();
        long startMillis = System.currentTimeMillis();
        ColdStartPutGet run = new ColdStartPutGet(start, startMillis, args);
        // as a user who lets the client build its HTTP client would write it: built on the client's thread while the
        // table is made and the first request written, and closed with the client
        try (DynamoDbClient client = WireClient.builder().region(Region.US_EAST_1).endpoint(run.endpoint)
                .credentialsProvider(ColdStartPutGet.CREDENTIALS).httpClientBuilder(run.httpClientBuilder()).build()) {
            run.putAndGetThroughTable(client);
        }
    }
}
