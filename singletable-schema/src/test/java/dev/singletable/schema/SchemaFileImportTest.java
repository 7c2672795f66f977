package dev.singletable.schema;

import dev.singletable.schema.AttributeDefinition.AttributeKind;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Imports of NoSQL Workbench models (1.0 with facets, 3.0 without), a Dynatable and a OneTable
 * schema: the whole schema file written and the whole list of notes, against golden files in
 * {@code src/test/resources/imports}. Every imported file loads ({@link SchemaFile#of}).
 * Run with {@code -Dsingletable.golden.update=true} to rewrite the golden files after a deliberate change.
 */
class SchemaFileImportTest {
    static final Path IMPORTS = Path.of("src/test/resources/imports");

    static void assertGolden(String actual, String goldenName) throws IOException {
        Path golden = IMPORTS.resolve(goldenName);
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    /** The imported document written as a file in {@code directory} and loaded from it: what a user's `check` sees. */
    static SchemaDocument writtenAndLoaded(ImportResult result, Path directory) {
        Path file = directory.resolve("imported.singletable.yaml");
        SchemaFileWriter.write(result.document(), file);
        return SchemaFile.load(file).document();
    }

    static String notes(ImportResult result) {
        return result.notes().stream().map(ImportNote::toString).collect(Collectors.joining("\n", "", "\n"));
    }

    private static void assertImport(ImportResult result, String name) throws IOException {
        String yaml = SchemaFileWriter.toYaml(result.document());
        assertGolden(yaml, name + ".singletable.yaml");
        assertGolden(notes(result), name + ".notes.txt");
        assertThat(SchemaFile.parse(yaml, name + ".singletable.yaml").document()).isEqualTo(result.document());
    }

    @Test
    void noSqlWorkbench_whenModelHasNoFacets_infersEntitiesAndTemplatesFromSampleItems() throws IOException {
        assertImport(ImportFormat.NOSQL_WORKBENCH.read(IMPORTS.resolve("social-3.0.json")), "social-3.0");
    }

    @Test
    void noSqlWorkbench_whenModelHasFacets_makesOneEntityPerFacetWithItsAliases() throws IOException {
        assertImport(ImportFormat.NOSQL_WORKBENCH.read(IMPORTS.resolve("orders-1.0.json")), "orders-1.0");
    }

    @Test
    void noSqlWorkbench_whenFacetsHaveNoItems_takesTheTableItemsNamingThemAndReportsTheOthers() throws IOException {
        assertImport(ImportFormat.NOSQL_WORKBENCH.read(IMPORTS.resolve("library-3.0.json")), "library-3.0");
    }

    @Test
    void noSqlWorkbench_whenSortKeyIsANumber_makesItsSlotALongAndKeepsNestedMapsAsDocuments() throws IOException {
        assertImport(ImportFormat.NOSQL_WORKBENCH.read(IMPORTS.resolve("scores-3.0.json")), "scores-3.0");
    }

    @Test
    void dynatable_whenSeedBlogSchema_mapsModelsKeysIndexesAndTimestamps() throws IOException {
        assertImport(ImportFormat.DYNATABLE.read(IMPORTS.resolve("blog.dynatable.json"), "BlogTable"), "blog-dynatable");
    }

    @Test
    void dynatable_whenSeedBlogSchema_givesTheKeysAndIndexesOfTheHandWrittenBlogDesign() {
        SchemaDocument imported = ImportFormat.DYNATABLE.read(IMPORTS.resolve("blog.dynatable.json"), "BlogTable").document();
        SchemaDocument written = SchemaFile.load(Path.of("../designs/blog.singletable.yaml")).document();

        assertThat(imported.entities().keySet()).containsExactlyElementsOf(written.entities().keySet());
        imported.entities().forEach((name, entity) -> {
            assertThat(entity.keys()).as(name).isEqualTo(written.entities().get(name).keys());
            assertThat(entity.indexes()).as(name).isEqualTo(written.entities().get(name).indexes());
        });
        assertThat(imported.table().indexes()).isEqualTo(written.table().indexes().stream()
                .map(i -> new IndexDefinition(i.name(), i.kind(), java.util.Optional.empty(), i.partitionKey(), i.sortKey(), i.projection()))
                .toList());
    }

    @Test
    void oneTable_whenSchemaHasLocalIndexTtlAndEnums_mapsThemAndReportsTheRest() throws IOException {
        assertImport(ImportFormat.ONETABLE.read(IMPORTS.resolve("crm.onetable.yaml"), "Crm"), "crm-onetable");
    }

    /** Three OneTable models whose {@code address} fields nest records of two shapes. */
    private static final String SHOPS = """
            format: onetable:1.1.0
            indexes:
              primary: {hash: pk, sort: sk}
            models:
              Shop:
                pk: {type: string, value: 'shop#${id}'}
                sk: {type: string, value: 'shop#'}
                id: {type: string, required: true}
                address: {type: object, schema: {street: {type: string}}}
              User:
                pk: {type: string, value: 'user#${id}'}
                sk: {type: string, value: 'user#'}
                id: {type: string, required: true}
                address: {type: object, schema: {street: {type: string}, floor: {type: number}}}
              Depot:
                pk: {type: string, value: 'depot#${id}'}
                sk: {type: string, value: 'depot#'}
                id: {type: string, required: true}
                address: {type: object, schema: {street: {type: string}}}
            params: {}
            """;

    @Test
    void oneTable_whenTheFormatIsAnotherVersion_readsItAndSaysSo() {
        ImportResult result = ImportFormat.ONETABLE.read(SHOPS.replace("format: onetable:1.1.0", "format: onetable:9.0.0"),
                "shops.onetable.yaml", "Shops");

        assertThat(result.document().entities()).containsOnlyKeys("Shop", "User", "Depot");
        assertThat(result.notes()).extracting(ImportNote::toString)
                .contains("not mapped: format: 'onetable:9.0.0' is read as onetable:1.1.0, the version this import knows: check what it left out");
    }

    @Test
    void oneTable_whenTwoModelsNestDifferentSchemasUnderOneFieldName_namesTheSecondRecordTypeAfterItsModel() {
        ImportResult result = ImportFormat.ONETABLE.read(SHOPS, "shops.onetable.yaml", "Shops");

        assertThat(result.document().types()).isEqualTo(Map.of(
                "Address", new RecordTypeDefinition(Optional.empty(), Map.of("street", AttributeDefinition.of(AttributeKind.STRING, false))),
                "UserAddress", new RecordTypeDefinition(Optional.empty(), Map.of("street", AttributeDefinition.of(AttributeKind.STRING, false),
                        "floor", AttributeDefinition.of(AttributeKind.DECIMAL, false)))));
        assertThat(result.document().entities()).extractingFromEntries(e -> e.getKey() + " " + e.getValue().attributes().get("address"))
                .containsExactly(
                        "Shop " + AttributeDefinition.ofRecords(AttributeKind.RECORD, "Address", false),
                        "User " + AttributeDefinition.ofRecords(AttributeKind.RECORD, "UserAddress", false),
                        "Depot " + AttributeDefinition.ofRecords(AttributeKind.RECORD, "Address", false));
        assertThat(notes(result)).isEqualTo("""
                inferred: models.Shop.address.schema: nested schema read as the record type Address (named after the field)
                inferred: models.User.address.schema: nested schema read as the record type UserAddress (named after the model and field)
                inferred: models.Depot.address.schema: nested schema read as the record type Address (named after the field)
                """);
    }

    @Test
    void noSqlWorkbench_whenTextIsNotJson_throwsWithLineAndColumn() {
        assertThatThrownBy(() -> ImportFormat.NOSQL_WORKBENCH.read("{\"ModelName\": \"x\",\n  \"DataModel\": [}", "model.json"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("model.json:2:17: not valid JSON: Unexpected close marker '}': expected ']' (for Array starting at "
                        + "[Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 2, column: 16])");
    }

    @Test
    void noSqlWorkbench_whenTableHasNeitherFacetsNorItems_throwsSayingHowToAddThem() {
        String model = """
                {"ModelName": "Empty", "ModelMetadata": {"Version": "3.0"},
                 "DataModel": [{"TableName": "Empty", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}}}]}
                """;

        assertThatThrownBy(() -> ImportFormat.NOSQL_WORKBENCH.read(model, "empty.json"))
                .isInstanceOf(DesignImportException.class)
                .hasMessage("DataModel[0]: table Empty has neither facets nor sample items, so there is no entity to import; add a facet "
                        + "(Data modeler, Add facet) or sample items (Visualizer, Update) and export it again");
    }

    @Test
    void rename_whenSlotAttributeRenamed_renamesItInKeysIndexesAndExamples() throws IOException {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(IMPORTS.resolve("social-3.0.json"));

        SchemaDocument renamed = SchemaFileImport.rename(SchemaFileImport.rename(result.document(), "UPostP=Post"), "Post.id2=postId");

        EntityDefinition post = renamed.entities().get("Post");
        assertThat(post.keys()).isEqualTo(KeyDefinition.of("u#{id}#post", "p#{postId}"));
        assertThat(post.indexes()).isEqualTo(java.util.Map.of("GSI1", KeyDefinition.of("POSTS", "{postedAt}#p#{postId}")));
        assertThat(post.attributes().keySet()).containsExactly("id", "postId", "content", "postedAt", "tags");
        assertThat(post.examples().get(1)).isEqualTo(java.util.Map.of("id", "1002", "postId", "5002", "content", "hi",
                "postedAt", "2026-11-02T09:30:00Z"));
    }
}
