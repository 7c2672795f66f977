package dev.singletable.cli.data.load;

import dev.singletable.BatchOptions;
import dev.singletable.DynamicItem;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.ItemAlreadyExistsException;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Settles a migration's chunks of items in the target table: one consistent BatchGetItem of the chunk's keys, then a
 * key that holds an item is compared (equal: counted the same; different: reported and left as it is) and the others
 * are written in one BatchWriteItem (a versioned entity, which a batch cannot write: one conditional PutItem each), or
 * only counted in a dry run. Counts what it wrote, found the same and would write, and keeps what differed or failed.
 */
final class ChunkWriter {
    private static final int READ_ATTEMPTS = 8;
    /** The problems (differences, failures) reported on this thread: a segment's own, for its marks. */
    private static final ThreadLocal<long[]> PROBLEMS = ThreadLocal.withInitial(() -> new long[1]);

    private final DynamoDbClient client;
    private final Table table;
    private final SourceItems items;
    private final boolean dryRun;
    private final RowBatchWriter batches;

    private final AtomicLong written = new AtomicLong();
    private final AtomicLong same = new AtomicLong();
    private final AtomicLong wouldWrite = new AtomicLong();
    private final List<Loader.Failure> differ = Collections.synchronizedList(new ArrayList<>());
    private final List<Loader.Failure> failed = Collections.synchronizedList(new ArrayList<>());
    /**
     * The keys of the chunks being settled now, by any segment: a chunk waits until none of its keys is another's, so that
     * two source items mapping to one key never both find it absent and overwrite each other (the second one's read then
     * finds the first one's item, and compares).
     */
    private final Set<String> inFlight = new HashSet<>();
    /** A dry run into a table that does not exist yet: nothing to read, every key is empty. */
    private volatile boolean noTable;
    /**
     * In a dry run, which writes nothing for a later read to find: the keys it would write, as digests (not the keys nor
     * the items: {@link KeyDigests} says what a key costs), and the digests seen again, whose items a second look at
     * the source compares on their exact keys ({@link #lookAgain}).
     */
    private final KeyDigests wouldWriteKeys = new KeyDigests();
    private final Set<KeyDigests.Digest> seenAgain = ConcurrentHashMap.newKeySet();
    /** The second look: the first item of each exact key whose digest was seen again, and the first key of each such digest. */
    private final Map<String, RowItems.Ready> firstOfKey = new HashMap<>();
    private final Map<KeyDigests.Digest, String> firstKeyOfDigest = new HashMap<>();

    /** @param client the target's client, metered as the table's requests are */
    ChunkWriter(DynamoDbClient client, Table table, SourceItems items, boolean dryRun) {
        this.client = client;
        this.table = table;
        this.items = items;
        this.dryRun = dryRun;
        this.batches = new RowBatchWriter(table, BatchOptions.defaults(), items::keyText, "migrate again (with --resume after an interruption)");
    }

    /**
     * A chunk of items with distinct keys: the keys that hold an item compared, the others written (or counted, in a
     * dry run).
     *
     * @return false when the table's items with the chunk's keys could not be read (each of its items is then reported
     *         as failed)
     */
    boolean settle(List<RowItems.Ready> chunk) {
        List<String> keys = chunk.stream().map(RowItems.Ready::key).toList();
        claim(keys);
        try {
            return settleClaimed(chunk);
        } finally {
            release(keys);
        }
    }

    private void claim(List<String> keys) {
        synchronized (inFlight) {
            while (keys.stream().anyMatch(inFlight::contains)) {
                try {
                    inFlight.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new MigrateSourceException("interrupted while waiting for another segment's chunk with the same keys", e);
                }
            }
            inFlight.addAll(keys);
        }
    }

    private void release(List<String> keys) {
        synchronized (inFlight) {
            keys.forEach(inFlight::remove);
            inFlight.notifyAll();
        }
    }

    private boolean settleClaimed(List<RowItems.Ready> chunk) {
        List<RowItems.Ready> absent = new ArrayList<>();
        Map<String, Map<String, AttributeValue>> stored;
        try {
            stored = stored(chunk);
        } catch (SingleTableException | SdkException e) {
            chunk.forEach(r -> report(failed, Loader.Failure.of(r.row(), "could not read the table's items with these keys: " + e.getMessage())));
            return false;
        }
        for (RowItems.Ready ready : chunk) {
            Map<String, AttributeValue> there = stored.get(ready.key());
            if (there != null) {
                compare(ready, there);
            } else if (!dryRun) {
                absent.add(ready);
            } else {
                KeyDigests.Digest digest = KeyDigests.Digest.of(ready.key());
                if (wouldWriteKeys.add(digest)) {
                    wouldWrite.incrementAndGet();
                } else {
                    seenAgain.add(digest);
                }
            }
        }
        if (dryRun) {
            return true;
        }
        absent.stream().filter(RowItems.Ready::versioned).forEach(this::createOrCompare);
        List<RowItems.Ready> batched = absent.stream().filter(r -> !r.versioned()).toList();
        if (!batched.isEmpty()) {
            writeBatch(batched);
        }
        return true;
    }

    /** Whether a dry run saw the digest of a key it would write twice: the source's items are then looked at again. */
    boolean keysSeenAgain() {
        return !seenAgain.isEmpty();
    }

