package dev.singletable.internal.table;

import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.KeyValues;
import dev.singletable.internal.codec.BoundEntity;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The entity types of a table that can share a partition with a given key binding on one index (or the table), found by
 * the literal text their first partition key template starts with: two composed texts whose literal starts differ (neither
 * begins the other) never coincide. A query's analysis of which other types share its partition compared it with every
 * entity type, N² work over a table's N entities; this keeps each type that can coincide, in declaration order, and
 * leaves the exact comparison to the caller.
 */
final class PartitionPrefixes {
    private final List<BoundEntity<?>> entities;
    /** The positions of the entity types whose first partition part on the index is composed text, by its literal start. */
    private final NavigableMap<String, List<Integer>> byStart = new TreeMap<>();
    /** The other positions (no key on the index, or a first partition part storing a value): always candidates. */
    private final BitSet always = new BitSet();
    private final Optional<String> index;

    PartitionPrefixes(List<BoundEntity<?>> entities, Optional<String> index) {
        this.entities = entities;
        this.index = index;
        for (int i = 0; i < entities.size(); i++) {
            Optional<String> start = start(entities.get(i).binding(index));
            if (start.isPresent()) {
                byStart.computeIfAbsent(start.get(), s -> new ArrayList<>()).add(i);
            } else {
                always.set(i);
            }
        }
    }

    private static Optional<String> start(Optional<? extends KeyBinding<?>> binding) {
        if (binding.isEmpty() || binding.get().partitionAttributes().isEmpty() || !binding.get().partitionIsText(0)) {
            return Optional.empty();
        }
        return Optional.of(binding.get().templates().get(0).prefix(KeyValues.none()).text());
    }

    /** The entity types, in declaration order, whose keys on the index can share a partition with {@code self}'s. */
    List<BoundEntity<?>> candidates(BoundEntity<?> self) {
        Optional<String> start = start(self.binding(index));
        if (start.isEmpty()) {
            return entities;
        }
        BitSet found = (BitSet) always.clone();
        String text = start.get();
        byStart.subMap(text, true, text + Character.MAX_VALUE, true).values().forEach(list -> list.forEach(found::set));
        for (int length = 0; length < text.length(); length++) {
            List<Integer> shorter = byStart.get(text.substring(0, length));
            if (shorter != null) {
                shorter.forEach(found::set);
            }
        }
        List<BoundEntity<?>> candidates = new ArrayList<>(found.cardinality());
        found.stream().forEach(i -> candidates.add(entities.get(i)));
        return candidates;
    }
}
