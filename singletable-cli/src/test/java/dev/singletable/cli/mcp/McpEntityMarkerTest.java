package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.Map;

/**
 * The item tools on an entity with an attribute named {@code entity}: they name the entity {@code @entity}, as the
 * pattern tools' items and the CLI's JSON output do, so the attribute is written and read as itself.
 */
class McpEntityMarkerTest {
    private static final String AUDIT = "src/test/resources/audit/audit.singletable.yaml";

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SchemaFile.load(Path.of(AUDIT)).tableSchema());

    @Test
    void putAndGet_whenEntityHasAnAttributeNamedEntity_takeAndGiveTheMarkerAsAtEntity() {
        try (McpServer writer = McpServer.start(AUDIT, db, "--allow-writes")) {
            McpSchema.Tool put = writer.client().listTools().tools().stream().filter(tool -> tool.name().equals("put"))
                    .findFirst().orElseThrow();
            McpSchema.CallToolResult written = writer.call("put", Map.of("item",
                    Map.of("@entity", "AuditEvent", "id", "e2", "entity", "Invoice", "action", "paid")));
            JsonNode read = McpServer.json(writer.call("get", Map.of("key", Map.of("@entity", "AuditEvent", "id", "e2"))));

            assertThat(McpServer.JSON.valueToTree(put.inputSchema()).at("/properties/item/anyOf/0/properties").toString())
                    .isEqualTo("{\"@entity\":{\"const\":\"AuditEvent\"},\"id\":{\"type\":\"string\"},"
                            + "\"entity\":{\"type\":\"string\"},\"action\":{\"type\":\"string\"}}");
            assertThat(written.isError()).as(McpServer.text(written)).isFalse();
            assertThat(read.get("item").toString())
                    .isEqualTo("{\"@entity\":\"AuditEvent\",\"id\":\"e2\",\"entity\":\"Invoice\",\"action\":\"paid\"}");
        }
    }
}
