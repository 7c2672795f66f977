package dev.singletable.bench.operations;

import dev.singletable.wire.WireClient;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@link ColdStartPutGetWire} with the HTTP client built by the caller before the wire client and given ready
 * ({@code httpClient}): the wire main before {@code httpClientBuilder}, kept so that one run measures what building the
 * HTTP client in the background saves ({@code MAINS="Raw WireGiven Wire"}).
 * {@code java ... ColdStartPutGetWireGiven http://127.0.0.1:PORT [urlconnection|apache] [--phases]}
 */
public final class ColdStartPutGetWireGiven {
    private ColdStartPutGetWireGiven() {
    }

    public static void main(String[] args) {
        long start = System.nanoTime();
        long startMillis = System.currentTimeMillis();
        ColdStartPutGet run = new ColdStartPutGet(start, startMillis, args);
        try (SdkHttpClient http = run.httpClient();
             DynamoDbClient client = WireClient.builder().region(Region.US_EAST_1).endpoint(run.endpoint)
                     .credentialsProvider(ColdStartPutGet.CREDENTIALS).httpClient(http).build()) {
            run.putAndGetThroughTable(client);
        }
    }
}
