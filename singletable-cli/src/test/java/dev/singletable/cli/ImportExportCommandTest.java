package dev.singletable.cli;

import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable import} and {@code singletable export}: exit codes, whole outputs and whole
 * written files, against golden files in {@code src/test/resources/imports}. Run with
 * {@code -Dsingletable.golden.update=true} to rewrite the golden files after a deliberate change.
 */
class ImportExportCommandTest {
    private static final Path IMPORTS = Path.of("src/test/resources/imports");

    private static String golden(String actual, String name, Path tempDir) throws IOException {
        Path golden = IMPORTS.resolve(name);
        String normalized = actual.replace(tempDir.toString(), "OUT");
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, normalized, StandardCharsets.UTF_8);
        }
        assertThat(normalized).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        return normalized;
    }

    @Test
    void importNoSqlWorkbench_whenRenamesGiven_writesYamlAndPrintsWhatWasInferred(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("social.singletable.yaml");

        CommandRun run = run("import", "nosql-workbench", IMPORTS.resolve("social-3.0.json").toString(), "-o", out.toString(),
                "--rename", "UFollowerU=Follower", "--rename", "Follower.id=userId", "--rename", "Follower.id2=followerId");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        golden(run.out(), "social.import.txt", dir);
        golden(Files.readString(out), "social.singletable.yaml", dir);
    }

    @Test
    void importNoSqlWorkbench_whenWhatIsLeftDoesNotLoad_writesNothingAndSaysWhy(@TempDir Path dir) throws IOException {
        Path model = Files.writeString(dir.resolve("tiny.json"), "{\"ModelName\": \"m\", \"ModelMetadata\": {\"Version\": \"3.0\"}, "
                + "\"DataModel\": [{\"TableName\": \"ab\", \"KeyAttributes\": {\"PartitionKey\": {\"AttributeName\": \"PK\", "
                + "\"AttributeType\": \"S\"}}, \"TableData\": [{\"PK\": {\"S\": \"USER#u1\"}}]}]}");
        Path out = dir.resolve("tiny.singletable.yaml");

        CommandRun run = run("import", "nosql-workbench", model.toString(), "-o", out.toString());

        assertThat(run).isEqualTo(new CommandRun(1, "inferred: DataModel[0].TableData[0]: entity User: keys USER#{id} (from 1 item)\n"
                + "does not load: table.name: 'ab' is not a DynamoDB table name: 3 to 255 letters, digits, '_', '-' and '.'\n"
                + model + ": the imported design does not load (1 error); nothing written\n", ""));
        assertThat(out).doesNotExist();
    }

    @Test
    void importNoSqlWorkbench_whenEachTable_writesAFileNamedAfterEachTableThatChecksClean(@TempDir Path dir) {
        Path model = Path.of("../singletable-schema/src/test/resources/imports/adversarial/own-attribute-keys.json");

        CommandRun run = run("import", "nosql-workbench", model.toString(), "--each-table", "-o", dir.resolve("designs").toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("wrote " + dir.resolve("designs/Shop.singletable.yaml") + ": table Shop, 2 entities, 2 indexes",
                "wrote " + dir.resolve("designs/Audit.singletable.yaml") + ": table Audit, 1 entity, 0 indexes");
        assertThat(run("check", dir.resolve("designs").toString()).exitCode()).isZero();
    }

    @Test
    void import_whenFileIsADirectory_exitsTwoSayingSo(@TempDir Path dir) {
        CommandRun run = run("import", "nosql-workbench", dir.toString());

        assertThat(run.withFirstErrLine()).isEqualTo(new CommandRun(2, "",
                dir + ": a directory; import reads one file: give the nosql-workbench file's path"));
    }

    @Test
    void import_whenTheFormatIsNoneOfTheRegistrys_exitsTwoListingEveryFormatAndWritesNothing(@TempDir Path dir) {
        Path model = IMPORTS.resolve("social-3.0.json");

        CommandRun run = run("import", "dynamo-dumper", model.toString(), "-o", dir.resolve("x.singletable.yaml").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("Invalid value for positional parameter at index 0 (FORMAT): 'dynamo-dumper' is not a format; "
                + "use nosql-workbench, dynatable, onetable, describe-table, mcp-schema or dynamodb-toolbox\n");
        assertThat(dir.resolve("x.singletable.yaml")).doesNotExist();
    }

    @Test
    void import_whenTheFileBesideTheInputExistsAndNoOutputIsGiven_exitsTwoNamingItAndLeavesItAsItWas(@TempDir Path dir) throws IOException {
        Path model = Files.copy(IMPORTS.resolve("social-3.0.json"), dir.resolve("social.json"));
        Path edited = Files.writeString(dir.resolve("social.singletable.yaml"), "# edited by hand since the last import\n");

        CommandRun run = run("import", "nosql-workbench", model.toString());

        assertThat(run.withFirstErrLine()).isEqualTo(new CommandRun(2, "",
                edited + " exists, and import does not overwrite a file it was not named: pass -o FILE to write another file (or "
                        + "that one, to replace it), or remove it"));
        assertThat(Files.readString(edited)).isEqualTo("# edited by hand since the last import\n");
    }

    @Test
    void import_whenOutputNamesAnExistingFile_replacesIt(@TempDir Path dir) throws IOException {
        Path model = Files.copy(IMPORTS.resolve("social-3.0.json"), dir.resolve("social.json"));
        Path old = Files.writeString(dir.resolve("social.singletable.yaml"), "# an older import\n");

        CommandRun run = run("import", "nosql-workbench", model.toString(), "-o", old.toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(Files.readString(old)).contains("format: singletable/1").doesNotContain("# an older import");
    }

    @Test
    void import_whenEachTableWithoutOutputAndOneTablesFileExists_exitsTwoAndWritesNoneOfThem(@TempDir Path dir) throws IOException {
        Path model = Files.copy(Path.of("../singletable-schema/src/test/resources/imports/adversarial/own-attribute-keys.json"),
                dir.resolve("shop.json"));
        Path audit = Files.writeString(dir.resolve("Audit.singletable.yaml"), "# edited\n");

        CommandRun run = run("import", "nosql-workbench", model.toString(), "--each-table");

        assertThat(run.withFirstErrLine()).isEqualTo(new CommandRun(2, "",
                audit + " exists, and import does not overwrite a file it was not named: import into another directory (-o DIR) or "
                        + "that table alone (--table Audit -o FILE), or remove it"));
        assertThat(Files.readString(audit)).isEqualTo("# edited\n");
        assertThat(dir.resolve("Shop.singletable.yaml")).doesNotExist();
    }

    @Test
    void import_whenEachTableIntoADirectoryWhereOneTablesFileExists_exitsTwoAndWritesNoneOfThem(@TempDir Path dir) throws IOException {
        Path model = Path.of("../singletable-schema/src/test/resources/imports/adversarial/own-attribute-keys.json");
        Path designs = Files.createDirectories(dir.resolve("designs"));
        Path audit = Files.writeString(designs.resolve("Audit.singletable.yaml"), "# edited\n");

        CommandRun run = run("import", "nosql-workbench", model.toString(), "--each-table", "-o", designs.toString());

        assertThat(run.withFirstErrLine()).isEqualTo(new CommandRun(2, "",
                audit + " exists, and import does not overwrite a file it was not named: import into another directory (-o DIR) or "
                        + "that table alone (--table Audit -o FILE), or remove it"));
        assertThat(Files.readString(audit)).isEqualTo("# edited\n");
        assertThat(designs.resolve("Shop.singletable.yaml")).doesNotExist();
    }

    @Test
    void import_whenEachTableAndTwoTablesHaveOneName_exitsOneNamingThemAndWritesNothing(@TempDir Path dir) throws IOException {
        String table = "{\"TableName\": \"Tbl\", \"KeyAttributes\": {\"PartitionKey\": {\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}}, "
                + "\"TableData\": [{\"PK\": {\"S\": \"USER#u1\"}}]}";
        Path model = Files.writeString(dir.resolve("two.json"), "{\"ModelName\": \"M\", \"ModelMetadata\": {\"Version\": \"3.0\"}, "
                + "\"DataModel\": [" + table + ", " + table + "]}");
        Path designs = dir.resolve("designs");

        CommandRun run = run("import", "nosql-workbench", model.toString(), "--each-table", "-o", designs.toString());

        // the import itself refuses a name given twice, before --each-table would write two files of one name
        assertThat(run).isEqualTo(new CommandRun(1, model + ": DataModel[1].TableName: 'Tbl' is also the name of DataModel[0]; a model's "
                + "tables have names of their own, and the second would replace the first: rename one\n", ""));
        assertThat(designs.resolve("Tbl.singletable.yaml")).doesNotExist();
    }

    @Test
    void exportNoSqlWorkbench_whenTheTablesFileExistsAndNoOutputIsGiven_exitsTwoNamingItAndLeavesItAsItWas(@TempDir Path dir) throws IOException {
        // without -o the model goes to the current directory: a table name no other test uses
        Path design = Files.writeString(dir.resolve("guard.singletable.yaml"), Files.readString(IMPORTS.resolve("shop.singletable.yaml"))
                .replace("name: Shop", "name: OverwriteGuard"));
        Path precious = Path.of("OverwriteGuard.nosql-workbench.json");
        Files.writeString(precious, "precious\n");
        try {
            CommandRun run = run("export", "nosql-workbench", design.toString());

            assertThat(run.withFirstErrLine()).isEqualTo(new CommandRun(2, "",
                    precious + " exists, and export does not overwrite a file it was not named: pass -o FILE to write another file (or "
                            + "that one, to replace it), or remove it"));
            assertThat(Files.readString(precious)).isEqualTo("precious\n");
        } finally {
            Files.delete(precious);
        }
    }

    @Test
    void exportOneTable_whenDirectoryHoldsTwoFilesOfOneTable_writesTheFirstAndExitsOneNamingBoth(@TempDir Path dir) throws IOException {
        Path designs = Files.createDirectories(dir.resolve("designs"));
        String design = Files.readString(IMPORTS.resolve("shop.singletable.yaml")).replace("name: Shop", "name: TwiceGuard");
        Files.writeString(designs.resolve("a.singletable.yaml"), design);
        Files.writeString(designs.resolve("b.singletable.yaml"), design);
        Path written = Path.of("TwiceGuard.onetable.json");
        try {
            CommandRun run = run("export", "onetable", designs.toString());

            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.out()).startsWith(designs.resolve("b.singletable.yaml") + ": table TwiceGuard is also the table of "
                    + designs.resolve("a.singletable.yaml") + ", and both would be written to TwiceGuard.onetable.json; not exported: export "
                    + "the files one at a time, each with -o FILE, or rename one table\n");
            assertThat(run.out().lines().filter(line -> line.startsWith("wrote ")).toList())
                    .containsExactly("wrote TwiceGuard.onetable.json: table TwiceGuard, 3 entities, 4 things not exported");
        } finally {
            Files.deleteIfExists(written);
        }
    }

    @Test
    void importNoSqlWorkbench_whenTableNamesNoneOfTheModels_listsThemAndWritesNothing(@TempDir Path dir) {
        Path model = Path.of("../singletable-schema/src/test/resources/imports/adversarial/own-attribute-keys.json");

        CommandRun run = run("import", "nosql-workbench", model.toString(), "--table", "Nope", "-o", dir.resolve("x.singletable.yaml").toString());

        assertThat(run).isEqualTo(new CommandRun(1, model + ": the model has no table Nope; its tables: Shop, Audit\n", ""));
        assertThat(dir.resolve("x.singletable.yaml")).doesNotExist();
    }

    @Test
    void importDescribeTable_thenExportCloudFormation_givesTheTablesKeySchemasBack(@TempDir Path dir) throws IOException {
        Path description = Path.of("../singletable-schema/src/test/resources/imports/describe-table/orders.table.json");
        Path design = dir.resolve("orders.singletable.yaml");

        CommandRun imported = run("import", "describe-table", description.toString(), "-o", design.toString());
        CommandRun exported = run("export", "cloudformation", design.toString());

        assertThat(imported.exitCode()).as(imported.out()).isZero();
        assertThat(exported.exitCode()).as(exported.err()).isZero();
        com.fasterxml.jackson.databind.ObjectMapper yaml = new com.fasterxml.jackson.databind.ObjectMapper(
                new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());
        com.fasterxml.jackson.databind.JsonNode table = yaml.readTree(exported.out()).path("Resources").elements().next().path("Properties");
        com.fasterxml.jackson.databind.JsonNode original = new com.fasterxml.jackson.databind.ObjectMapper().readTree(description.toFile()).path("Table");
        assertThat(table.path("KeySchema")).isEqualTo(original.path("KeySchema"));
        for (String kind : List.of("GlobalSecondaryIndexes", "LocalSecondaryIndexes")) {
            assertThat(table.path(kind).findValues("KeySchema")).as(kind).isEqualTo(original.path(kind).findValues("KeySchema"));
            assertThat(table.path(kind).findValues("Projection")).as(kind).isEqualTo(original.path(kind).findValues("Projection"));
        }
    }

    @Test
    void importNoSqlWorkbench_whenASampleBoolIsText_exitsOneNamingTheItemAndAttributeAndWritesNothing(@TempDir Path dir) throws IOException {
        Path model = Files.writeString(dir.resolve("users.json"), """
                {"ModelName": "M", "ModelMetadata": {"Version": "3.0"}, "DataModel": [{"TableName": "Users",
                  "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
                  "TableData": [{"PK": {"S": "USER#u1"}, "vip": {"BOOL": "yes"}}]}]}
                """);

        CommandRun run = run("import", "nosql-workbench", model.toString(), "-o", dir.resolve("users.singletable.yaml").toString());

        assertThat(run).isEqualTo(new CommandRun(1, model + ": DataModel[0].TableData[0].vip: BOOL takes true or false, found \"yes\"; "
                + "fix the sample item\n", ""));
        assertThat(dir.resolve("users.singletable.yaml")).doesNotExist();
    }

    @Test
    void importDynatable_whenOutputEndsInJson_writesJson(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("blog.singletable.json");

        CommandRun run = run("import", "dynatable", IMPORTS.resolve("blog.dynatable.json").toString(), "--table", "BlogTable", "-o", out.toString());

        assertThat(run).isEqualTo(new CommandRun(0, """
                not mapped: version: the schema's own version '1.0.0' is not kept (singletable/1 has no design version; your version control has it)
                wrote OUT/blog.singletable.json: table BlogTable, 4 entities, 1 index; 0 inferred, 1 not mapped
                """.replace("OUT", dir.toString()), ""));
        golden(Files.readString(out), "blog.singletable.json", dir);
    }

    @Test
    void importOneTable_whenFileIsNotAOneTableSchema_saysWhatItIsAndExitsOne(@TempDir Path dir) {
        CommandRun run = run("import", "onetable", IMPORTS.resolve("blog.dynatable.json").toString(), "-o", dir.resolve("x.yaml").toString());

        assertThat(run).isEqualTo(new CommandRun(1, IMPORTS.resolve("blog.dynatable.json")
                + ": format: 'dynatable:1.0.0' is not a onetable: schema; import it with the command of its format\n", ""));
        assertThat(dir.resolve("x.yaml")).doesNotExist();
    }

    @Test
    void importCommand_whenRenameNamesNoEntity_listsTheEntitiesAndExitsOne(@TempDir Path dir) {
        CommandRun run = run("import", "nosql-workbench", IMPORTS.resolve("social-3.0.json").toString(), "-o", dir.resolve("x.yaml").toString(),
                "--rename", "Followers=Follower");

        assertThat(run).isEqualTo(new CommandRun(1, IMPORTS.resolve("social-3.0.json") + ": rename 'Followers=Follower': no entity 'Followers'; "
                + "the entities are UInfo, UFollowerU, UPostP\n", ""));
    }

    @Test
    void exportOneTable_whenTheBlogDesign_writesTheSchemaSaysWhatItLeftOutAndImportsBackToADesignThatChecksClean(@TempDir Path dir)
            throws IOException {
        Path schema = dir.resolve("blog.onetable.json");

        CommandRun run = run("export", "onetable", "../designs/blog.singletable.yaml", "-o", schema.toString());

        golden(run.out(), "blog.onetable.export.txt", dir);
        golden(Files.readString(schema), "blog.onetable.json", dir);
        CommandRun back = run("import", "onetable", schema.toString(), "--table", "BlogTable", "-o", dir.resolve("blog.singletable.yaml").toString());
        assertThat(back).isEqualTo(new CommandRun(0, "wrote " + dir.resolve("blog.singletable.yaml")
                + ": table BlogTable, 4 entities, 1 index; 0 inferred, 0 not mapped\n", ""));
        assertThat(run("check", dir.resolve("blog.singletable.yaml").toString()).exitCode()).isZero();
    }

    @Test
    void exportDynatable_whenTheShopDesign_writesTheSchemaThatImportsBackWithTheSameKeys(@TempDir Path dir) throws IOException {
        Path schema = dir.resolve("shop.dynatable.json");

        CommandRun run = run("export", "dynatable", IMPORTS.resolve("shop.singletable.yaml").toString(), "-o", schema.toString());

        assertThat(run).isEqualTo(new CommandRun(0, """
                not exported: table.name: a Dynatable schema holds no table name: give Shop to the import (--table)
                not exported: entities.Customer.examples: 2 examples (a schema holds no items)
                not exported: entities.Order.examples: 2 examples (a schema holds no items)
                not exported: entities.Review.examples: 1 example (a schema holds no items)
                wrote OUT/shop.dynatable.json: table Shop, 3 entities, 4 things not exported
                """.replace("OUT", dir.toString()), ""));
        CommandRun back = run("import", "dynatable", schema.toString(), "--table", "Shop", "-o", dir.resolve("shop.singletable.yaml").toString());
        assertThat(back.exitCode()).isZero();
        SchemaDocument original = SchemaFile.load(IMPORTS.resolve("shop.singletable.yaml")).document();
        SchemaDocument imported = SchemaFile.load(dir.resolve("shop.singletable.yaml")).document();
        assertThat(imported.table()).isEqualTo(original.table());
        original.entities().forEach((name, entity) -> {
            assertThat(imported.entities().get(name).keys()).isEqualTo(entity.keys());
            assertThat(imported.entities().get(name).indexes()).isEqualTo(entity.indexes());
            assertThat(imported.entities().get(name).attributes()).isEqualTo(entity.attributes());
        });
    }

    @Test
    void importMcpSchema_whenEachTable_writesAFileForEachTableThatChecksCleanAndExportsBack(@TempDir Path dir) throws IOException {
        Path schema = Path.of("../singletable-schema/src/test/resources/imports/mcp/deals.schema.json");

        CommandRun run = run("import", "mcp-schema", schema.toString(), "--each-table", "-o", dir.resolve("designs").toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("wrote " + dir.resolve("designs/Deals.singletable.yaml") + ": table Deals, 2 entities, 2 indexes; 2 inferred, 3 not mapped",
                "wrote " + dir.resolve("designs/Audit.singletable.yaml") + ": table Audit, 1 entity, 0 indexes; 1 inferred, 0 not mapped");
        assertThat(run("check", dir.resolve("designs").toString()).exitCode()).isZero();
        CommandRun export = run("export", "mcp-schema", dir.resolve("designs/Deals.singletable.yaml").toString(), "-o", dir.resolve("deals.json").toString());
        assertThat(export.exitCode()).isZero();
        assertThat(export.out()).endsWith("wrote " + dir.resolve("deals.json") + ": table Deals, 2 entities, 5 things not exported\n");
        CommandRun again = run("import", "mcp-schema", dir.resolve("deals.json").toString(), "-o", dir.resolve("again.singletable.yaml").toString());
        assertThat(again.exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("again.singletable.yaml"))).isEqualTo(Files.readString(dir.resolve("designs/Deals.singletable.yaml")));
    }

    @Test
    void exportNoSqlWorkbench_whenSchemaFile_writesTheModelThatImportsBack(@TempDir Path dir) throws IOException {
        Path model = dir.resolve("shop.json");

        CommandRun run = run("export", "nosql-workbench", IMPORTS.resolve("shop.singletable.yaml").toString(), "-o", model.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + model + ": table Shop, 3 facets, 5 sample items\n", ""));
        golden(Files.readString(model), "shop.nosql-workbench.json", dir);
        CommandRun back = run("import", "nosql-workbench", model.toString(), "-o", dir.resolve("shop.singletable.yaml").toString());
        assertThat(back.exitCode()).isZero();
        golden(back.out(), "shop.reimport.txt", dir);
    }

    @Test
    void exportNoSqlWorkbench_whenARelationIsExportedAndImported_writesTheRelationBackAndCountsIt(@TempDir Path dir) throws IOException {
        Path model = dir.resolve("memberships.json");
        Path back = dir.resolve("memberships.singletable.yaml");
        run("export", "nosql-workbench", "../designs/memberships.singletable.yaml", "-o", model.toString());

        CommandRun run = run("import", "nosql-workbench", model.toString(), "-o", back.toString());

        assertThat(run.out()).endsWith("wrote " + back + ": table MembershipTable, 2 entities, 1 relation, 0 indexes; 1 inferred, 0 not mapped\n");
        assertThat(run("check", back.toString()).exitCode()).isZero();
    }

    @Test
    void exportNoSqlWorkbench_whenDirectoryHoldsBlogAndShapes_writesOneModelPerTableAndSaysWhatItLeftOut(@TempDir Path dir) throws IOException {
        // the blog and shapes designs of designs/ (which holds more), in a directory of their own
        Path designs = Files.createDirectories(dir.resolve("designs"));
        for (String file : new String[] {"blog.singletable.yaml", "blog-comments.jsonl", "shapes.singletable.yaml"}) {
            Files.copy(Path.of("../designs", file), designs.resolve(file));
        }

        CommandRun run = run("export", "nosql-workbench", designs.toString());

        // without -o, the models go to the current directory: move them into the temporary one
        for (String table : new String[] {"BlogTable", "ShapesTable"}) {
            Files.move(Path.of(table + ".nosql-workbench.json"), dir.resolve(table + ".nosql-workbench.json"));
        }
        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        golden(run.out(), "blog-shapes.nosql-workbench.export.txt", dir);
        golden(Files.readString(dir.resolve("ShapesTable.nosql-workbench.json")), "shapes.nosql-workbench.json", dir);
    }

    @Test
    void exportNoSqlWorkbench_whenAnEntityHasStates_countsAFacetPerState(@TempDir Path dir) {
        Path model = dir.resolve("products.json");

        CommandRun run = run("export", "nosql-workbench", "../designs/products.singletable.yaml", "-o", model.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).endsWith("wrote " + model + ": table ProductTable, 2 facets, 4 sample items\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"onetable", "dynatable", "dynamodb-toolbox"}) // mcp-schema writes an entity per state
    void exportSchema_whenNoEntityFitsTheFormat_exitsOneAndWritesNothing(String format, @TempDir Path dir) {
        Path schema = dir.resolve("products.json");

        CommandRun run = run("export", format, "../designs/products.singletable.yaml", "-o", schema.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).endsWith("../designs/products.singletable.yaml: the design's one entity cannot be written in this format "
                + "(see the notes above); nothing written to " + schema + "\n");
        assertThat(schema).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"onetable", "dynatable", "dynamodb-toolbox"}) // mcp-schema writes an entity per state
    void exportSchema_whenOneOfTwoEntitiesIsLeftOut_countsTheOneWritten(String format, @TempDir Path dir) throws IOException {
        Path design = Files.writeString(dir.resolve("products.singletable.yaml"), Files.readString(Path.of("../designs/products.singletable.yaml"))
                .replace("\naccessPatterns:", "\n  Note:\n    attributes:\n      id: {type: string, required: true}\n    keys: {pk: \"NOTE#{id}\", sk: NOTE}\naccessPatterns:"));
        Path schema = dir.resolve("products.json");

        CommandRun run = run("export", format, design.toString(), "-o", schema.toString());

        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(run.out().lines().reduce((first, second) -> second).orElseThrow()).startsWith("wrote " + schema + ": table ProductTable, 1 entity, ");
    }

    @Test
    void exportNoSqlWorkbench_whenDataFileGiven_takesTheEntitysSampleItemsFromIt(@TempDir Path dir) throws IOException {
        Path model = dir.resolve("shop.json");

        CommandRun run = run("export", "nosql-workbench", IMPORTS.resolve("shop.singletable.yaml").toString(), "-o", model.toString(),
                "--data", "Order=" + IMPORTS.resolve("shop-orders.jsonl"));

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + model + ": table Shop, 3 facets, 6 sample items\n", ""));
        golden(Files.readString(model), "shop-with-data.nosql-workbench.json", dir);
    }

    @Test
    void exportNoSqlWorkbench_whenDataNamesNoEntity_listsTheEntitiesAndExitsTwo(@TempDir Path dir) {
        CommandRun run = run("export", "nosql-workbench", IMPORTS.resolve("shop.singletable.yaml").toString(), "-o", dir.resolve("m.json").toString(),
                "--data", "Orders=" + IMPORTS.resolve("shop-orders.jsonl"));

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("--data Orders=" + IMPORTS.resolve("shop-orders.jsonl") + ": no entity 'Orders' in table Shop; "
                + "the entities are Customer, Order, Review\n");
        assertThat(dir.resolve("m.json")).doesNotExist();
    }

    @Test
    void exportNoSqlWorkbench_whenDirectoryHoldsTwoFilesAndOutputIsOne_refusesAndExitsOne(@TempDir Path dir) throws IOException {
        Files.copy(IMPORTS.resolve("shop.singletable.yaml"), dir.resolve("a.singletable.yaml"));
        Files.copy(IMPORTS.resolve("shop.singletable.yaml"), dir.resolve("b.singletable.yaml"));

        CommandRun run = run("export", "nosql-workbench", dir.toString(), "-o", dir.resolve("model.json").toString());

        assertThat(run).isEqualTo(new CommandRun(1, dir + ": holds 2 schema files; -o names one model: leave it out to write one per table\n", ""));
    }
}
