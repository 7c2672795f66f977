package dev.singletable.bench.operations;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Cold start of the raw SDK: a fresh JVM builds a {@code DynamoDbClient} (static credentials, fixed region, endpoint
 * override, the HTTP client named), puts one order and gets it back with hand-written mapping.
 * {@code java ... ColdStartPutGetRaw http://127.0.0.1:PORT [urlconnection|apache] [--phases]}
 */
public final class ColdStartPutGetRaw {
    private ColdStartPutGetRaw() {
    }

    public static void main(String[] args) {
        long start = System.nanoTime();
        long startMillis = System.currentTimeMillis();
        ColdStartPutGet run = new ColdStartPutGet(start, startMillis, args);
        try (DynamoDbClient client = run.sdkClient()) {
            run.mark("client");
            RawSdkOperations operations = new RawSdkOperations(client);
            operations.put(ColdStartPutGet.order());
            run.mark("put");
            var read = operations.get(ColdStartPutGet.order().customerId(), ColdStartPutGet.order().orderId());
            run.mark("get");
            run.finish(read);
        }
    }
}
