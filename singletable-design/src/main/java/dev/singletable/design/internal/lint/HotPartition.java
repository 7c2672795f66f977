package dev.singletable.design.internal.lint;

import dev.singletable.KeyTemplate;
import dev.singletable.capacity.PartitionLimits;
import dev.singletable.design.internal.cost.CostModel;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.Rates;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * ST003: a partition key, the table's or an index's, that is constant or takes few values: by its slots' types (boolean,
 * a small enum), or, for an index key slot of a free string or number, by the distinct values of the entity's examples
 * when the declared peak writes would put more than a partition takes on so few values.
 */
final class HotPartition extends LintCheck {
    HotPartition() {
        super("ST003", "hot-partition", Severity.WARNING, "Constant or low-cardinality partition key",
                "Every item with the same partition key lives in one partition, which serves at most 1,000 write units and 3,000 read "
                        + "units a second (a write unit is 1 KB of an item, a read unit 4 KB read strongly consistent or twice that "
                        + "eventually consistent); a constant key or one of a few values puts a whole entity type there.");
    }

    @Override
    void check(LintedDesign design) {
        design.document().entities().forEach((entity, definition) -> {
            hotPartition(design, entity, definition, "the table", definition.keys().partition(), "/entities/" + entity + "/keys/pk");
            definition.indexes().forEach((index, key) -> {
                if (!key.partition().isEmpty()) {
                    hotPartition(design, entity, definition, index, key.partition(), "/entities/" + entity + "/indexes/" + index + "/pk");
                }
            });
        });
    }

    private void hotPartition(LintedDesign design, String entity, EntityDefinition definition, String where, List<String> templates, String at) {
        long partitions = 1;
        boolean fromExamples = false;
        List<String> slots = new ArrayList<>();
        for (String text : templates) {
            for (KeyTemplate.Slot slot : KeyTemplate.parse(text).slots()) {
                Optional<Integer> values = LintedDesign.cardinality(definition.attributes().get(slot.attribute()));
                boolean shown = false;
                if (values.isEmpty() && !where.equals("the table") && !tableSlot(definition, slot.attribute())) {
                    values = examplesShow(definition, slot.attribute());
                    shown = values.isPresent();
                }
                if (values.isEmpty()) {
                    return;
                }
                fromExamples |= shown;
                partitions *= values.get();
                slots.add(slot.attribute() + ": " + Counted.of(values.get(), "value", "values") + (shown ? " in the examples" : ""));
            }
        }
        double peakWrites = definition.volume().writes().map(Rates::peak).orElse(0.0);
        if (fromExamples && peakWrites / partitions <= PartitionLimits.WRITE_UNITS_PER_SECOND) {
            return; // the examples are a floor of the values, not their number: flagged only when even the writes overflow them
        }
        String shown = templates.size() == 1 ? "'" + templates.get(0) + "'" : templates.toString();
        String message = slots.isEmpty()
                ? "partition key " + shown + " on " + where + " is constant: every " + entity + " item is in one partition"
                : fromExamples
                ? "partition key " + shown + " on " + where + " may take as few values as the examples show (" + String.join(", ", slots)
                        + "): the peak of " + CostModel.format(peakWrites) + " " + entity + " writes a second, at least one write unit "
                        + "each, into " + Counted.of(partitions, "partition", "partitions") + " is over the "
                        + CostModel.format(PartitionLimits.WRITE_UNITS_PER_SECOND) + " write units a second a partition takes"
                : "partition key " + shown + " on " + where + " takes at most " + partitions + " values (" + String.join(", ", slots)
                        + "): every " + entity + " item is in one of " + partitions + " partitions";
        design.add(this, Subject.entity(entity), message,
                "shard the writes: add a write-shard slot, '" + templates.get(0) + "#{shard:of=ID,count=N}' with ID an attribute of many "
                        + "values (the item's id) and N about the write units a second (the writes times the item's 1 KB blocks) "
                        + "over 1,000, and read the N shards in parallel with acrossShards(); for time-ordered items a time bucket "
                        + "({createdAt:bucket=DAY}) spreads them too; or key by a high-cardinality attribute",
                at);
    }

    /** True when the attribute is a slot of the table's partition key: an index keyed on it spreads as the table does. */
    private static boolean tableSlot(EntityDefinition definition, String attribute) {
        return definition.keys().partition().stream().flatMap(text -> KeyTemplate.parse(text).slots().stream())
                .anyMatch(slot -> slot.attribute().equals(attribute));
    }

    /** The distinct values of the attribute in the entity's examples; empty when it has no examples. */
    private static Optional<Integer> examplesShow(EntityDefinition definition, String attribute) {
        if (definition.examples().isEmpty()) {
            return Optional.empty();
        }
        long distinct = definition.examples().stream().map(example -> example.get(attribute)).filter(Objects::nonNull).distinct().count();
        return Optional.of((int) Math.max(1, distinct));
    }
}
