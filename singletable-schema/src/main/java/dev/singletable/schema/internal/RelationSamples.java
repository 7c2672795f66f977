package dev.singletable.schema.internal;

import dev.singletable.DynamicItem;
import dev.singletable.Relation;
import dev.singletable.schema.RelationDefinition;
import dev.singletable.schema.SchemaFile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A relation's sample adjacency items, as {@code relate} writes them: both items of each example pair (its ends' examples,
 * found by the key slots, with its edge values), or of every pair of the two entities' examples when the relation gives no
 * examples; first side first. What the design tools show and the NoSQL Workbench export writes as sample items.
 */
final class RelationSamples {
    private RelationSamples() {
    }

    /** The sample adjacency items of the relation of this name, which the design declares. */
    static List<DynamicItem> items(SchemaFile design, String name) {
        RelationDefinition definition = design.document().relations().get(name);
        Relation<?, ?> relation = design.tableSchema().relation(name).orElseThrow();
        List<DynamicItem> firsts = design.examples(definition.first());
        List<DynamicItem> seconds = design.examples(definition.second());
        List<DynamicItem> items = new ArrayList<>();
        if (definition.examples().isEmpty()) {
            for (DynamicItem first : firsts) {
                for (DynamicItem second : seconds) {
                    addPair(items, relation, first.values(), second.values(), Map.of());
                }
            }
        }
        for (Map<String, Object> example : definition.examples()) {
            Map<String, Object> slots = new LinkedHashMap<>(example);
            slots.keySet().removeAll(definition.edge().keySet());
            Map<String, Object> edge = new LinkedHashMap<>(example);
            edge.keySet().removeAll(slots.keySet());
            addPair(items, relation, matching(firsts, slots), matching(seconds, slots), design.edgeValues(name, edge).asMap());
        }
        return items;
    }

    /** The values of the example whose values of the given key slots are those, else the slots' values as given. */
    private static Map<String, Object> matching(List<DynamicItem> examples, Map<String, Object> slots) {
        for (DynamicItem example : examples) {
            if (slots.entrySet().stream().allMatch(slot -> !example.values().containsKey(slot.getKey())
                    || String.valueOf(example.values().get(slot.getKey())).equals(String.valueOf(slot.getValue())))) {
                return example.values();
            }
        }
        return slots;
    }

    /**
     * Both adjacency items of one pair: each attribute of the items from the edge, else the first end, else the second (an
     * edge attribute may share its name with an attribute of an end that the relation does not copy: the edge's value is
     * the item's).
     */
    private static void addPair(List<DynamicItem> items, Relation<?, ?> relation, Map<String, Object> first, Map<String, Object> second,
                                Map<String, Object> edge) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (var attribute : relation.firstSideItems().attributes()) {
            Object value = edge.containsKey(attribute.name()) ? edge.get(attribute.name())
                    : first.containsKey(attribute.name()) ? first.get(attribute.name()) : second.get(attribute.name());
            if (value != null) {
                values.put(attribute.name(), value);
            }
        }
        items.add(DynamicItem.builder(relation.firstSideItems().type()).setAll(values).build());
        items.add(DynamicItem.builder(relation.secondSideItems().type()).setAll(values).build());
    }
}
