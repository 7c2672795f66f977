package dev.singletable.internal.reads;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.BatchIncompleteException;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.RequestRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The whole items of an index page, read from the table with BatchGetItem (100 keys a request,
 * unprocessed keys sent again with a growing pause), in the page's order; items gone meanwhile are
 * left out. For {@code fetchFullItems()}.
 */
final class FullItems {
    static final int KEYS_PER_REQUEST = 100;
    private static final int MAX_ROUNDS = 10;

    private final BoundTable table;
    private final String description;

    FullItems(BoundTable table, String description) {
        this.table = table;
        this.description = description;
    }

    List<Map<String, AttributeValue>> read(List<Map<String, AttributeValue>> page, DynamoDbClient client) {
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found = new HashMap<>();
        for (int from = 0; from < page.size(); from += KEYS_PER_REQUEST) {
            List<Map<String, AttributeValue>> pending = keys(page.subList(from, Math.min(page.size(), from + KEYS_PER_REQUEST)));
            for (int round = 0; !pending.isEmpty(); round++) {
                checkRounds(round, pending);
                pause(round);
                BatchGetItemRequest request = request(pending);
                BatchGetItemResponse response = table.runner().send(DynamoOperation.BATCH_GET_ITEM, Optional.empty(), description,
                        Map.of(), client, request, outcome());
                pending = collect(response, found);
            }
        }
        return inOrder(page, found);
    }

    CompletableFuture<List<Map<String, AttributeValue>>> read(List<Map<String, AttributeValue>> page, DynamoDbAsyncClient client) {
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found = new HashMap<>();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (int from = 0; from < page.size(); from += KEYS_PER_REQUEST) {
            List<Map<String, AttributeValue>> chunk = keys(page.subList(from, Math.min(page.size(), from + KEYS_PER_REQUEST)));
            chain = chain.thenCompose(done -> readChunk(chunk, 0, found, client));
        }
        return chain.thenApply(done -> inOrder(page, found));
    }

    private CompletableFuture<Void> readChunk(List<Map<String, AttributeValue>> pending, int round,
                                              Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found,
                                              DynamoDbAsyncClient client) {
        if (pending.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        try {
            checkRounds(round, pending);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        BatchGetItemRequest request = request(pending);
        long delay = round == 0 ? 0 : pauseMillis(round);
        return CompletableFuture.supplyAsync(() -> null, CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS))
                .thenCompose(ignored -> table.runner().sendAsync(DynamoOperation.BATCH_GET_ITEM, Optional.empty(), description, Map.of(),
                        client, request, outcome()))
                .thenCompose(response -> readChunk(collect(response, found), round + 1, found, client));
    }

    private List<Map<String, AttributeValue>> keys(List<Map<String, AttributeValue>> items) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>(items.size());
        for (Map<String, AttributeValue> item : items) {
            Map<String, AttributeValue> key = key(item);
            if (!keys.contains(key)) {
                keys.add(key);
            }
        }
        return keys;
    }

    private Map<String, AttributeValue> key(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(table.schema().partitionKeyAttribute(), item.get(table.schema().partitionKeyAttribute()));
        table.schema().sortKeyAttribute().ifPresent(sk -> key.put(sk, item.get(sk)));
        return key;
    }

    private BatchGetItemRequest request(List<Map<String, AttributeValue>> keys) {
        return BatchGetItemRequest.builder()
                .requestItems(Map.of(table.name(), KeysAndAttributes.builder().keys(keys).build()))
                .returnConsumedCapacity(table.runner().consumedCapacity()) // only when a listener or the debug log reads it
                .build();
    }

    private List<Map<String, AttributeValue>> collect(BatchGetItemResponse response,
                                                      Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found) {
        for (Map<String, AttributeValue> item : response.responses().getOrDefault(table.name(), List.of())) {
            found.put(key(item), item);
        }
        KeysAndAttributes unprocessed = response.unprocessedKeys().get(table.name());
        return unprocessed == null ? List.of() : unprocessed.keys();
    }

    private List<Map<String, AttributeValue>> inOrder(List<Map<String, AttributeValue>> page,
                                                      Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found) {
        List<Map<String, AttributeValue>> items = new ArrayList<>(page.size());
        for (Map<String, AttributeValue> item : page) {
            Map<String, AttributeValue> full = found.get(key(item));
            if (full != null) {
                items.add(full);
            }
        }
        return items;
    }

    private void checkRounds(int round, List<Map<String, AttributeValue>> pending) {
        if (round >= MAX_ROUNDS) {
            throw new BatchIncompleteException("fetchFullItems() of " + description + " in table " + table.name() + ": "
                    + pending.size() + (pending.size() == 1 ? " item was" : " items were") + " still unprocessed after " + MAX_ROUNDS + " BatchGetItem requests (the table "
                    + "is throttled); run the query again later, or read the items with get", List.of(), List.of());
        }
    }

    private static long pauseMillis(int round) {
        return Math.min(50L << Math.min(round, 6), 2000L);
    }

    private static void pause(int round) {
        if (round == 0) {
            return;
        }
        try {
            Thread.sleep(pauseMillis(round));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading full items", e);
        }
    }

    private static RequestRunner.Outcome<BatchGetItemResponse> outcome() {
        return RequestRunner.Outcome.of(response -> response.responses().values().stream().mapToInt(List::size).sum(),
                response -> response.consumedCapacity().isEmpty() ? null : response.consumedCapacity().get(0));
    }
}
