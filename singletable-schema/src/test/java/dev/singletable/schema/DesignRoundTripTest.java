package dev.singletable.schema;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every design of {@code designs/} exported to each format that claims to come back (MCP schema.json, NoSQL Workbench,
 * OneTable, Dynatable, DynamoDB-Toolbox), and imported again: the file written loads, and each entity, its key and index
 * templates, and (MCP) each access pattern come back the same, or a note of the export or the import names it. Nothing is
 * dropped without a word.
 */
class DesignRoundTripTest {
    @TempDir
    Path directory;

    static Stream<Path> designs() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("../designs"))) {
            return files.filter(f -> f.toString().endsWith(".singletable.yaml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("designs")
    void mcpSchema_whenADesignIsExportedAndImported_keepsEachEntityTemplateAndPatternOrNotesIt(Path file) {
        SchemaDocument design = SchemaFile.load(file).document();
        ExportResult exported = SchemaFileExport.mcpSchema(SchemaFile.load(file));

        List<String> notes = new ArrayList<>(exported.notes().stream().map(ExportNote::toString).toList());

        ImportResult imported = ImportFormat.MCP_SCHEMA.read(exported.text(), "schema.json", design.table().name());

        notes.addAll(imported.notes().stream().map(ImportNote::toString).toList());
        assertKept(design, SchemaFileImportTest.writtenAndLoaded(imported, directory), notes, true);
    }

    @ParameterizedTest
    @MethodSource("designs")
    void noSqlWorkbench_whenADesignIsExportedAndImported_keepsEachEntityAndItsTemplatesOrNotesIt(Path file) {
        SchemaDocument design = SchemaFile.load(file).document();
        String exported = SchemaFileExport.noSqlWorkbench(SchemaFile.load(file));

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(exported, "model.json");

        assertKept(design, SchemaFileImportTest.writtenAndLoaded(imported, directory),
                imported.notes().stream().map(ImportNote::toString).toList(), false);
    }

    @ParameterizedTest
    @MethodSource("designs")
    void oneTable_whenADesignIsExportedAndImported_keepsEachEntityAndItsTemplatesOrNotesIt(Path file) {
        templateModel(file, SchemaFileExport.oneTable(SchemaFile.load(file)), ImportFormat.ONETABLE, "design.onetable.json");
    }

    @ParameterizedTest
    @MethodSource("designs")
    void dynatable_whenADesignIsExportedAndImported_keepsEachEntityAndItsTemplatesOrNotesIt(Path file) {
        templateModel(file, SchemaFileExport.dynatable(SchemaFile.load(file)), ImportFormat.DYNATABLE, "design.dynatable.json");
    }

    @ParameterizedTest
    @MethodSource("designs")
    void dynamodbToolbox_whenADesignIsExportedAndImported_keepsEachEntityAndItsTemplatesOrNotesIt(Path file) {
        templateModel(file, SchemaFileExport.dynamodbToolbox(SchemaFile.load(file)), ImportFormat.DYNAMODB_TOOLBOX, "design.toolbox.json");
    }

    private void templateModel(Path file, ExportResult exported, ImportFormat format, String fileName) {
        SchemaDocument design = SchemaFile.load(file).document();
        List<String> notes = new ArrayList<>(exported.notes().stream().map(ExportNote::toString).toList());
        if (design.entities().keySet().stream().allMatch(name -> notes.stream().anyMatch(note -> note.contains("entities." + name + ".states")))) {
            assertThatThrownBy(() -> format.read(exported.text(), fileName, design.table().name())).isInstanceOf(DesignImportException.class);
            return;
        }

        ImportResult imported = format.read(exported.text(), fileName, design.table().name());

        notes.addAll(imported.notes().stream().map(ImportNote::toString).toList());
        assertKept(design, SchemaFileImportTest.writtenAndLoaded(imported, directory), notes, false);
    }

    /** Each entity of the design back with its templates, or named by a note; with {@code patterns}, each pattern too. */
    private static void assertKept(SchemaDocument design, SchemaDocument back, List<String> notes, boolean patterns) {
        List<String> lost = new ArrayList<>();
        java.util.Map<String, EntityDefinition> entities = new java.util.LinkedHashMap<>();
        design.entities().forEach((name, entity) -> {
            if (entity.states().isPresent() && notes.stream().noneMatch(note -> note.contains("entities." + name + ".states:")
                    && note.contains("left out"))) {
                // a format without states holds each state as an entity of its own, and it comes back as one
                entity.states().get().values().values().forEach(state -> entities.put(state.type(), new EntityDefinition(entity.description(),
                        entity.attributes(), state.keys(), state.indexes(), entity.attributeBag(), List.of(), java.util.Optional.empty())));
            } else {
                entities.put(name, entity);
            }
        });
        entities.forEach((name, entity) -> {
            if (notes.stream().anyMatch(note -> note.contains("entities." + name + ":") || note.contains("entities." + name + ".states"))) {
                return;
            }
            EntityDefinition got = back.entities().get(name);
            if (got == null) {
                lost.add("entity " + name);
                return;
            }
            boolean keysNoted = notes.stream().anyMatch(note -> note.contains("entities." + name + ".keys"));
            if (!keysNoted && (!got.keys().partition().equals(entity.keys().partition()) || !got.keys().sort().equals(entity.keys().sort()))) {
                lost.add(name + " keys " + entity.keys() + " came back as " + got.keys());
            }
            entity.indexes().forEach((index, key) -> {
                KeyDefinition gotKey = got.indexes().get(index);
                boolean noted = notes.stream().anyMatch(note -> note.contains("entities." + name + ".indexes." + index)
                        || note.contains("LSI " + index) || note.startsWith("not mapped: ") && note.contains("entity " + name + ": index " + index + " "));
                if (!noted && (gotKey == null || !gotKey.partition().equals(key.partition()) || !gotKey.sort().equals(key.sort()))) {
                    lost.add(name + " on " + index + ": " + key + " came back as " + gotKey);
                }
            });
        });
        if (patterns) {
            for (int index = 0; index < design.accessPatterns().size(); index++) {
                String name = design.accessPatterns().get(index).name();
                int at = index;
                boolean noted = notes.stream().anyMatch(note -> note.contains("accessPatterns[" + at + "]") || note.contains("pattern " + name + " "));
                if (!noted && back.accessPatterns().stream().noneMatch(p -> p.name().equals(name))) {
                    lost.add("pattern " + name);
                }
            }
        }
        assertThat(lost).as("lost without a note; notes: %s", notes).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void mcpSchema_whenAnEntityIsLeftOut_leavesOutItsPatternsWithANoteAndWritesTheRest() {
        ExportResult exported = SchemaFileExport.mcpSchema(SchemaFile.load(Path.of("../designs/ecommerce.singletable.yaml")));

        ImportResult imported = ImportFormat.MCP_SCHEMA.read(exported.text(), "schema.json", "ShopTable");

        assertThat(SchemaFileImportTest.writtenAndLoaded(imported, directory).accessPatterns()).extracting(AccessPatternDefinition::name)
                .doesNotContain("product-with-inventory");
        assertThat(imported.notes()).extracting(ImportNote::toString).filteredOn(note -> note.contains("left out")).containsExactly(
                "not mapped: entities.Product: entity Product left out: it does not load as imported (indexes.GSI1.sk: template "
                        + "'PRICE#{price}', slot {price}: BigDecimal in a sort key needs a fixed width and scale so that it sorts numerically, "
                        + "for example {slot:%012.2f}); add it to the schema file by hand",
                "not mapped: accessPatterns.product-by-id: pattern product-by-id left out: it does not load as imported "
                        + "(accessPatterns[10].entity: unknown entity 'Product'; the entities are Customer, Order, OrderItem, Inventory, "
                        + "Category); add it to the schema file by hand",
                "not mapped: accessPatterns.product-with-inventory: pattern product-with-inventory left out: it does not load as imported "
                        + "(accessPatterns[11].entity: unknown entity 'Product'; the entities are Customer, Order, OrderItem, Inventory, "
                        + "Category); add it to the schema file by hand",
                "not mapped: accessPatterns.products-by-price: pattern products-by-price left out: it does not load as imported "
                        + "(accessPatterns[12].entity: unknown entity 'Product'; the entities are Customer, Order, OrderItem, Inventory, "
                        + "Category); add it to the schema file by hand");
    }

    @org.junit.jupiter.api.Test
    void mcpSchema_whenAGsiKeyIsANumberAndAPatternReadsAnLsi_notesBothOnExportAndTypesTheKeyOnImport() {
        ExportResult exported = SchemaFileExport.mcpSchema(SchemaFile.load(Path.of("../designs/shapes.singletable.yaml")));

        ImportResult imported = ImportFormat.MCP_SCHEMA.read(exported.text(), "schema.json", "ShapesTable");

        assertThat(exported.notes()).extracting(ExportNote::toString).filteredOn(note -> note.contains("LSI") || note.contains("key attribute type"))
                .containsExactly("not exported: table.indexes[1]: LSI ByUserRoom (the schema holds GSIs only)",
                        "not exported: table.indexes[2].sortKey: key attribute type N of points (the schema's keys are strings; the import "
                                + "reads a key that entities fill with one number field as N)",
                        "not exported: entities.Comment.indexes.ByUserRoom: the entity's template on LSI ByUserRoom",
                        "not exported: accessPatterns[1]: pattern rooms-of-user: it reads LSI ByUserRoom, which the schema does not hold");
        assertThat(SchemaFileImportTest.writtenAndLoaded(imported, directory).table().index("Leaderboard").orElseThrow().sortKey())
                .containsExactly(new KeyAttributeDefinition("points", KeyAttributeDefinition.KeyAttributeType.N));
        assertThat(imported.notes()).extracting(ImportNote::toString).filteredOn(note -> note.contains("read as N")).containsExactly(
                "inferred: tables[0].gsi_list[1].sort_key: GSI Leaderboard key points read as N: every entity on it fills it with one "
                        + "number field (Score.points)");
    }

    @org.junit.jupiter.api.Test
    void noSqlWorkbench_whenAModelShapedLikeAwsSamplesIsImportedExportedAndImportedAgain_givesTheSameDesign() throws IOException {
        ImportResult first = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileImportTest.IMPORTS.resolve("adversarial/reference-shapes.json"));
        Path file = directory.resolve("chat.singletable.yaml");
        SchemaFileWriter.write(first.document(), file);

        ImportResult again = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileExport.noSqlWorkbench(SchemaFile.load(file)), "chat.json");

        SchemaDocument design = SchemaFile.load(file).document();
        SchemaDocument back = SchemaFileImportTest.writtenAndLoaded(again, directory);
        assertThat(back.table()).isEqualTo(design.table());
        assertThat(back.entities().keySet()).containsExactlyElementsOf(design.entities().keySet()).containsExactly("User", "RoomMeta", "UFollowerU", "UPostP");
        design.entities().forEach((name, entity) -> {
            assertThat(back.entities().get(name).keys()).as(name).isEqualTo(entity.keys());
            assertThat(back.entities().get(name).indexes()).as(name).isEqualTo(entity.indexes());
            assertThat(back.entities().get(name).examples()).as(name).isEqualTo(entity.examples());
        });
        assertThat(again.notes()).noneMatch(note -> note.kind() == ImportNote.Kind.NOT_MAPPED);
    }

    @org.junit.jupiter.api.Test
    void noSqlWorkbench_whenIndexTemplatesHoldABucketAnInstantAndAPath_givesEachTemplateBackWithoutANotMappedNote() {
        SchemaDocument design = SchemaFile.load(Path.of("../designs/patterns.singletable.yaml")).document();
        String exported = SchemaFileExport.noSqlWorkbench(SchemaFile.load(Path.of("../designs/patterns.singletable.yaml")));

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(exported, "patterns.json");

        SchemaDocument back = SchemaFileImportTest.writtenAndLoaded(imported, directory);
        design.entities().forEach((name, entity) -> {
            assertThat(back.entities().get(name).keys()).as(name).isEqualTo(entity.keys());
            assertThat(back.entities().get(name).indexes()).as(name).isEqualTo(entity.indexes());
        });
        // the examples without the index keys' values, which the templates compose (Reading's value comes back a decimal)
        assertThat(back.entities().get("Category").examples()).isEqualTo(design.entities().get("Category").examples());
        assertThat(back.entities().get("Reading").indexes().get("GSI1")).isEqualTo(
                KeyDefinition.of("READINGS#{takenAt:bucket=DAY}#{shard:of=deviceId,count=4}", "{takenAt}#{deviceId}"));
        assertThat(imported.notes()).noneMatch(note -> note.kind() == ImportNote.Kind.NOT_MAPPED);
    }

    @org.junit.jupiter.api.Test
    void noSqlWorkbench_whenAnIndexKeyHoldsACopyOfAnAttribute_writesThatAttributesSlotAndSaysSo() {
        String exported = SchemaFileExport.noSqlWorkbench(SchemaFile.load(Path.of("../designs/products.singletable.yaml")));

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(exported, "products.json");

        assertThat(SchemaFileImportTest.writtenAndLoaded(imported, directory).entities().get("ActiveProduct").indexes())
                .isEqualTo(java.util.Map.of("GSI1", KeyDefinition.of("ACTIVE_PRODUCT", "{name}")));
        assertThat(imported.notes()).extracting(ImportNote::toString).contains("inferred: DataModel[0].TableFacets[0]: entity ActiveProduct: "
                + "GSI1SK holds the value of name in every one of the 2 sample items on GSI1; written as {name}: if GSI1SK is an attribute of "
                + "its own, write {GSI1SK} as its template");
    }
}