    /**
     * The second look of a dry run, at each source item in scan order: one whose key's digest was seen again is kept when
     * it is the first of its exact key (a second key with the digest of another, counted as would write), else compared
     * with that first one. Only the items of repeated digests are kept, which are the ones reported.
     */
    synchronized void lookAgain(RowItems.Ready ready) {
        KeyDigests.Digest digest = KeyDigests.Digest.of(ready.key());
        if (!seenAgain.contains(digest)) {
            return;
        }
        RowItems.Ready first = firstOfKey.putIfAbsent(ready.key(), ready);
        if (first != null) {
            compareWithAnother(ready, first);
        } else if (firstKeyOfDigest.putIfAbsent(digest, ready.key()) != null) {
            wouldWrite.incrementAndGet();
        }
    }

    /** The table does not exist yet (a dry run before the first migration): no key holds an item, none is read. */
    void noTable() {
        noTable = true;
    }

    boolean tableMissing() {
        return noTable;
    }

    /** A source item that cannot be mapped to the entity, reported as failed. */
    void refused(RowItems.Refused refused) {
        report(failed, Loader.Failure.of(refused.row(), refused.reason()));
    }

    /** How many problems (differences, failures) this thread has reported so far. */
    long problemsOnThisThread() {
        return PROBLEMS.get()[0];
    }

    long written() {
        return written.get();
    }

    long same() {
        return same.get();
    }

    long wouldWrite() {
        return wouldWrite.get();
    }

    List<Loader.Failure> differ() {
        return Loader.sorted(differ);
    }

    List<Loader.Failure> failed() {
        return Loader.sorted(failed);
    }

    /** The items the table holds under the chunk's keys, by key text: one consistent BatchGetItem, its unprocessed keys asked again. */
    private Map<String, Map<String, AttributeValue>> stored(List<RowItems.Ready> chunk) {
        if (noTable) {
            return Map.of();
        }
        String name = table.schema().name();
        List<Map<String, AttributeValue>> keys = chunk.stream().map(r -> items.key(r.item())).toList();
        Map<String, Map<String, AttributeValue>> found = new HashMap<>();
        Map<String, KeysAndAttributes> request = Map.of(name, KeysAndAttributes.builder().keys(keys).consistentRead(true).build());
        for (int attempt = 1; !request.isEmpty(); attempt++) {
            if (attempt > READ_ATTEMPTS) {
                throw new MigrateSourceException("DynamoDB left some of the target keys unread after " + READ_ATTEMPTS
                        + " BatchGetItem attempts (throttled); migrate again with --resume", null);
            }
            Map<String, KeysAndAttributes> asked = request;
            BatchGetItemResponse response = client.batchGetItem(r -> r.requestItems(asked));
            response.responses().getOrDefault(name, List.of()).forEach(item -> found.put(items.keyText(item), item));
            request = response.hasUnprocessedKeys() ? response.unprocessedKeys() : Map.of();
            if (!request.isEmpty()) {
                try {
                    Thread.sleep(Math.min(1000L, 25L << attempt));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new MigrateSourceException("interrupted while reading the target's keys", e);
                }
            }
        }
        return found;
    }

    private void writeBatch(List<RowItems.Ready> absent) {
        List<Loader.Failure> left = batches.write(absent);
        left.forEach(failure -> report(failed, failure));
        written.addAndGet(absent.size() - left.size());
    }

    /** A versioned entity, which a batch cannot write: restored where no item has the key (its timestamps kept), else compared. */
    private void createOrCompare(RowItems.Ready ready) {
        try {
            table.restore(ready.item());
            written.incrementAndGet();
        } catch (ItemAlreadyExistsException e) {
            Map<String, AttributeValue> there = client.getItem(r -> r.tableName(table.schema().name()).key(items.key(ready.item()))
                    .consistentRead(true)).item();
            if (there != null && !there.isEmpty()) {
                compare(ready, there);
            }
        } catch (SingleTableException | SdkException e) {
            report(failed, Loader.Failure.of(ready.row(), e.getMessage()));
        }
    }

    /** The stored item with the item's key: equal (counted the same), or reported as different. */
    private void compare(RowItems.Ready ready, Map<String, AttributeValue> stored) {
        DynamicItem storedItem;
        try {
            storedItem = table.fromItem(items.type(ready.item().entityType()), stored);
        } catch (EntityTypeMismatchException e) {
            report(differ, Loader.Failure.of(ready.row(), "its key (" + ready.key() + ") holds another item: " + e.getMessage()));
            return;
        } catch (SingleTableException e) {
            report(failed, Loader.Failure.of(ready.row(), "its key (" + ready.key() + ") holds an item that cannot be read: " + e.getMessage()));
            return;
        }
        if (items.canonical(ready.item()).equals(items.canonical(storedItem))) {
            same.incrementAndGet();
        } else {
            report(differ, Loader.Failure.of(ready.row(), "the table holds a different item with its key (" + ready.key() + "): "
                    + items.difference(ready.item(), storedItem) + "; left as it is"));
        }
    }

    /** In a dry run, an item whose key another source item of this run would write: equal (counted the same), or reported. */
    private void compareWithAnother(RowItems.Ready ready, RowItems.Ready before) {
        if (items.canonical(ready.item()).equals(items.canonical(before.item()))) {
            same.incrementAndGet();
        } else {
            report(differ, Loader.Failure.of(ready.row(), "another source item, " + before.row().file() + ", maps to its key ("
                    + ready.key() + "): " + items.difference(ready.item(), "this one", before.item(), "that one")
                    + "; a migration writes one of them and reports the other as different"));
        }
    }

    private static void report(List<Loader.Failure> into, Loader.Failure failure) {
        into.add(failure);
        PROBLEMS.get()[0]++;
    }
}
