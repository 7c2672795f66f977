package dev.singletable.design.internal.cost;

import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.KeyTemplate;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.KeyDefinition;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * How many partitions an entity type's items spread over on the table or an index. The table's key takes the design's
 * {@code partitionKeyValues}; a GSI's key slot takes two values for a boolean, an enum's values, a shard's count, the
 * table key's spread when the slot is the table's partition attribute, and otherwise (a free string or number, of which
 * the design declares no cardinality) the distinct values its examples show: a floor, so a status-like slot is not taken
 * to have one value an item. Each such assumption is kept for the report's defaults.
 */
final class PartitionSpread {
    /** How many partitions, and why (for limit messages). */
    record Partitions(double count, String description) {
    }

    private final Map<String, EntityDefinition> entityTypes;
    private final ToLongFunction<String> count;
    private final Set<String> fromExamples = new LinkedHashSet<>();
    private final Set<String> perItem = new LinkedHashSet<>();

    PartitionSpread(Map<String, EntityDefinition> entityTypes, ToLongFunction<String> count) {
        this.entityTypes = entityTypes;
        this.count = count;
    }

    Partitions of(String type, Optional<IndexSchema> index) {
        EntityDefinition entity = entityTypes.get(type);
        KeyDefinition key = index.map(i -> entity.indexes().get(i.name())).orElse(entity.keys());
        List<String> templates = key == null || key.partition().isEmpty() ? entity.keys().partition() : key.partition();
        String shown = "partition key '" + String.join(" + ", templates) + "'";
        List<KeyTemplate.Slot> slots = slots(templates);
        if (slots.isEmpty()) {
            return new Partitions(1, shown + " is constant: one partition");
        }
        boolean primary = index.isEmpty() || index.get().kind() == IndexKind.LOCAL || key.partition().isEmpty()
                || key.partition().equals(entity.keys().partition());
        double tableValues = entity.volume().partitionKeyValues().orElse(count.applyAsLong(type));
        if (primary) {
            return new Partitions(Math.max(1, tableValues), shown + ", " + CostModel.format(tableValues) + " values");
        }
        Set<String> tableSlots = new LinkedHashSet<>();
        slots(entity.keys().partition()).forEach(slot -> tableSlots.add(slot.attribute()));
        double values = 1;
        boolean spreadOfTable = false;
        for (KeyTemplate.Slot slot : slots) {
            AttributeDefinition attribute = entity.attributes().get(slot.attribute());
            if (attribute != null && attribute.type().storedAs().equals("BOOL")) { // true or false
                values *= 2;
            } else if (attribute != null && attribute.type() == AttributeKind.ENUM) {
                values *= Math.max(1, attribute.values().size());
            } else if (slot.isShard()) {
                values *= slot.shardCount();
            } else if (tableSlots.contains(slot.attribute())) {
                spreadOfTable = true; // the table key's slots, counted once below
            } else {
                values *= distinctInExamples(type, index.get().name(), entity, slot.attribute());
            }
        }
        if (spreadOfTable) {
            values *= tableValues;
        }
        return new Partitions(Math.max(1, values), shown + ", " + CostModel.format(values) + " values");
    }

    private double distinctInExamples(String type, String index, EntityDefinition entity, String attribute) {
        if (entity.examples().isEmpty()) {
            perItem.add(type + "." + attribute + " in " + index);
            return count.applyAsLong(type);
        }
        long distinct = entity.examples().stream().map(example -> example.get(attribute)).filter(Objects::nonNull).distinct().count();
        fromExamples.add(type + "." + attribute + " in " + index + ": " + Counted.of(distinct, "value", "values"));
        return Math.max(1, distinct);
    }

    /** The assumptions taken for GSI key slots of undeclared cardinality, for the report's defaults; empty when none. */
    List<String> defaults() {
        List<String> defaults = new ArrayList<>(2);
        if (!fromExamples.isEmpty()) {
            defaults.add("GSI partition key slots of free strings or numbers (" + String.join(", ", fromExamples) + "): as many values "
                    + "as the examples show, a floor (an enum, or examples of more values, spreads them further)");
        }
        if (!perItem.isEmpty()) {
            defaults.add("GSI partition key slots of free strings or numbers of entities without examples (" + String.join(", ", perItem)
                    + "): one value an item, an upper bound (examples give a floor)");
        }
        return defaults;
    }

    private static List<KeyTemplate.Slot> slots(List<String> templates) {
        List<KeyTemplate.Slot> slots = new ArrayList<>();
        for (String template : templates) {
            try {
                slots.addAll(KeyTemplate.parse(template).slots());
            } catch (RuntimeException e) {
                // the design's own check reports a broken template
            }
        }
        return slots;
    }
}
