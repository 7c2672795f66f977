package dev.singletable.schema;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The wording of the exports' {@code not exported:} notes where a short one would mislead. */
class ExportNotesTest {

    @Test
    void mcpSchema_whenATypeIsWrittenUnderItsOwnNameButReadsBackAsAnother_saysWhatItReadsAs() {
        SchemaFile design = thing("""
                      quantity: {type: integer}
                    keys:
                      pk: "THING#{id}"
                """);

        ExportResult exported = SchemaFileExport.mcpSchema(design);

        assertThat(exported.notes()).extracting(ExportNote::toString).filteredOn(note -> note.contains(".type:")).containsExactly(
                "not exported: entities.Thing.attributes.quantity.type: integer written as integer, which the import reads as long");
    }

    @Test
    void oneTable_whenTheDesignHasOneAccessPattern_countsItInTheSingular() {
        SchemaFile design = thing("""
                    keys:
                      pk: "THING#{id}"
                accessPatterns:
                  - name: thing-by-id
                    operation: get
                    entity: Thing
                    key:
                      id: T1
                """);

        ExportResult exported = SchemaFileExport.oneTable(design);

        assertThat(exported.notes()).extracting(ExportNote::toString).contains("not exported: accessPatterns: 1 named access pattern");
    }

    /** A table Kinds with one entity Thing of a string id, then {@code rest}: its other attributes, keys and the file's patterns. */
    private static SchemaFile thing(String rest) {
        return SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Kinds
                  partitionKey: {name: PK, type: S}
                entities:
                  Thing:
                    attributes:
                      id: {type: string, required: true}
                """ + rest, "kinds.singletable.yaml");
    }
}
