package dev.singletable.schema;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** DynamoDB-Toolbox entity DTOs read into designs: the whole design and its notes against golden files. */
class ToolboxImportTest {
    private static final Path TOOLBOX = SchemaFileImportTest.IMPORTS.resolve("toolbox");

    @Test
    void dynamodbToolbox_whenTwoEntitiesWithPrefixKeysAndAGsi_readsTemplatesTypesAndTimestamps() throws IOException {
        ImportResult result = ImportFormat.DYNAMODB_TOOLBOX.read(TOOLBOX.resolve("library.toolbox.json"), "Unused");

        String yaml = SchemaFileWriter.toYaml(result.document());
        SchemaFileImportTest.assertGolden(yaml, "toolbox/library.singletable.yaml");
        SchemaFileImportTest.assertGolden(SchemaFileImportTest.notes(result), "toolbox/library.notes.txt");
        assertThat(SchemaFile.parse(yaml, "library.singletable.yaml").document()).isEqualTo(result.document());
    }

    @Test
    void dynamodbToolbox_whenLinksComputedKeysAndUnknownSettings_reportsEachByPath() {
        String json = """
                {"entityName": "User", "schema": {"type": "item", "attributes": {
                  "pk": {"type": "string", "key": true, "required": "always", "hidden": true},
                  "userId": {"type": "string", "key": true, "putDefault": {"defaulterId": "custom"}},
                  "score": {"type": "number", "enum": [1, 2], "big": true},
                  "any": {"type": "any"}
                }}, "timestamps": false, "entityAttribute": false,
                 "table": {"partitionKey": {"name": "pk", "type": "string"}, "entityAttributeSavedAs": "_et"}}
                """;

        ImportResult result = ImportFormat.DYNAMODB_TOOLBOX.read(json, "user.json", "Users");

        assertThat(result.document().table().name()).isEqualTo("Users");
        assertThat(result.document().entities().get("User").keys().partition()).containsExactly("USER");
        assertThat(result.notes()).extracting(ImportNote::path).containsExactly("entityAttribute", "schema.attributes.pk",
                "schema.attributes.userId.key", "schema.attributes.userId.putDefault", "schema.attributes.score.big",
                "schema.attributes.score.enum", "schema.attributes.any.type");
    }

    @Test
    void dynamodbToolbox_whenNoEntityDto_failsSayingWhatToGive() {
        assertThatThrownBy(() -> ImportFormat.DYNAMODB_TOOLBOX.read("{\"format\": \"onetable:1.1.0\"}", "schema.json", "T"))
                .isInstanceOf(DesignImportException.class)
                .hasMessageContaining("no DynamoDB-Toolbox entity DTO");
        assertThatThrownBy(() -> ImportFormat.DYNAMODB_TOOLBOX.read("""
                [{"entityName": "A", "schema": {"attributes": {"x": {"type": "string"}}}, "table": {"partitionKey": {"name": "pk", "type": "string"}}}]
                """, "a.json", "T"))
                .isInstanceOf(DesignImportException.class)
                .hasMessageContaining("[0].schema.attributes: no attribute saved as 'pk'");
    }
}
