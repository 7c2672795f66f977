package dev.singletable.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Export to a NoSQL Workbench 3.0 model: the whole model against golden files, and the model
 * imported again gives the same design. Run with {@code -Dsingletable.golden.update=true} to
 * rewrite the golden files after a deliberate change.
 */
class SchemaFileExportTest {
    private static final Path EXPORTS = Path.of("src/test/resources/exports");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static void assertGolden(String actual, Path golden) throws IOException {
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    @Test
    void noSqlWorkbench_whenShopDesign_writesOneFacetPerEntityGsisAndSampleItems() throws IOException {
        String model = SchemaFileExport.noSqlWorkbench(SchemaFile.load(EXPORTS.resolve("shop.singletable.yaml")));

        assertGolden(model, EXPORTS.resolve("shop.workbench.json"));
        JsonNode table = JSON.readTree(model).path("DataModel").get(0);
        assertThat(table.path("TableFacets").findValuesAsText("FacetName")).containsExactly("Customer", "Order", "Review");
    }

    @Test
    void noSqlWorkbench_whenExportedModelIsImported_givesTheSameDesign() {
        SchemaDocument design = SchemaFile.load(EXPORTS.resolve("shop.singletable.yaml")).document();

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileExport.noSqlWorkbench(SchemaFile.of(design)), "shop.workbench.json");

        assertThat(withoutEntityDescriptions(imported.document())).isEqualTo(design);
        assertThat(imported.notes()).containsExactly(
                new ImportNote(ImportNote.Kind.INFERRED, "DataModel[0].TableFacets[1]",
                        "entity Order: GSI1 STATUS#{status} / ORDER#{orderId} (from 2 of 2 items)"),
                new ImportNote(ImportNote.Kind.INFERRED, "DataModel[0].TableFacets[2]",
                        "entity Review: ByProduct {productId} (from 1 of 1 item)"));
    }

    @Test
    void noSqlWorkbench_whenBlogDesignWithExampleFile_writesItsKeysAsAWriteComposesThem() throws IOException {
        String model = SchemaFileExport.noSqlWorkbench(SchemaFile.load(Path.of("../designs/blog.singletable.yaml")));

        assertGolden(model, EXPORTS.resolve("blog.workbench.json"));
    }

    @Test
    void noSqlWorkbench_whenTheDesignHasLsis_writesThemWithTheTablesPartitionKeyAndImportsThemBack() throws IOException {
        SchemaDocument design = SchemaFile.load(EXPORTS.resolve("orders-lsi.singletable.yaml")).document();

        String model = SchemaFileExport.noSqlWorkbench(SchemaFile.of(design));
        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(model, "orders-lsi.workbench.json");

        assertThat(JSON.readTree(model).path("DataModel").get(0).path("LocalSecondaryIndexes")).isEqualTo(JSON.readTree("""
                [{"IndexName": "ByPlacedAt", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                   "SortKey": {"AttributeName": "placedAt", "AttributeType": "S"}}, "Projection": {"ProjectionType": "KEYS_ONLY"}},
                 {"IndexName": "LSI1", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                   "SortKey": {"AttributeName": "LSI1SK", "AttributeType": "S"}},
                  "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total"]}}]"""));
        assertThat(JSON.readTree(model).path("DataModel").get(0).has("GlobalSecondaryIndexes")).isFalse();
        assertThat(withoutEntityDescriptions(imported.document())).isEqualTo(design);
        assertThat(imported.notes()).extracting(ImportNote::toString).containsExactly(
                "inferred: DataModel[0].TableFacets[1]: entity Order: ByPlacedAt {placedAt} (from 2 of 2 items); "
                        + "LSI1 STATUS#{status}#{orderId} (from 2 of 2 items)");
    }

    /** The import says in each entity's description what it inferred; the design itself is what must match. */
    private static SchemaDocument withoutEntityDescriptions(SchemaDocument document) {
        Map<String, EntityDefinition> entities = new LinkedHashMap<>();
        document.entities().forEach((name, e) -> entities.put(name, new EntityDefinition(Optional.empty(), e.attributes(), e.keys(),
                e.indexes(), e.attributeBag(), e.examples(), e.exampleFile())));
        return new SchemaDocument(document.table(), entities, document.collections(), document.accessPatterns());
    }
}
