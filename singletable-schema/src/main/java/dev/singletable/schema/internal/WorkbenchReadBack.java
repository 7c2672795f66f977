package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.DesignImportException;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.IndexDefinition;
import dev.singletable.schema.KeyAttributeDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.TableDefinition;

import java.util.List;
import java.util.Optional;

/**
 * The index templates an exported model gives back: a model holds an entity's index templates only in its sample items,
 * which an import reads them from, so each template the items read back as another (a copy of an attribute in one item
 * whose value looks like a constant, a value equal to two attributes) is a note of the export, saying what comes back.
 */
final class WorkbenchReadBack {
    private WorkbenchReadBack() {
    }

    static void note(SchemaFile design, JsonNode model, ExportNotes notes) {
        SchemaDocument back;
        try {
            back = WorkbenchImporter.read(model).document();
        } catch (DesignImportException e) {
            notes.notExported("entities", "the model's sample items do not import back (" + e.getMessage() + ")");
            return;
        }
        TableDefinition table = design.document().table();
        design.document().entityTypes().forEach((name, entity) -> {
            EntityDefinition got = back.entities().get(name);
            if (design.examples(name).isEmpty() || got == null) {
                // noted: no sample item to read the templates from, or the entity itself is not written as a facet
                return;
            }
            entity.indexes().forEach((index, key) -> {
                IndexDefinition definition = table.index(index).orElseThrow();
                Optional<KeyDefinition> read = Optional.ofNullable(got.indexes().get(index));
                if (definition.partitionKey().size() > 1 || definition.sortKey().size() > 1 || read.equals(Optional.of(asRead(key, entity, definition)))) {
                    return;
                }
                long holding = holding(model, name, definition);
                notes.notExported("entities." + name + ".indexes." + index, "its template " + SampleEntities.describe(key) + ", which a model "
                        + "holds only in its sample items, whose " + holding + (holding == 1 ? " item" : " items") + " on " + index
                        + " an import reads as " + read.map(SampleEntities::describe).orElse("no template") + " (give examples that tell the "
                        + "template apart, such as two with different values of each slot)");
            });
        });
    }

    /** The template as an import writes it: without its sparse condition (a note of its own), an LSI's without the primary pk. */
    private static KeyDefinition asRead(KeyDefinition key, EntityDefinition entity, IndexDefinition index) {
        boolean primaryPartition = index.kind() == IndexDefinition.IndexKind.LOCAL && key.partition().equals(entity.keys().partition());
        return new KeyDefinition(primaryPartition ? List.of() : key.partition(), key.sort(), Optional.empty());
    }

    /** How many of the facet's sample items hold the index's key attributes. */
    private static long holding(JsonNode model, String facet, IndexDefinition index) {
        List<KeyAttributeDefinition> keys = SampleEntities.concat(index.partitionKey(), index.sortKey());
        long holding = 0;
        for (JsonNode candidate : model.path("DataModel").path(0).path("TableFacets")) {
            if (candidate.path("FacetName").asText().equals(facet)) {
                for (JsonNode item : candidate.path("TableData")) {
                    holding += keys.stream().allMatch(key -> item.has(key.name())) ? 1 : 0;
                }
            }
        }
        return holding;
    }
}
