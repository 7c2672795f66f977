package dev.singletable.internal.batch;

import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.writes.EntityWrites;
import dev.singletable.internal.writes.ItemWriter;
import dev.singletable.internal.writes.WritePlan;

import dev.singletable.BatchOptions;
import dev.singletable.BatchWrite;
import dev.singletable.BatchWriteResult;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.ValidationException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Batch gets, batch writes and transactional gets. */
public final class BatchRunner {
    public static final int MAX_GET = 100;
    public static final int MAX_WRITE = 25;

    private final BoundTable table;
    private final DynamoDbClient client;
    private final ItemWriter writer;

    public BatchRunner(BoundTable table, DynamoDbClient client, ItemWriter writer) {
        this.table = table;
        this.client = client;
        this.writer = writer;
    }

    private record Asked(ItemKey<?> key, BoundEntity<?> bound, Map<String, AttributeValue> itemKey) {
    }

    private List<Asked> resolve(List<? extends ItemKey<?>> keys, String operation) {
        List<Asked> asked = new ArrayList<>(keys.size());
        Map<Map<String, AttributeValue>, ItemKey<?>> seen = new HashMap<>();
        for (ItemKey<?> key : keys) {
            BoundEntity<?> bound = table.bound(key.entity());
            Map<String, AttributeValue> itemKey = bound.key(key.values());
            ItemKey<?> previous = seen.putIfAbsent(itemKey, key);
            if (previous != null) {
                throw new ValidationException(operation + " asks for key " + table.keyText(itemKey) + " twice (" + previous + " and " + key
                        + "); DynamoDB refuses duplicate keys in one request: ask once");
            }
            asked.add(new Asked(key, bound, itemKey));
        }
        return asked;
    }

    private Object decodeLive(Asked asked, Map<String, AttributeValue> item) {
        if (item == null || item.isEmpty() || table.isExpired(item)) {
            return null;
        }
        return asked.bound().fromItem(item);
    }

    // ------------------------------------------------------------------ transactional get

    public ItemsByKey transactGet(List<? extends ItemKey<?>> keys) {
        if (keys.isEmpty() || keys.size() > MAX_GET) {
            throw new ValidationException("transactGet on table " + table.schema().name() + " asks for " + keys.size()
                    + " keys; DynamoDB's TransactGetItems takes 1 to 100: split the read");
        }
        List<Asked> asked = resolve(keys, "transactGet");
        List<TransactGetItem> gets = new ArrayList<>(asked.size());
        for (Asked a : asked) {
            gets.add(TransactGetItem.builder().get(Get.builder().tableName(table.schema().name()).key(a.itemKey()).build()).build());
        }
        TransactGetItemsRequest request = TransactGetItemsRequest.builder().transactItems(gets)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        TransactGetItemsResponse response = table.runner().send("TransactGetItems", Optional.empty(), entities(asked), Map.of(),
                () -> client.transactGetItems(request), outcome(r -> (int) r.responses().stream().filter(ItemResponse::hasItem).count(),
                        r -> r.hasConsumedCapacity() && !r.consumedCapacity().isEmpty() ? r.consumedCapacity().get(0) : null));
        Map<ItemKey<?>, Object> found = new LinkedHashMap<>();
        List<ItemKey<?>> notFound = new ArrayList<>();
        List<ItemResponse> responses = response.responses();
        for (int i = 0; i < asked.size(); i++) {
            ItemResponse item = i < responses.size() ? responses.get(i) : null;
            Object entity = decodeLive(asked.get(i), item == null || !item.hasItem() ? null : item.item());
            if (entity == null) {
                notFound.add(asked.get(i).key());
            } else {
                found.put(asked.get(i).key(), entity);
            }
        }
        return new ItemsByKey(found, notFound, List.of(), 1);
    }

    private static String entities(List<Asked> asked) {
        return asked.stream().map(a -> a.bound().type()).distinct().toList().toString();
    }

    // ------------------------------------------------------------------ batch get

