package dev.singletable.internal.batch;

import dev.singletable.BatchIncompleteException;
import dev.singletable.BatchOptions;
import dev.singletable.ItemKey;
import dev.singletable.ItemsByKey;
import dev.singletable.ValidationException;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.table.Sender;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Batch gets and transactional gets, sync and async alike: the chunks, the requests, and the result.
 *
 * @param keys the table's keys, to check what is asked for and match what comes back
 */
record BatchGets(BatchKeys keys) {
    static final int MAX_GET = 100;

    /** What a batch get found so far; chunks may fill it in parallel. */
    record Progress(List<BatchKeys.Asked> asked, Map<Map<String, AttributeValue>, Object> found,
                    List<BatchKeys.Asked> unprocessed, AtomicInteger requests, Backoff backoff,
                    AtomicReference<Throwable> failure) {
    }

    Progress start(List<? extends ItemKey<?>> asked, BatchOptions options) {
        return new Progress(keys.resolve(asked, "batchGet"), new ConcurrentHashMap<>(), Collections.synchronizedList(new ArrayList<>()),
                new AtomicInteger(), new Backoff(options), new AtomicReference<>());
    }

    /** @param sender what the chunks are sent with: each request asks it for a page of the wire codec */
    List<GetChunk> chunks(Progress progress, BatchOptions options, Sender sender) {
        List<GetChunk> chunks = new ArrayList<>();
        for (List<BatchKeys.Asked> chunk : Chunks.of(progress.asked(), MAX_GET)) {
            chunks.add(new GetChunk(this, progress, chunk, options.isConsistentRead(), sender));
        }
        return chunks;
    }

    RequestRunner.Outcome<BatchGetItemResponse> getOutcome() {
        return RequestRunner.Outcome.of(r -> r.responses().getOrDefault(keys.tableName(), List.of()).size(),
                r -> r.hasConsumedCapacity() && !r.consumedCapacity().isEmpty() ? r.consumedCapacity().get(0) : null);
    }

    ItemsByKey result(Progress progress) {
        Map<ItemKey<?>, Object> found = new LinkedHashMap<>();
        List<ItemKey<?>> notFound = new ArrayList<>();
        List<ItemKey<?>> left = new ArrayList<>();
        Set<Map<String, AttributeValue>> unprocessedKeys = new HashSet<>();
        for (BatchKeys.Asked a : progress.unprocessed()) {
            unprocessedKeys.add(a.itemKey());
        }
        for (BatchKeys.Asked a : progress.asked()) {
            Object entity = progress.found().get(a.itemKey());
            if (entity != null) {
                found.put(a.key(), entity);
            } else if (unprocessedKeys.contains(a.itemKey())) {
                left.add(a.key());
            } else {
                notFound.add(a.key());
            }
        }
        ItemsByKey result = new ItemsByKey(found, notFound, left, progress.requests().get());
        Throwable failure = progress.failure().get();
        if (failure != null) {
            throw new BatchIncompleteException(result, failure); // what the other chunks read is kept in it
        }
        return result;
    }

    // ------------------------------------------------------------------ transactional get

    List<BatchKeys.Asked> transactKeys(List<? extends ItemKey<?>> asked) {
        if (asked.isEmpty() || asked.size() > MAX_GET) {
            throw new ValidationException("transactGet on table " + keys.tableName() + " asks for " + asked.size()
                    + " keys; DynamoDB's TransactGetItems takes 1 to 100: split the read");
        }
        return keys.resolve(asked, "transactGet");
    }

    TransactGetItemsRequest transactRequest(List<BatchKeys.Asked> asked) {
        List<TransactGetItem> gets = new ArrayList<>(asked.size());
        for (BatchKeys.Asked a : asked) {
            gets.add(TransactGetItem.builder().get(Get.builder().tableName(keys.tableName()).key(a.itemKey()).build()).build());
        }
        return TransactGetItemsRequest.builder().transactItems(gets).returnConsumedCapacity(keys.table().runner().consumedCapacity()).build();
    }

    RequestRunner.Outcome<TransactGetItemsResponse> transactOutcome() {
        return RequestRunner.Outcome.of(r -> (int) r.responses().stream().filter(ItemResponse::hasItem).count(),
                r -> r.hasConsumedCapacity() && !r.consumedCapacity().isEmpty() ? r.consumedCapacity().get(0) : null);
    }

    ItemsByKey transactResult(List<BatchKeys.Asked> asked, TransactGetItemsResponse response) {
        Map<ItemKey<?>, Object> found = new LinkedHashMap<>();
        List<ItemKey<?>> notFound = new ArrayList<>();
        List<ItemResponse> responses = response.responses();
        for (int i = 0; i < asked.size(); i++) {
            ItemResponse item = i < responses.size() ? responses.get(i) : null;
            BatchKeys.Asked a = asked.get(i);
            keys.decodeLive(a, item == null || !item.hasItem() ? Map.of() : item.item())
                    .ifPresentOrElse(entity -> found.put(a.key(), entity), () -> notFound.add(a.key()));
        }
        return new ItemsByKey(found, notFound, List.of(), 1);
    }
}
