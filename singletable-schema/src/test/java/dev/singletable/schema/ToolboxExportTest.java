package dev.singletable.schema;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Export to DynamoDB-Toolbox entity DTOs: the whole DTOs against golden files; the DTOs imported again give the same
 * design, and where the format cannot hold something the differences are exactly the notes' paths. Run with
 * {@code -Dsingletable.golden.update=true} to rewrite the golden files after a deliberate change.
 */
class ToolboxExportTest {
    private static final Path TOOLBOX = SchemaFileImportTest.IMPORTS.resolve("toolbox");

    private static void assertGolden(String actual, String name) throws IOException {
        Path golden = TOOLBOX.resolve(name);
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    private static String notes(ExportResult result) {
        return result.notes().stream().map(ExportNote::toString).collect(Collectors.joining("\n", "", "\n"));
    }

    @Test
    void dynamodbToolbox_whenTheImportedLibraryFixture_exportsDtosThatImportBackToTheSameDesign() throws IOException {
        ImportResult imported = ImportFormat.DYNAMODB_TOOLBOX.read(TOOLBOX.resolve("library.toolbox.json"), "Unused");
        SchemaFile design = SchemaFile.parse(SchemaFileWriter.toYaml(imported.document()), "library.singletable.yaml");

        ExportResult exported = SchemaFileExport.dynamodbToolbox(design);
        ImportResult back = ImportFormat.DYNAMODB_TOOLBOX.read(exported.text(), "library.toolbox.json", "Unused");

        assertGolden(exported.text(), "library.exported.toolbox.json");
        assertThat(exported.notes()).isEmpty();
        assertThat(back.document()).isEqualTo(imported.document());
        assertThat(back.notes()).isEqualTo(imported.notes());
    }

    @Test
    void dynamodbToolbox_whenTheBlogDesign_differsBackExactlyByWhatItReports() throws IOException {
        SchemaFile design = SchemaFile.load(Path.of("../designs/blog.singletable.yaml"));

        ExportResult exported = SchemaFileExport.dynamodbToolbox(design);
        ImportResult back = ImportFormat.DYNAMODB_TOOLBOX.read(exported.text(), "blog.toolbox.json", "Unused");

        assertGolden(exported.text(), "blog.exported.toolbox.json");
        assertGolden(notes(exported), "blog.exported.notes.txt");
        SchemaDocument original = design.document();
        SchemaDocument imported = back.document();
        assertThat(imported.table().name()).isEqualTo(original.table().name());
        assertThat(imported.table().indexes()).extracting(IndexDefinition::name)
                .isEqualTo(original.table().indexes().stream().map(IndexDefinition::name).toList());
        assertThat(imported.entities().keySet()).isEqualTo(original.entities().keySet());
        List<String> differences = new java.util.ArrayList<>();
        original.entities().forEach((name, entity) -> {
            EntityDefinition again = imported.entities().get(name);
            if (!again.keys().equals(entity.keys())) {
                differences.add("entities." + name + ".keys");
            }
            entity.indexes().forEach((index, key) -> {
                if (!key.equals(again.indexes().get(index))) {
                    differences.add("entities." + name + ".indexes." + index);
                }
            });
            entity.attributes().forEach((attribute, definition) -> {
                if (!definition.equals(again.attributes().get(attribute))) {
                    differences.add("entities." + name + ".attributes." + attribute);
                }
            });
        });
        assertGolden(String.join("\n", differences) + "\n", "blog.differences.txt");
        List<String> reported = exported.notes().stream().map(ExportNote::path).toList();
        for (String difference : differences) {
            assertThat(reported).as("the difference at %s is reported", difference).anyMatch(path -> path.startsWith(difference)
                    || difference.startsWith(path) || difference.endsWith(".keys") && path.startsWith(difference.replace(".keys", ".keys.")));
        }
    }
}
