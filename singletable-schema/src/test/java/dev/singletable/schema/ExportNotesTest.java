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

    @Test
    void noSqlWorkbench_whenTheSampleItemsReadBackAnIndexTemplateAsAnother_saysWhichAndWhatComesBack() {
        SchemaFile design = SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Kinds
                  partitionKey: {name: PK, type: S}
                  indexes:
                    - {name: byStatus, kind: global, partitionKey: {name: statusPK, type: S}, sortKey: {name: statusSK, type: S}}
                entities:
                  Thing:
                    attributes:
                      id: {type: string, required: true}
                      status: {type: string}
                    keys:
                      pk: "THING#{id}"
                    indexes:
                      byStatus: {pk: "{status}", sk: "{id}"}
                    examples:
                      - {id: t-1, status: ACTIVE}
                """, "kinds.singletable.yaml");

        ExportResult exported = SchemaFileExport.noSqlWorkbenchModel(design);

        assertThat(exported.notes()).extracting(ExportNote::toString).filteredOn(note -> note.contains("entities.Thing.indexes")).containsExactly(
                "not exported: entities.Thing.indexes.byStatus: its template {status} / {id}, which a model holds only in its sample items, "
                        + "whose 1 item on byStatus an import reads as ACTIVE / {id} (give examples that tell the template apart, such as "
                        + "two with different values of each slot)");
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
