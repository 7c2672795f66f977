package dev.singletable.design.internal.lint;

import dev.singletable.KeyTemplate;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.schema.EntityDefinition;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** ST003: a partition key, the table's or an index's, that is constant or takes few values. */
final class HotPartition extends LintCheck {
    HotPartition() {
        super("ST003", "hot-partition", Severity.WARNING, "Constant or low-cardinality partition key",
                "Every item with the same partition key lives in one partition, which takes at most 1,000 writes and 3,000 reads a second; "
                        + "a constant key or one of a few values puts a whole entity type there.");
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
        List<String> slots = new ArrayList<>();
        for (String text : templates) {
            for (KeyTemplate.Slot slot : KeyTemplate.parse(text).slots()) {
                Optional<Integer> values = LintedDesign.cardinality(definition.attributes().get(slot.attribute()));
                if (values.isEmpty()) {
                    return;
                }
                partitions *= values.get();
                slots.add(slot.attribute() + ": " + Counted.of(values.get(), "value", "values"));
            }
        }
        String shown = templates.size() == 1 ? "'" + templates.get(0) + "'" : templates.toString();
        String message = slots.isEmpty()
                ? "partition key " + shown + " on " + where + " is constant: every " + entity + " item is in one partition"
                : "partition key " + shown + " on " + where + " takes at most " + partitions + " values (" + String.join(", ", slots)
                        + "): every " + entity + " item is in one of " + partitions + " partitions";
        design.add(this, Subject.entity(entity), message,
                "shard the writes: add a write-shard slot, '" + templates.get(0) + "#{shard:of=ID,count=N}' with ID an attribute of many "
                        + "values (the item's id) and N about the writes a second over 1,000, and read the N shards in parallel with "
                        + "acrossShards(); for time-ordered items a time bucket ({createdAt:bucket=DAY}) spreads them too; or key by a "
                        + "high-cardinality attribute",
                at);
    }
}
