package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The item tools on an entity with an attribute bag: an attribute it does not declare keeps the JSON type it was sent
 * with (a string as text, a number as a number), in put, in update's set, add and remove, and in expect.
 */
class McpAttributeBagTest {
    private static final String PRODUCTS = "src/test/resources/bag/products.singletable.yaml";
    private static final SchemaFile FILE = SchemaFile.load(Path.of(PRODUCTS));

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(FILE.tableSchema());

    @Test
    void putAndUpdate_whenAttributesAreInTheBag_keepTheirJsonTypes() {
        Map<String, Object> key = Map.of("entity", "Product", "productId", "P7");
        try (McpServer writer = McpServer.start(PRODUCTS, db, "--allow-writes")) {
            McpSchema.CallToolResult put = writer.call("put", Map.of("item", Map.of("entity", "Product", "productId", "P7",
                    "zip", "12345", "views", 2, "legacy", true)));
            McpSchema.CallToolResult update = writer.call("update", Map.of("key", key, "set", Map.of("color", "green",
                    "dims", Map.of("w", 3)), "add", Map.of("views", 3), "remove", List.of("legacy"), "expect", Map.of("views>=", 2)));
            JsonNode read = McpServer.json(writer.call("get", Map.of("key", key))).get("item");

            assertThat(put.isError()).as(McpServer.text(put)).isFalse();
            assertThat(update.isError()).as(McpServer.text(update)).isFalse();
            assertThat(read).isEqualTo(McpServer.JSON.valueToTree(Map.of("entity", "Product", "productId", "P7", "zip", "12345",
                    "views", 5, "color", "green", "dims", Map.of("w", 3))));
        }
    }
}