    public ItemsByKey batchGet(List<? extends ItemKey<?>> keys, BatchOptions options) {
        List<Asked> asked = resolve(keys, "batchGet");
        Map<Map<String, AttributeValue>, Object> results = new java.util.concurrent.ConcurrentHashMap<>();
        List<Asked> unprocessed = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicInteger requests = new AtomicInteger();
        Backoff backoff = new Backoff(options);
        List<List<Asked>> chunks = chunks(asked, MAX_GET);
        run(chunks, options, chunk -> {
            getChunk(chunk, options, backoff, results, unprocessed, requests);
            return null;
        });
        Map<ItemKey<?>, Object> found = new LinkedHashMap<>();
        List<ItemKey<?>> notFound = new ArrayList<>();
        List<ItemKey<?>> left = new ArrayList<>();
        java.util.Set<Map<String, AttributeValue>> unprocessedKeys = new java.util.HashSet<>();
        for (Asked a : unprocessed) {
            unprocessedKeys.add(a.itemKey());
        }
        for (Asked a : asked) {
            Object entity = results.get(a.itemKey());
            if (entity != null) {
                found.put(a.key(), entity);
            } else if (unprocessedKeys.contains(a.itemKey())) {
                left.add(a.key());
            } else {
                notFound.add(a.key());
            }
        }
        return new ItemsByKey(found, notFound, left, requests.get());
    }

    private void getChunk(List<Asked> chunk, BatchOptions options, Backoff backoff, Map<Map<String, AttributeValue>, Object> results,
                          List<Asked> unprocessed, AtomicInteger requests) {
        Map<Map<String, AttributeValue>, Asked> pending = new LinkedHashMap<>();
        for (Asked a : chunk) {
            pending.put(a.itemKey(), a);
        }
        String tableName = table.schema().name();
        for (int attempt = 1; !pending.isEmpty(); attempt++) {
            if (!backoff.allows(attempt)) {
                unprocessed.addAll(pending.values());
                return;
            }
            if (attempt > 1) {
                backoff.pause(attempt - 1);
            }
            List<Map<String, AttributeValue>> keys = new ArrayList<>(pending.keySet());
            BatchGetItemRequest request = BatchGetItemRequest.builder()
                    .requestItems(Map.of(tableName, KeysAndAttributes.builder().keys(keys).consistentRead(options.isConsistentRead()).build()))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
            BatchGetItemResponse response;
            try {
                requests.incrementAndGet();
                response = table.runner().send("BatchGetItem", Optional.empty(), entities(new ArrayList<>(pending.values())), Map.of(),
                        () -> client.batchGetItem(request), outcome(r -> r.responses().getOrDefault(tableName, List.of()).size(),
                                r -> r.hasConsumedCapacity() && !r.consumedCapacity().isEmpty() ? r.consumedCapacity().get(0) : null));
            } catch (DynamoDbRequestException e) {
                if (Backoff.THROTTLING.contains(e.errorCode())) {
                    continue;
                }
                throw e;
            }
            Map<Map<String, AttributeValue>, Asked> next = new LinkedHashMap<>();
            KeysAndAttributes left = response.unprocessedKeys().get(tableName);
            if (left != null && left.hasKeys()) {
                for (Map<String, AttributeValue> key : left.keys()) {
                    Asked a = pending.get(keyOnly(key));
                    if (a != null) {
                        next.put(a.itemKey(), a);
                    }
                }
            }
            for (Map<String, AttributeValue> item : response.responses().getOrDefault(tableName, List.of())) {
                Asked a = pending.get(keyOnly(item));
                if (a != null) {
                    Object entity = decodeLive(a, item);
                    if (entity != null) {
                        results.put(a.itemKey(), entity);
                    }
                }
            }
            pending = next;
        }
    }

    private Map<String, AttributeValue> keyOnly(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(table.schema().partitionKeyAttribute(), item.get(table.schema().partitionKeyAttribute()));
        table.schema().sortKeyAttribute().ifPresent(sk -> key.put(sk, item.get(sk)));
        return key;
    }

    // ------------------------------------------------------------------ batch write

