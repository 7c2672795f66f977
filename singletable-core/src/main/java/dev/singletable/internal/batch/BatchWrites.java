package dev.singletable.internal.batch;

import dev.singletable.BatchIncompleteException;
import dev.singletable.BatchOptions;
import dev.singletable.BatchWriteResult;
import dev.singletable.ItemKey;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.internal.writes.Writes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Batch writes, sync and async alike: puts and deletes rendered (by {@code writes}) and checked, chunks, and the result.
 *
 * @param writes renders each put and delete as a single write would be
 * @param keys   the table's keys, to check and report the items
 */
record BatchWrites(Writes writes, BatchKeys keys) {
    static final int MAX_WRITE = 25;

    /** One put or delete: a put keeps its entity as written, a delete its key, for the result; {@code what} names it in a refusal. */
    record Pending(Map<String, AttributeValue> key, WriteRequest request, Optional<Object> entity, Optional<ItemKey<?>> deleteKey,
                   String type, String what) {
    }

    /** What a batch write did so far; chunks may fill it in parallel. */
    record Progress(List<Pending> all, List<Pending> left, AtomicInteger requests, AtomicInteger retries, AtomicInteger processed,
                    Backoff backoff, AtomicReference<Throwable> failure) {
    }

    /**
     * The requests of the batch: each put, followed by a delete of each of its keys in other states (for an entity stored by
     * its state, as a put outside a batch deletes them; one the batch already deletes is not asked twice), then the deletes.
     */
    Progress start(List<Object> puts, List<ItemKey<?>> deletes, BatchOptions options) {
        List<Pending> all = new ArrayList<>(puts.size() + deletes.size());
        Map<Map<String, AttributeValue>, String> seen = new HashMap<>();
        List<Pending> deleted = deletes.stream().map(key -> unversioned(delete(key, "delete " + key.entity().type()))).toList();
        Set<Map<String, AttributeValue>> deletedKeys = new HashSet<>();
        deleted.forEach(p -> deletedKeys.add(p.key()));
        for (Object entity : puts) {
            Pending pending = checked(seen, put(entity));
            all.add(pending);
            writes.otherStatesKeys(pending.entity().orElseThrow()).stream().map(key -> delete(key, "delete " + key.entity().type() + " (" + pending.what() + "'s other state)"))
                    .filter(p -> !deletedKeys.contains(p.key())).forEach(p -> all.add(checked(seen, p)));
        }
        deleted.forEach(p -> all.add(checked(seen, p)));
        return new Progress(all, Collections.synchronizedList(new ArrayList<>()), new AtomicInteger(), new AtomicInteger(),
                new AtomicInteger(), new Backoff(options), new AtomicReference<>());
    }

    private Pending put(Object given) {
        boolean restore = given instanceof BatchWriteCollector.Restored;
        return writes.batchPut(given instanceof BatchWriteCollector.Restored restored ? restored.entity() : given, restore, this::pending);
    }

    private Pending pending(Map<String, AttributeValue> item, Object written) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(keys.table().schema().partitionKeyAttribute(), item.get(keys.table().schema().partitionKeyAttribute()));
        keys.table().schema().sortKeyAttribute().ifPresent(sk -> key.put(sk, item.get(sk)));
        String type = keys.table().entityFor(written).type();
        return new Pending(key, WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build(),
                Optional.of(written), Optional.empty(), type, "put " + type);
    }

    private Pending delete(ItemKey<?> key, String what) {
        BoundEntity<?> bound = keys.table().bound(key.entity());
        Map<String, AttributeValue> itemKey = bound.key(key.values());
        return new Pending(itemKey, WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(itemKey).build()).build(),
                Optional.empty(), Optional.of(key), bound.type(), what);
    }

    /** A delete the caller asked for, refused for a versioned entity: a batch cannot check the version, as a put is refused. */
    private Pending unversioned(Pending delete) {
        if (keys.table().bound(delete.deleteKey().orElseThrow().entity()).schema().versionAttribute().isPresent()) {
            throw new ValidationException("Batch delete of " + delete.type() + " " + keys.table().keyText(delete.key())
                    + ": the entity is versioned, and BatchWriteItem cannot check versions, so it would delete whatever version is "
                    + "stored. Delete versioned entities with delete(current), which checks the version you read, or in a transaction");
        }
        return delete;
    }

    private Pending checked(Map<Map<String, AttributeValue>, String> seen, Pending pending) {
        String previous = seen.putIfAbsent(pending.key(), pending.what());
        if (previous != null) {
            throw new ValidationException("Batch write has two requests for item " + keys.table().keyText(pending.key()) + " (" + previous
                    + " and " + pending.what() + "); DynamoDB refuses a batch with the same key twice: keep one");
        }
        return pending;
    }

    List<WriteChunk> chunks(Progress progress) {
        List<WriteChunk> chunks = new ArrayList<>();
        for (List<Pending> chunk : Chunks.of(progress.all(), MAX_WRITE)) {
            chunks.add(new WriteChunk(this, progress, chunk));
        }
        return chunks;
    }

    RequestRunner.Outcome<BatchWriteItemResponse> outcome(int sent) {
        return RequestRunner.Outcome.of(r -> sent - r.unprocessedItems().getOrDefault(keys.tableName(), List.of()).size(),
                r -> r.hasConsumedCapacity() && !r.consumedCapacity().isEmpty() ? r.consumedCapacity().get(0) : null);
    }

    /**
     * What the batch did; thrown as a {@link BatchIncompleteException} carrying it when a request failed, so that the
     * caller learns what was written before (and, in parallel, beside) the failure.
     */
    BatchWriteResult result(Progress progress) {
        List<Object> unprocessedPuts = new ArrayList<>();
        List<ItemKey<?>> unprocessedDeletes = new ArrayList<>();
        Set<Map<String, AttributeValue>> leftKeys = new HashSet<>();
        progress.left().forEach(p -> leftKeys.add(p.key()));
        for (Pending p : progress.all()) { // in the order given
            if (leftKeys.contains(p.key())) {
                p.entity().ifPresentOrElse(unprocessedPuts::add, () -> unprocessedDeletes.add(p.deleteKey().orElseThrow()));
            }
        }
        BatchWriteResult result = new BatchWriteResult(progress.processed().get(), unprocessedPuts, unprocessedDeletes,
                progress.requests().get(), progress.retries().get());
        Throwable failure = progress.failure().get();
        if (failure != null) {
            throw new BatchIncompleteException(result, failure);
        }
        return result;
    }
}
