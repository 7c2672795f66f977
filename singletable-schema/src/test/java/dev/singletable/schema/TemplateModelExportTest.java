package dev.singletable.schema;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Export to OneTable and Dynatable schemas: the whole schema against golden files, and the schema imported again gives
 * the same design; where the format cannot hold something, the differences are exactly the notes' paths. Run with
 * {@code -Dsingletable.golden.update=true} to rewrite the golden files after a deliberate change.
 */
class TemplateModelExportTest {
    private static final Path EXPORTS = Path.of("src/test/resources/exports");
    private static final Path IMPORTS = SchemaFileImportTest.IMPORTS;

    private static void assertGolden(String actual, Path golden) throws IOException {
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    private static List<String> notes(ExportResult result) {
        return result.notes().stream().map(ExportNote::toString).toList();
    }

    @Test
    void oneTable_whenTheCrmDesign_writesTheSchemaThatImportsBackToTheSameDesign() throws IOException {
        SchemaFile design = SchemaFile.load(IMPORTS.resolve("crm-onetable.singletable.yaml"));

        ExportResult exported = SchemaFileExport.oneTable(design);
        ImportResult back = ImportFormat.ONETABLE.read(exported.text(), "crm.onetable.json", "Crm");

        assertGolden(exported.text(), EXPORTS.resolve("crm.onetable.json"));
        assertThat(back.document()).isEqualTo(design.document());
        assertThat(notes(exported)).containsExactly("not exported: table.name: a OneTable schema holds no table name: give Crm to the import (--table)");
    }

    @Test
    void dynatable_whenTheBlogDesign_writesTheSchemaThatImportsBackToTheSameDesign() throws IOException {
        SchemaFile design = SchemaFile.load(IMPORTS.resolve("blog-dynatable.singletable.yaml"));

        ExportResult exported = SchemaFileExport.dynatable(design);
        ImportResult back = ImportFormat.DYNATABLE.read(exported.text(), "blog.dynatable.json", "BlogTable");

        assertGolden(exported.text(), EXPORTS.resolve("blog.dynatable.json"));
        assertThat(back.document()).isEqualTo(design.document());
        assertThat(back.notes()).isEmpty();
    }

    @Test
    void oneTableAndDynatable_whenTheDesignHasLsisAndExamples_keepTheLsisAndReportTheExamples() {
        SchemaFile design = SchemaFile.load(EXPORTS.resolve("orders-lsi.singletable.yaml"));

        for (boolean oneTable : new boolean[] {true, false}) {
            ExportResult exported = oneTable ? SchemaFileExport.oneTable(design) : SchemaFileExport.dynatable(design);
            ImportResult back = oneTable ? ImportFormat.ONETABLE.read(exported.text(), "orders.json", "Orders")
                    : ImportFormat.DYNATABLE.read(exported.text(), "orders.json", "Orders");

            assertThat(back.document()).isEqualTo(without(design.document(), false));
            assertThat(notes(exported)).containsExactly(
                    "not exported: table.name: a " + (oneTable ? "OneTable" : "Dynatable") + " schema holds no table name: give Orders to the import (--table)",
                    "not exported: entities.Customer.examples: 1 example (a schema holds no items)",
                    "not exported: entities.Order.examples: 2 examples (a schema holds no items)");
        }
    }

    @Test
    void oneTable_whenTheBlogDesignOfDesigns_differsBackExactlyByWhatItReports() {
        SchemaFile design = SchemaFile.load(Path.of("../designs/blog.singletable.yaml"));

        ExportResult exported = SchemaFileExport.oneTable(design);
        ImportResult back = ImportFormat.ONETABLE.read(exported.text(), "blog.onetable.json", "BlogTable");

        assertThat(back.document()).isEqualTo(without(design.document(), true));
        assertThat(notes(exported)).containsExactly(
                "not exported: table.name: a OneTable schema holds no table name: give BlogTable to the import (--table)",
                "not exported: table.indexes[0].description: index descriptions",
                "not exported: entities.User.description: entity descriptions",
                "not exported: entities.User.examples: 2 examples (a schema holds no items)",
                "not exported: entities.User.volume: the entity's volume",
                "not exported: entities.Post.description: entity descriptions",
                "not exported: entities.Post.examples: 3 examples (a schema holds no items)",
                "not exported: entities.Post.volume: the entity's volume",
                "not exported: entities.Comment.description: entity descriptions",
                "not exported: entities.Comment.examples: the example file blog-comments.jsonl (a schema holds no items)",
                "not exported: entities.Comment.volume: the entity's volume",
                "not exported: entities.PostTag.description: entity descriptions",
                "not exported: entities.PostTag.examples: 3 examples (a schema holds no items)",
                "not exported: entities.PostTag.volume: the entity's volume",
                "not exported: collections: UserPage",
                "not exported: accessPatterns: 8 named access patterns");
    }

    @Test
    void oneTable_whenTypesRolesAndSparseConditionsHaveNoEquivalent_narrowsAndReportsEachByPath() {
        SchemaFile design = SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Events
                  partitionKey: {name: PK}
                  sortKey: {name: SK}
                  billing: {mode: PROVISIONED, readCapacity: 1, writeCapacity: 1}
                  indexes:
                    - {name: GSI1, kind: global, partitionKey: {name: GSI1PK}, sortKey: {name: GSI1SK}}
                entities:
                  Event:
                    attributes:
                      id: {type: uuid, required: true}
                      day: {type: date}
                      seq: {type: integer}
                      version: {type: long, role: version}
                      done: {type: boolean}
                    keys: {pk: 'EVENT#{id}', sk: 'SEQ#{seq:%05d}'}
                    indexes:
                      GSI1: {pk: 'DAY#{day}', sk: '{id}', when: {present: done}}
                """, "events.singletable.yaml");

        ExportResult exported = SchemaFileExport.oneTable(design);

        assertThat(notes(exported)).containsExactly(
                "not exported: table.name: a OneTable schema holds no table name: give Events to the import (--table)",
                "not exported: table.billing: provisioned capacity (the schema has no billing)",
                "not exported: entities.Event.indexes.GSI1.when: the sparse condition (the model's key fields are always written)",
                "not exported: entities.Event.keys.SK: slot {seq:%05d}: its format or options are not written (${seq})",
                "not exported: entities.Event.attributes.id.type: uuid written as String",
                "not exported: entities.Event.attributes.day.type: date written as String",
                "not exported: entities.Event.attributes.seq.type: integer written as Number",
                "not exported: entities.Event.attributes.version.type: long written as Number",
                "not exported: entities.Event.attributes.version.role: version (optimistic locking is the application's)");
        assertThat(exported.text()).contains("\"value\" : \"SEQ#${seq}\"", "\"typeField\" : \"entityType\"");
    }

    @Test
    void oneTableAndMcpSchema_whenSetsDocumentsListsAndValueOptions_writeTheNearestTypeAndReportEachByPath() {
        SchemaFile design = SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Shapes
                  partitionKey: {name: PK}
                  sortKey: {name: SK}
                entities:
                  Reading:
                    attributes:
                      id: {type: string, required: true}
                      levels: {type: numberSet}
                      blobs: {type: binarySet}
                      payload: {type: document}
                      samples: {type: list, of: integer}
                      currency: {type: string, default: EUR, pattern: '[A-Z]{3}'}
                    keys: {pk: 'READING#{id}', sk: 'READING'}
                """, "shapes.singletable.yaml");

        ExportResult oneTable = SchemaFileExport.oneTable(design);
        ExportResult mcp = SchemaFileExport.mcpSchema(design);
        ExportResult toolbox = SchemaFileExport.dynamodbToolbox(design);

        assertThat(notes(oneTable)).containsExactly(
                "not exported: table.name: a OneTable schema holds no table name: give Shapes to the import (--table)",
                "not exported: entities.Reading.attributes.levels.type: numberSet written as a Set (of strings)",
                "not exported: entities.Reading.attributes.blobs.type: binarySet written as a Set (of strings)",
                "not exported: entities.Reading.attributes.payload.type: document written as an Object without schema",
                "not exported: entities.Reading.attributes.samples.type: a list of integer written as an Array without its element type",
                "not exported: entities.Reading.attributes.currency: nullable and validation rules (its default is exported)");
        assertThat(notes(mcp)).contains(
                "not exported: entities.Reading.attributes.levels.type: numberSet written as array",
                "not exported: entities.Reading.attributes.samples.type: a list of integer written as array",
                "not exported: entities.Reading.attributes.currency: nullable, default and validation rules");
        assertThat(notes(toolbox)).contains(
                "not exported: entities.Reading.attributes.payload.type: document written as any (the DTO checks nothing inside it)",
                "not exported: entities.Reading.attributes.currency: nullable, default and validation rules");
        assertThat(notes(mcp)).noneMatch(note -> note.contains("payload"));
        assertThat(toolbox.text()).contains("\"levels\" : {\n", "\"type\" : \"set\"", "\"type\" : \"number\"");
    }

    /** The design less what a template schema holds none of: examples, and (all) descriptions, volumes, collections and patterns. */
    private static SchemaDocument without(SchemaDocument document, boolean all) {
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        document.entities().forEach((name, e) -> entities.put(name, new EntityDefinition(all ? Optional.empty() : e.description(),
                e.attributes(), e.keys(), e.indexes(), e.attributeBag(), List.of(), Optional.empty(), e.states(),
                all ? EntityVolume.none() : e.volume())));
        TableDefinition table = document.table();
        if (all) {
            table = new TableDefinition(table.name(), table.description(), table.partitionKey(), table.sortKey(), table.entityTypeAttribute(),
                    table.timeToLiveAttribute(), table.billing(), table.indexes().stream().map(index -> new IndexDefinition(index.name(),
                    index.kind(), Optional.empty(), index.partitionKey(), index.sortKey(), index.projection())).toList(), table.stream());
        }
        return new SchemaDocument(table, entities, all ? Map.of() : document.collections(), all ? List.of() : document.accessPatterns(),
                document.relations(), document.types());
    }
}