    private record Pending(Map<String, AttributeValue> key, WriteRequest request, Object entity, ItemKey<?> deleteKey, String type) {
    }

    /** The {@link BatchWrite} builder. */
    public BatchWrite batchWrite() {
        return new BatchWrite() {
            private final List<Object> puts = new ArrayList<>();
            private final List<ItemKey<?>> deletes = new ArrayList<>();
            private BatchOptions options = BatchOptions.defaults();

            @Override
            public BatchWrite put(Object entity) {
                puts.add(java.util.Objects.requireNonNull(entity, "entity"));
                return this;
            }

            @Override
            public BatchWrite putAll(Collection<?> entities) {
                entities.forEach(this::put);
                return this;
            }

            @Override
            public BatchWrite delete(ItemKey<?> key) {
                deletes.add(java.util.Objects.requireNonNull(key, "key"));
                return this;
            }

            @Override
            public BatchWrite deleteAll(Collection<? extends ItemKey<?>> keys) {
                keys.forEach(this::delete);
                return this;
            }

            @Override
            public BatchWrite options(BatchOptions options) {
                this.options = java.util.Objects.requireNonNull(options, "options");
                return this;
            }

            @Override
            public BatchWriteResult execute() {
                return write(puts, deletes, options);
            }
        };
    }

