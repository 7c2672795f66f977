package dev.singletable.internal.relations;

import dev.singletable.Adjacency;
import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.Relation;
import dev.singletable.TransactionCanceledException;
import dev.singletable.Update;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.Futures;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

/**
 * The propagation of copied attributes (see {@code Relation.Builder.propagateCopies}): after a write of an end, one query
 * of its adjacency items per relation propagating copies of its attributes, then transactions rewriting the copies on
 * both items of each pair whose copies differ from the entity as written.
 */
final class CopyPropagation {
    /** Pairs per propagation transaction: two UpdateItem actions each, DynamoDB's 100 actions in all. */
    static final int PAIRS_PER_TRANSACTION = 50;

    private final BoundTable table;
    private final Relations relations;
    private final Relations.Port port;

    CopyPropagation(BoundTable table, Relations relations, Relations.Port port) {
        this.table = table;
        this.relations = relations;
        this.port = port;
    }

    /** True when the written entity is an end of a relation that propagates copies of its attributes. */
    boolean propagates(Object entity) {
        if (table.schema().relations().isEmpty()) {
            return false;
        }
        String type = table.entityFor(entity).type();
        return table.schema().relations().stream().anyMatch(r -> r.propagatesCopies()
                && (r.first().type().equals(type) && !r.copiedFromFirst().isEmpty()
                || r.second().type().equals(type) && !r.copiedFromSecond().isEmpty()));
    }

    /**
     * After a write of an entity: for each relation propagating copies of its attributes, one query of its
     * adjacency items, then transactions updating the pairs whose copies differ (see
     * {@code Relation.Builder.propagateCopies}). Completes with the entity as written.
     */
    @SuppressWarnings("unchecked")
    <T> CompletableFuture<T> propagate(T written) {
        if (!propagates(written)) {
            return CompletableFuture.completedFuture(written);
        }
        String type = table.entityFor(written).type();
        CompletableFuture<Void> done = CompletableFuture.completedFuture(null);
        for (Relation<?, ?> declared : table.schema().relations()) {
            if (!declared.propagatesCopies()) {
                continue;
            }
            for (Relation<?, ?> view : List.of(declared, declared.inverse())) {
                if (view.first().type().equals(type) && !view.copiedFromFirst().isEmpty()) {
                    Relation<Object, Object> relation = (Relation<Object, Object>) view;
                    done = done.thenCompose(ignored -> propagate(written, relation));
                }
            }
        }
        return done.thenApply(ignored -> written);
    }

    private CompletableFuture<Void> propagate(Object written, Relation<Object, Object> relation) {
        return relations.related(written, relation).thenCompose(adjacencies -> {
            List<Adjacency<Object, Object>> outdated = new ArrayList<>();
            for (Adjacency<Object, Object> adjacency : adjacencies) {
                for (Attribute<Object, ?> attribute : relation.copiedFromFirst()) {
                    if (!Relations.encoded(attribute, attribute.valueOf(written)).equals(Relations.encodedStored(attribute,
                            adjacency.item().values().get(attribute.name())))) {
                        outdated.add(adjacency);
                        break;
                    }
                }
            }
            CompletableFuture<Void> sent = CompletableFuture.completedFuture(null);
            for (int from = 0; from < outdated.size(); from += PAIRS_PER_TRANSACTION) {
                List<Adjacency<Object, Object>> chunk = outdated.subList(from, Math.min(outdated.size(), from + PAIRS_PER_TRANSACTION));
                sent = sent.thenCompose(ignored -> updatePairs(written, relation, chunk, true));
            }
            return sent;
        });
    }

    /** One transaction updating the copies on each pair's two items; pairs removed meanwhile are dropped and the rest sent again once. */
    private CompletableFuture<Void> updatePairs(Object written, Relation<Object, Object> relation, List<Adjacency<Object, Object>> pairs,
                                                boolean retry) {
        if (pairs.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return port.transact(t -> {
            for (Adjacency<Object, Object> pair : pairs) {
                KeyValues both = Relations.pair(relation, pair.near().values(), pair.far().values());
                t.update(relation.firstSideItems(), both, copies(relation.firstSideItems(), relation.copiedFromFirst(), written));
                t.update(relation.secondSideItems(), both, copies(relation.secondSideItems(), relation.copiedFromFirst(), written));
            }
        }).handle((ok, failure) -> {
            if (failure == null) {
                return CompletableFuture.<Void>completedFuture(null);
            }
            if (retry && Futures.cause(failure) instanceof TransactionCanceledException canceled
                    && canceled.failures().stream().allMatch(r -> r.code().equals("ConditionalCheckFailed"))) {
                Set<Integer> gone = new LinkedHashSet<>();
                canceled.failures().forEach(r -> gone.add(r.index() / 2));
                List<Adjacency<Object, Object>> left = new ArrayList<>();
                for (int i = 0; i < pairs.size(); i++) {
                    if (!gone.contains(i)) {
                        left.add(pairs.get(i));
                    }
                }
                return updatePairs(written, relation, left, false);
            }
            throw Futures.rethrow(failure);
        }).thenCompose(next -> next);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static UnaryOperator<Update<DynamicItem>> copies(EntitySchema<DynamicItem> items, List<Attribute<Object, ?>> copied,
                                                             Object written) {
        return update -> {
            Update<DynamicItem> changed = update;
            for (Attribute<Object, ?> source : copied) {
                Attribute target = items.attribute(source.name()).orElseThrow();
                Object value = source.valueOf(written);
                changed = value == null ? changed.remove(target) : changed.set(target, value);
            }
            return changed;
        };
    }
}
