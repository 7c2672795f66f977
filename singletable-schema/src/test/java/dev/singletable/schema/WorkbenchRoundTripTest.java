package dev.singletable.schema;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Designs whose index templates a NoSQL Workbench model holds only in its sample items (a number format, a key copying an
 * attribute in one item, a sparse index, an LSI) exported and imported again: each entity comes back with the same key and
 * index templates, attributes and examples, but for what a note of the export names (an entity without examples has no
 * index templates to read back), and nothing the design does not have is made up.
 */
class WorkbenchRoundTripTest {
    @TempDir
    Path directory;

    @ParameterizedTest
    @ValueSource(strings = {"../designs/ecommerce.singletable.yaml", "../singletable-cli/src/test/resources/cost/sparse.singletable.yaml",
            "../singletable-cli/src/test/resources/generate/sparse.singletable.yaml",
            "../singletable-cli/src/test/resources/cost/consistent.singletable.yaml"})
    void noSqlWorkbench_whenIndexTemplatesAreReadFromSampleItems_givesTheSameDesignBack(String file) {
        SchemaFile design = SchemaFile.load(Path.of(file));
        ExportResult exported = SchemaFileExport.noSqlWorkbenchModel(design);

        ImportResult imported = ImportFormat.NOSQL_WORKBENCH.read(exported.text(), "model.json");

        SchemaDocument back = SchemaFileImportTest.writtenAndLoaded(imported, directory);
        List<String> exportNotes = exported.notes().stream().map(ExportNote::toString).toList();
        assertThat(back.entities().keySet()).containsExactlyElementsOf(design.document().entities().keySet());
        design.document().entities().forEach((name, entity) -> {
            EntityDefinition got = back.entities().get(name);
            assertThat(got.keys()).as(name).isEqualTo(entity.keys());
            assertThat(got.attributes().keySet()).as(name).containsExactlyElementsOf(entity.attributes().keySet());
            // DynamoDB keeps a number's value, not its scale: 129.00 comes back 129
            assertThat(byValue(got.examples())).as(name).isEqualTo(byValue(entity.examples()));
            if (entity.examples().isEmpty() && !entity.indexes().isEmpty()) {
                assertThat(exportNotes).as(name).anyMatch(note -> note.startsWith("not exported: entities." + name + ".indexes: no sample item"));
                assertThat(got.indexes()).as(name).isEmpty();
            } else {
                assertThat(got.indexes()).as(name).isEqualTo(templates(entity, back.table()));
            }
        });
        assertThat(imported.notes()).noneMatch(note -> note.kind() == ImportNote.Kind.NOT_MAPPED);
    }

    private static Object byValue(Object value) {
        if (value instanceof java.math.BigDecimal number) {
            return number.stripTrailingZeros();
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> byValue = new LinkedHashMap<>();
            map.forEach((k, v) -> byValue.put(k, byValue(v)));
            return byValue;
        }
        return value instanceof List<?> list ? list.stream().map(WorkbenchRoundTripTest::byValue).toList() : value;
    }

    /** The entity's index templates as an import writes them: without the sparse condition (a note of the export), an LSI's without pk. */
    private static Map<String, KeyDefinition> templates(EntityDefinition entity, TableDefinition table) {
        Map<String, KeyDefinition> templates = new LinkedHashMap<>();
        entity.indexes().forEach((index, key) -> {
            boolean local = table.index(index).orElseThrow().kind() == IndexDefinition.IndexKind.LOCAL;
            templates.put(index, new KeyDefinition(local && key.partition().equals(entity.keys().partition()) ? List.of() : key.partition(),
                    key.sort(), Optional.empty()));
        });
        return templates;
    }
}
