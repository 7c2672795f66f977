package dev.singletable.design.internal.lint;

import dev.singletable.schema.ProjectionDefinition.ProjectionType;
import dev.singletable.schema.SchemaDocument;

import java.util.List;
import java.util.Map;

/** ST012: an index of several entity types whose projection leaves out the entity-type attribute. */
final class MissingEntityType extends LintCheck {
    MissingEntityType() {
        super("ST012", "missing-entity-type", Severity.WARNING, "Entity-type attribute missing from an index",
                "An index shared by several entity types whose projection leaves out the entity-type attribute returns items that cannot "
                        + "be told apart without fetching them from the table.");
    }

    @Override
    void check(LintedDesign design) {
        SchemaDocument document = design.document();
        String entityType = document.table().entityTypeAttribute();
        design.forEachIndex((index, at) -> {
            if (index.projection().type() == ProjectionType.ALL || index.projection().attributes().contains(entityType)) {
                return;
            }
            String name = index.name();
            List<String> members = document.entities().entrySet().stream()
                    .filter(e -> e.getValue().indexes().containsKey(name))
                    .map(Map.Entry::getKey).toList();
            if (members.size() > 1) {
                design.add(this, Subject.index(name),
                        name + " holds " + String.join(", ", members) + " and projects " + index.projection().type()
                                + " without the entity-type attribute '" + entityType + "'",
                        "add '" + entityType + "' to the projection: 'projection: {type: INCLUDE, attributes: [" + entityType
                                + (index.projection().attributes().isEmpty() ? "" : ", " + String.join(", ", index.projection().attributes())) + "]}'",
                        at + "/projection");
            }
        });
    }
}
