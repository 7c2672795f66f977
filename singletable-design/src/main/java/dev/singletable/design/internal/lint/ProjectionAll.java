package dev.singletable.design.internal.lint;

import dev.singletable.KeyTemplate;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.ProjectionDefinition.ProjectionType;
import dev.singletable.schema.SchemaDocument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** ST011: an index projecting ALL onto which entities copy many attributes (one no pattern reads is ST021's). */
final class ProjectionAll extends LintCheck {
    /** Non-key attributes from which an ALL projection is worth a second look. */
    static final int PROJECTION_ALL_ATTRIBUTES = 6;

    ProjectionAll() {
        super("ST011", "projection-all", Severity.NOTE, "Index projecting ALL attributes",
                "ALL copies every attribute of every item written to the index: writes and storage pay for attributes that the index's "
                        + "access patterns may not need.");
    }

    @Override
    void check(LintedDesign design) {
        SchemaDocument document = design.document();
        design.forEachIndex((index, at) -> {
            String name = index.name();
            // an index nothing reads is ST021's finding: its projection is not the question
            if (index.projection().type() != ProjectionType.ALL || !design.unreadHolders(name).isEmpty()) {
                return;
            }
            Map<String, Integer> wide = new LinkedHashMap<>();
            document.entities().forEach((entity, definition) -> {
                KeyDefinition key = definition.indexes().get(name);
                if (key != null) {
                    Set<String> keySlots = new LinkedHashSet<>();
                    List<String> templates = new ArrayList<>(key.partition());
                    templates.addAll(key.sort());
                    templates.forEach(t -> keySlots.addAll(KeyTemplate.parse(t).attributeNames()));
                    int others = (int) definition.attributes().keySet().stream().filter(a -> !keySlots.contains(a)).count();
                    if (others >= PROJECTION_ALL_ATTRIBUTES) {
                        wide.put(entity, others);
                    }
                }
            });
            if (wide.isEmpty()) {
                return;
            }
            List<String> parts = new ArrayList<>();
            wide.forEach((entity, count) -> parts.add(entity + " copies " + count + " attributes besides its index keys"));
            design.add(this, Subject.index(name), name + " projects ALL: " + String.join("; ", parts),
                    "project INCLUDE with the attributes its access patterns show (and the entity-type attribute), or KEYS_ONLY and "
                            + "read whole items with fetchFullItems()",
                    at + "/projection");
        });
    }
}
