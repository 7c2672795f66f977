package dev.singletable.internal.relations;

import dev.singletable.Adjacency;
import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.ItemKey;
import dev.singletable.KeyValues;
import dev.singletable.Relation;
import dev.singletable.TransactionCanceledException;
import dev.singletable.internal.table.Futures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The pairs of a relation that name an entity not stored (what a plain delete of an end leaves): found
 * by the scan and batch gets verification makes, each deleted (both items) in a transaction of its own
 * that also checks the missing ends are still not stored, so that an entity written again meanwhile keeps
 * its pair: that pair is skipped, no longer dangling.
 */
final class DanglingPairs {
    /** A dangling pair: its key values under their names on the items, and its ends not stored. */
    private record Pair(KeyValues key, List<ItemKey<?>> missing) {
    }

    private final Relations relations;
    private final Relations.Port port;
    /** The not-stored check of a missing end: nothing at its key, whatever its type (the table's partition key attribute). */
    private final Condition nothingStored;

    DanglingPairs(Relations relations, Relations.Port port, String partitionKeyAttribute) {
        this.relations = relations;
        this.port = port;
        this.nothingStored = Condition.notExists(partitionKeyAttribute);
    }

    <A, B> CompletableFuture<Integer> delete(Relation<A, B> relation) {
        return relations.scanned(relation).thenCompose(scanned -> {
            Map<KeyValues, Pair> dangling = new LinkedHashMap<>();
            for (DynamicItem item : scanned.items()) {
                Adjacency<A, B> adjacency = Adjacency.of(relation, item);
                List<ItemKey<?>> missing = new ArrayList<>();
                for (ItemKey<?> end : List.of(adjacency.near(), adjacency.far())) {
                    if (scanned.ends().get(end).isEmpty() && !missing.contains(end)) {
                        missing.add(end);
                    }
                }
                if (!missing.isEmpty()) {
                    KeyValues key = Relations.pair(relation, adjacency.near().values(), adjacency.far().values());
                    dangling.putIfAbsent(key, new Pair(key, missing));   // a pair's two items name the same ends
                }
            }
            CompletableFuture<Integer> deleted = CompletableFuture.completedFuture(0);
            for (Pair pair : dangling.values()) {
                deleted = deleted.thenCompose(count -> delete(relation, pair).thenApply(done -> done ? count + 1 : count));
            }
            return deleted;
        });
    }

    /** True when deleted; false when a missing end was written meanwhile (its check failed), the pair then kept. */
    private CompletableFuture<Boolean> delete(Relation<?, ?> relation, Pair pair) {
        return port.transact(t -> {
            t.delete(relation.firstSideItems(), pair.key()).delete(relation.secondSideItems(), pair.key());
            for (ItemKey<?> end : pair.missing()) {
                t.check(end.entity(), end.values(), nothingStored);
            }
        }).handle((ok, failure) -> {
            if (failure == null) {
                return true;
            }
            if (Futures.cause(failure) instanceof TransactionCanceledException canceled && !canceled.failures().isEmpty()
                    && canceled.failures().stream().allMatch(r -> r.code().equals("ConditionalCheckFailed") && r.index() >= 2)) {
                return false;
            }
            throw Futures.rethrow(failure);
        });
    }
}
