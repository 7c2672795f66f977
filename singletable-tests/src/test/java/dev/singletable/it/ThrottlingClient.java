package dev.singletable.it;

import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The real engine's client, with the service's bad days injected into batches: some calls
 * fail with throttling, and of the others only part of the batch reaches the engine, the rest coming
 * back as UnprocessedItems / UnprocessedKeys. Counts what reached the engine, per key.
 */
final class ThrottlingClient implements DynamoDbClient {
    private final DynamoDbClient real;
    private final Random random;
    private final double throttleRate;
    private final double passRate;
    final Map<String, AtomicInteger> writesByKey = new ConcurrentHashMap<>();
    final AtomicInteger throttled = new AtomicInteger();
    final AtomicInteger trimmed = new AtomicInteger();
    final AtomicInteger calls = new AtomicInteger();

    /**
     * @param throttleRate share of calls failing with ProvisionedThroughputExceededException
     * @param passRate     share of each batch's requests forwarded; the rest come back unprocessed
     */
    ThrottlingClient(DynamoDbClient real, long seed, double throttleRate, double passRate) {
        this.real = real;
        this.random = new Random(seed);
        this.throttleRate = throttleRate;
        this.passRate = passRate;
    }

    private synchronized boolean roll(double rate) {
        return random.nextDouble() < rate;
    }

    private void maybeThrottle() {
        calls.incrementAndGet();
        if (roll(throttleRate)) {
            throttled.incrementAndGet();
            throw (ProvisionedThroughputExceededException) ProvisionedThroughputExceededException.builder()
                    .message("injected: rate of requests exceeds the allowed throughput")
                    .awsErrorDetails(AwsErrorDetails.builder().errorCode("ProvisionedThroughputExceededException")
                            .errorMessage("injected: rate of requests exceeds the allowed throughput").build())
                    .statusCode(400).build();
        }
    }

    private static String key(Map<String, AttributeValue> item) {
        return item.get("PK").s() + "|" + item.get("SK").s();
    }

    @Override
    public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
        maybeThrottle();
        Map<String, List<WriteRequest>> forward = new HashMap<>();
        Map<String, List<WriteRequest>> unprocessed = new HashMap<>();
        request.requestItems().forEach((table, writes) -> {
            for (WriteRequest write : writes) {
                boolean pass = roll(passRate);
                (pass ? forward : unprocessed).computeIfAbsent(table, t -> new ArrayList<>()).add(write);
                if (!pass) {
                    trimmed.incrementAndGet();
                }
            }
        });
        if (!forward.isEmpty()) {
            BatchWriteItemResponse response = real.batchWriteItem(request.toBuilder().requestItems(forward).build());
            response.unprocessedItems().forEach((table, writes) -> unprocessed.computeIfAbsent(table, t -> new ArrayList<>()).addAll(writes));
            forward.forEach((table, writes) -> writes.forEach(w -> {
                if (w.putRequest() != null && !response.unprocessedItems().getOrDefault(table, List.of()).contains(w)) {
                    writesByKey.computeIfAbsent(key(w.putRequest().item()), k -> new AtomicInteger()).incrementAndGet();
                }
            }));
        }
        return BatchWriteItemResponse.builder().unprocessedItems(unprocessed).build();
    }

    @Override
    public BatchGetItemResponse batchGetItem(BatchGetItemRequest request) {
        maybeThrottle();
        Map<String, KeysAndAttributes> forward = new HashMap<>();
        Map<String, KeysAndAttributes> unprocessed = new HashMap<>();
        request.requestItems().forEach((table, keys) -> {
            List<Map<String, AttributeValue>> pass = new ArrayList<>();
            List<Map<String, AttributeValue>> keep = new ArrayList<>();
            for (Map<String, AttributeValue> key : keys.keys()) {
                (roll(passRate) ? pass : keep).add(key);
            }
            if (!pass.isEmpty()) {
                forward.put(table, keys.toBuilder().keys(pass).build());
            }
            if (!keep.isEmpty()) {
                unprocessed.put(table, keys.toBuilder().keys(keep).build());
                trimmed.addAndGet(keep.size());
            }
        });
        if (forward.isEmpty()) {
            return BatchGetItemResponse.builder().responses(Map.of()).unprocessedKeys(unprocessed).build();
        }
        BatchGetItemResponse response = real.batchGetItem(request.toBuilder().requestItems(forward).build());
        Map<String, KeysAndAttributes> left = new HashMap<>(unprocessed);
        response.unprocessedKeys().forEach((table, keys) -> left.merge(table, keys, (a, b) -> {
            List<Map<String, AttributeValue>> all = new ArrayList<>(a.keys());
            all.addAll(b.keys());
            return a.toBuilder().keys(all).build();
        }));
        return response.toBuilder().unprocessedKeys(left).build();
    }

    @Override
    public String serviceName() {
        return real.serviceName();
    }

    @Override
    public void close() {
        // the real client belongs to the extension
    }
}
