package dev.singletable.schema.internal;

import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.EntityVolume;
import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.schema.ExportNote;
import dev.singletable.schema.ExportResult;
import dev.singletable.schema.SchemaDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What one export could not write, in the order it was met; and the parts of a design that no format of an entity tool holds. */
final class ExportNotes {
    private final List<ExportNote> notes = new ArrayList<>();

    void notExported(String path, String message) {
        notes.add(new ExportNote(path, message));
    }

    /** An entity's description, examples, attribute bag and volume, which a format's entity has no place for. */
    void entityExtras(EntityDefinition entity, String at, String holder) {
        entity.description().ifPresent(d -> notExported(at + ".description", "entity descriptions"));
        examples(entity, at, holder);
        bagAndVolume(entity, at);
    }

    /**
     * An attribute's enum values, role, generated id, description and value options (nullable, default, rules), which
     * neither the NoSQL Workbench model nor the MCP schema holds.
     */
    void attributeExtras(AttributeDefinition attribute, String at) {
        if (!attribute.values().isEmpty()) {
            notExported(at + ".values", "the enum's values");
        }
        attribute.role().ifPresent(role -> notExported(at + ".role", role.fileName()));
        attribute.generated().ifPresent(generated -> notExported(at + ".generated", generated.name().toLowerCase(Locale.ROOT)));
        attribute.description().ifPresent(d -> notExported(at + ".description", "attribute descriptions"));
        if (!attribute.hasNoValueOptions()) {
            notExported(at, "nullable, default and validation rules");
        }
    }

    /** An entity's attribute bag and volume, which no format of another tool holds. */
    void bagAndVolume(EntityDefinition entity, String at) {
        if (entity.attributeBag()) {
            notExported(at + ".attributeBag", "the bag of unmapped attributes");
        }
        if (!entity.volume().equals(EntityVolume.none())) {
            notExported(at + ".volume", "the entity's volume");
        }
    }

    private void examples(EntityDefinition entity, String at, String holder) {
        if (!entity.examples().isEmpty() || entity.exampleFile().isPresent()) {
            List<String> what = new ArrayList<>();
            if (!entity.examples().isEmpty()) {
                what.add(entity.examples().size() == 1 ? "1 example" : entity.examples().size() + " examples");
            }
            entity.exampleFile().ifPresent(file -> what.add("the example file " + file));
            notExported(at + ".examples", String.join(" and ", what) + " (" + holder + " holds no items)");
        }
    }

    /** The design's collections, named access patterns and relations, which a format of entities has no place for. */
    void designExtras(SchemaDocument document) {
        designExtras(document, "");
    }

    /** As {@link #designExtras(SchemaDocument)}, the relations' note followed by {@code relationsWhy} ({@code " (...)"}). */
    void designExtras(SchemaDocument document, String relationsWhy) {
        if (!document.collections().isEmpty()) {
            notExported("collections", String.join(", ", document.collections().keySet()));
        }
        if (!document.accessPatterns().isEmpty()) {
            int patterns = document.accessPatterns().size();
            notExported("accessPatterns", patterns + (patterns == 1 ? " named access pattern" : " named access patterns"));
        }
        if (!document.relations().isEmpty()) {
            notExported("relations", String.join(", ", document.relations().keySet()) + relationsWhy);
        }
    }

    /** The exported tree as the file's text, with what it could not hold and how many entity types it holds. */
    ExportResult result(JsonNode exported, int entities) {
        return new ExportResult(SchemaFiles.pretty(exported), List.copyOf(notes), entities);
    }
}
