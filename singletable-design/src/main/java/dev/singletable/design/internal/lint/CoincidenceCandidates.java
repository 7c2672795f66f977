package dev.singletable.design.internal.lint;

import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.SchemaDocument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The pairs of entity types whose partition keys, on the table or on one global index, {@link TemplateOverlap#canCoincide}
 * can find coinciding, found through an index by literal start instead of by comparing every pair (N² for N entities).
 * It keeps every pair that can coincide and some that cannot: the caller still compares each pair it yields.
 *
 * <p>Why the index is exact enough: {@code canCoincide} compares the first '#'-segment of the first templates, and two
 * segments coincide only when the literal text before their first slot (the whole segment when it has none) of one
 * starts with the other's; two segments without slots only when equal. Entities with the same number of partition
 * templates and no template at all (an index key without a partition part) coincide with one another.
 */
final class CoincidenceCandidates {
    private CoincidenceCandidates() {
    }

    /**
     * The candidate pairs {@code (a, b)} with {@code a < b} (indexes into {@code entities}), ordered as the nested loop
     * over every pair visits them, packed as {@code a << 32 | b}.
     */
    static long[] pairs(SchemaDocument document, List<String> entities) {
        List<Long> found = new ArrayList<>();
        collect(entities.size(), i -> document.entities().get(entities.get(i)).keys().partition(), found);
        for (IndexDefinition index : document.table().indexes()) {
            if (index.kind() == IndexDefinition.IndexKind.LOCAL) {
                continue;
            }
            collect(entities.size(), i -> {
                KeyDefinition key = document.entities().get(entities.get(i)).indexes().get(index.name());
                return key == null ? null : key.partition();
            }, found);
        }
        return found.stream().mapToLong(Long::longValue).sorted().distinct().toArray();
    }

    /** Adds the candidate pairs of one key; {@code partitions} gives an entity's partition templates, or null without the key. */
    private static void collect(int count, Function<Integer, List<String>> partitions, List<Long> found) {
        // by number of templates (canCoincide needs the same), then by the first segment's literal start
        Map<Integer, NavigableMap<String, List<Integer>>> plain = new HashMap<>();
        Map<Integer, NavigableMap<String, List<Integer>>> slotted = new HashMap<>();
        String[] starts = new String[count];
        boolean[] hasSlot = new boolean[count];
        int[] sizes = new int[count];
        boolean[] present = new boolean[count];
        for (int i = 0; i < count; i++) {
            List<String> templates = partitions.apply(i);
            if (templates == null) {
                continue;
            }
            present[i] = true;
            sizes[i] = templates.size();
            String segment = templates.isEmpty() ? "" : templates.get(0).split("#", -1)[0];
            hasSlot[i] = segment.contains("{");
            starts[i] = hasSlot[i] ? segment.substring(0, segment.indexOf('{')) : segment;
            (hasSlot[i] ? slotted : plain).computeIfAbsent(sizes[i], s -> new TreeMap<>())
                    .computeIfAbsent(starts[i], s -> new ArrayList<>()).add(i);
        }
        for (int a = 0; a < count; a++) {
            if (!present[a]) {
                continue;
            }
            String start = starts[a];
            NavigableMap<String, List<Integer>> plainOfSize = plain.getOrDefault(sizes[a], new TreeMap<>());
            NavigableMap<String, List<Integer>> slottedOfSize = slotted.getOrDefault(sizes[a], new TreeMap<>());
            List<Integer> others = new ArrayList<>();
            if (sizes[a] == 0) {
                plainOfSize.values().forEach(others::addAll);
            } else if (hasSlot[a]) {
                // a plain segment starting with this start, or a slotted one whose start begins this one or extends it
                startingWith(plainOfSize, start).forEach(others::addAll);
                startingWith(slottedOfSize, start).forEach(others::addAll);
                prefixesOf(slottedOfSize, start, false).forEach(others::addAll);
            } else {
                // the same plain segment, or a slotted one whose start begins it
                others.addAll(plainOfSize.getOrDefault(start, List.of()));
                prefixesOf(slottedOfSize, start, true).forEach(others::addAll);
            }
            for (int b : others) {
                if (b > a) {
                    found.add((long) a << 32 | b);
                } else if (b < a) {
                    found.add((long) b << 32 | a);
                }
            }
        }
    }

    private static Iterable<List<Integer>> startingWith(NavigableMap<String, List<Integer>> byStart, String start) {
        return byStart.subMap(start, true, start + Character.MAX_VALUE, true).values();
    }

    /** The entries whose start begins {@code text}: shorter than it, or equal when {@code withEqual}. */
    private static Iterable<List<Integer>> prefixesOf(NavigableMap<String, List<Integer>> byStart, String text, boolean withEqual) {
        List<List<Integer>> found = new ArrayList<>();
        for (int length = 0; length < text.length() + (withEqual ? 1 : 0); length++) {
            List<Integer> entry = byStart.get(text.substring(0, length));
            if (entry != null) {
                found.add(entry);
            }
        }
        return found;
    }
}