    BatchWriteResult write(List<Object> puts, List<ItemKey<?>> deletes, BatchOptions options) {
        List<Pending> all = new ArrayList<>(puts.size() + deletes.size());
        Map<Map<String, AttributeValue>, String> seen = new HashMap<>();
        for (Object entity : puts) {
            EntityWrites<Object> w = writer.writesFor(entity);
            if (w.isVersioned()) {
                throw new ValidationException("Batch write of " + w.bound().type() + " " + w.keyText(w.bound().key(entity))
                        + ": the entity is versioned, and BatchWriteItem cannot check versions, so it could overwrite a newer version. "
                        + "Write versioned entities with put or a transaction");
            }
            WritePlan plan = w.putPlan(entity, EntityWrites.PutMode.PUT, dev.singletable.Condition.none());
            String previous = seen.putIfAbsent(plan.key(), "put " + w.bound().type());
            if (previous != null) {
                throw duplicate(plan.key(), previous, "put " + w.bound().type());
            }
            all.add(new Pending(plan.key(), WriteRequest.builder().putRequest(PutRequest.builder().item(plan.item()).build()).build(),
                    plan.written(), null, w.bound().type()));
        }
        for (ItemKey<?> key : deletes) {
            BoundEntity<?> bound = table.bound(key.entity());
            Map<String, AttributeValue> itemKey = bound.key(key.values());
            String previous = seen.putIfAbsent(itemKey, "delete " + bound.type());
            if (previous != null) {
                throw duplicate(itemKey, previous, "delete " + bound.type());
            }
            all.add(new Pending(itemKey, WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(itemKey).build()).build(),
                    null, key, bound.type()));
        }
        Backoff backoff = new Backoff(options);
        AtomicInteger requests = new AtomicInteger();
        AtomicInteger retries = new AtomicInteger();
        AtomicInteger processed = new AtomicInteger();
        List<Pending> left = java.util.Collections.synchronizedList(new ArrayList<>());
        run(chunks(all, MAX_WRITE), options, chunk -> {
            writeChunk(chunk, backoff, left, requests, retries, processed);
            return null;
        });
        List<Object> unprocessedPuts = new ArrayList<>();
        List<ItemKey<?>> unprocessedDeletes = new ArrayList<>();
        java.util.Set<Map<String, AttributeValue>> leftKeys = new java.util.HashSet<>();
        left.forEach(p -> leftKeys.add(p.key()));
        for (Pending p : all) { // in the order given
            if (leftKeys.contains(p.key())) {
                if (p.entity() != null) {
                    unprocessedPuts.add(p.entity());
                } else {
                    unprocessedDeletes.add(p.deleteKey());
                }
            }
        }
        return new BatchWriteResult(processed.get(), unprocessedPuts, unprocessedDeletes, requests.get(), retries.get());
    }

    private ValidationException duplicate(Map<String, AttributeValue> key, String first, String second) {
        return new ValidationException("Batch write has two requests for item " + table.keyText(key) + " (" + first + " and " + second
                + "); DynamoDB refuses a batch with the same key twice: keep one");
    }

    private void writeChunk(List<Pending> chunk, Backoff backoff, List<Pending> left, AtomicInteger requests, AtomicInteger retries,
                            AtomicInteger processed) {
        String tableName = table.schema().name();
        Map<Map<String, AttributeValue>, Pending> pending = new LinkedHashMap<>();
        for (Pending p : chunk) {
            pending.put(p.key(), p);
        }
        for (int attempt = 1; !pending.isEmpty(); attempt++) {
            if (!backoff.allows(attempt)) {
                left.addAll(pending.values());
                return;
            }
            if (attempt > 1) {
                retries.incrementAndGet();
                backoff.pause(attempt - 1);
            }
            List<WriteRequest> writes = new ArrayList<>(pending.size());
            for (Pending p : pending.values()) {
                writes.add(p.request());
            }
            BatchWriteItemRequest request = BatchWriteItemRequest.builder().requestItems(Map.of(tableName, writes))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
            BatchWriteItemResponse response;
            int sent = writes.size();
            try {
                requests.incrementAndGet();
                response = table.runner().send("BatchWriteItem", Optional.empty(),
                        pending.values().stream().map(Pending::type).distinct().toList().toString(), Map.of(),
                        () -> client.batchWriteItem(request), outcome(r -> sent - unprocessedCount(r, tableName),
                                r -> r.hasConsumedCapacity() && !r.consumedCapacity().isEmpty() ? r.consumedCapacity().get(0) : null));
            } catch (DynamoDbRequestException e) {
                if (Backoff.THROTTLING.contains(e.errorCode())) {
                    continue;
                }
                throw e;
            }
            Map<Map<String, AttributeValue>, Pending> next = new LinkedHashMap<>();
            List<WriteRequest> unprocessed = response.unprocessedItems().getOrDefault(tableName, List.of());
            for (WriteRequest w : unprocessed) {
                Map<String, AttributeValue> source = w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key();
                Pending p = pending.get(keyOnly(source));
                if (p != null) {
                    next.put(p.key(), p);
                }
            }
            processed.addAndGet(pending.size() - next.size());
            pending = next;
        }
    }

    private static int unprocessedCount(BatchWriteItemResponse response, String tableName) {
        return response.unprocessedItems().getOrDefault(tableName, List.of()).size();
    }

    // ------------------------------------------------------------------ running chunks

    private static <E> List<List<E>> chunks(List<E> all, int size) {
        List<List<E>> chunks = new ArrayList<>((all.size() + size - 1) / size);
        for (int i = 0; i < all.size(); i += size) {
            chunks.add(all.subList(i, Math.min(all.size(), i + size)));
        }
        return chunks;
    }

    private static <E> void run(List<List<E>> chunks, BatchOptions options, Function<List<E>, Void> task) {
        if (options.executor().isEmpty() || chunks.size() < 2) {
            chunks.forEach(task::apply);
            return;
        }
        List<CompletableFuture<Void>> futures = new ArrayList<>(chunks.size());
        for (List<E> chunk : chunks) {
            futures.add(CompletableFuture.supplyAsync(() -> task.apply(chunk), options.executor().get()));
        }
        RuntimeException failure = null;
        for (CompletableFuture<Void> future : futures) {
            try {
                future.join();
            } catch (CompletionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException r ? r : e;
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static <R> RequestRunner.Outcome<R> outcome(Function<R, Integer> items, Function<R, ConsumedCapacity> capacity) {
        return new RequestRunner.Outcome<>() {
            @Override
            public int itemCount(R response) {
                return items.apply(response);
            }

            @Override
            public ConsumedCapacity capacity(R response) {
                return capacity.apply(response);
            }
        };
    }
}
