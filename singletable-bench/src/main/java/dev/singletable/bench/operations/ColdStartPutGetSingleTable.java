package dev.singletable.bench.operations;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import software.amazon.awssdk.regions.Region;
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
        try (DynamoDbClient client = DynamoDbClient.builder().region(Region.US_EAST_1).endpointOverride(run.endpoint)
                .credentialsProvider(ColdStartPutGet.CREDENTIALS).httpClient(run.httpClient()).build()) {
            run.mark("client");
            Table table = Table.of(BenchTable.SCHEMA, client);
            table.put(ColdStartPutGet.order());
            run.mark("put");
            var read = table.get(OrderSchema.INSTANCE, KeyValues.of(OrderSchema.CUSTOMER_ID, ColdStartPutGet.order().customerId())
                    .and(OrderSchema.ORDER_ID, ColdStartPutGet.order().orderId()));
            run.mark("get");
            run.finish(read);
        }
    }
}
