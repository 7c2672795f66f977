package dev.singletable.internal.relations;

import dev.singletable.Adjacency;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Relation;
import dev.singletable.TooManyPairsException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.BoundTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * Deleting an end of relations with its pairs: one Query per side the entity's type takes in each
 * relation (both for a relation of a type with itself), then one TransactWriteItems deleting the entity
 * and both items of every pair. Refused before anything is sent when they do not fit one transaction:
 * deleting in several would leave a moment (or, on a failure, a state) with some pairs gone and the
 * entity stored, which is what the caller asked to be atomic.
 */
final class EndDeletion {
    /** DynamoDB's actions per TransactWriteItems. */
    static final int MAX_ACTIONS = 100;
    /** The entity's delete takes one action, each pair two. */
    static final int MAX_PAIRS = (MAX_ACTIONS - 1) / 2;

    /** One adjacency item to delete: its type and its key values by the names on the item. */
    private record Removal(EntitySchema<DynamicItem> items, KeyValues key) {
    }

    private final BoundTable table;
    private final Relations relations;
    private final Relations.Port port;

    EndDeletion(BoundTable table, Relations relations, Relations.Port port) {
        this.table = table;
        this.relations = relations;
        this.port = port;
    }

    /** Deletes {@code entity} and its pairs of each declared relation given; completes with the number of pairs deleted. */
    CompletableFuture<Integer> delete(Object entity, List<Relation<?, ?>> declared) {
        String type = table.entityFor(entity).type();
        Map<String, Removal> removals = new LinkedHashMap<>();
        Map<String, Integer> pairs = new LinkedHashMap<>();
        CompletableFuture<Void> found = CompletableFuture.completedFuture(null);
        for (Relation<?, ?> relation : declared) {
            pairs.put(relation.name(), 0);
            for (Relation<Object, Object> view : views(relation, type)) {
                found = found.thenCompose(ignored -> relations.related(entity, view).thenAccept(adjacencies -> {
                    for (Adjacency<Object, Object> adjacency : adjacencies) {
                        KeyValues both = Relations.pair(view, adjacency.near().values(), adjacency.far().values());
                        // a pair of an entity with itself is found from both sides: counted and deleted once
                        if (add(removals, view.firstSideItems(), both) | add(removals, view.secondSideItems(), both)) {
                            pairs.merge(relation.name(), 1, Integer::sum);
                        }
                    }
                }));
            }
        }
        return found.thenCompose(ignored -> {
            int total = removals.size() / 2;
            if (total > MAX_PAIRS) {
                throw tooMany(entity, pairs, total);
            }
            return port.transact(t -> {
                t.delete(entity);
                removals.values().forEach(r -> t.delete(r.items(), r.key()));
            }).thenApply(done -> total);
        });
    }

    /** The relation seen from each side {@code type} is an end of: first, second, or both (a relation of a type with itself). */
    @SuppressWarnings("unchecked")
    private static List<Relation<Object, Object>> views(Relation<?, ?> declared, String type) {
        List<Relation<Object, Object>> views = new ArrayList<>();
        if (declared.first().type().equals(type)) {
            views.add((Relation<Object, Object>) declared);
        }
        if (declared.second().type().equals(type)) {
            views.add((Relation<Object, Object>) declared.inverse());
        }
        return views;
    }

    private boolean add(Map<String, Removal> removals, EntitySchema<DynamicItem> items, KeyValues key) {
        String id = items.type() + table.keyText(table.bound(items).key(key));
        return removals.putIfAbsent(id, new Removal(items, key)) == null;
    }

    private TooManyPairsException tooMany(Object entity, Map<String, Integer> pairs, int total) {
        BoundEntity<Object> bound = table.entityFor(entity);
        Map<String, String> key = table.keyText(bound.key(entity));
        String counts = pairs.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
        return new TooManyPairsException("deleteWithPairs " + bound.type() + " " + key + ": it has " + total + " pairs (" + counts
                + "), and one TransactWriteItems deletes the entity with at most " + MAX_PAIRS + " (" + MAX_ACTIONS
                + " actions, two a pair), so it cannot be atomic; nothing was written. Unrelate "
                + (total - MAX_PAIRS) + " or more of them first (table.related, then table.unrelate of each), then deleteWithPairs again",
                bound.type(), key, pairs, MAX_PAIRS);
    }
}
