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
 * The JSON string "null" sent to the item tools is that text: the command line refuses the bare word null (it is no
 * value there), so the tools pass the string in JSON quotes, which a string attribute reads as the text (blog design).
 */
class McpTextNullTest {
    private static final String BLOG = "../designs/blog.singletable.yaml";
    private static final SchemaFile FILE = SchemaFile.load(Path.of(BLOG));

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(FILE.tableSchema());

    @Test
    void putAndUpdate_whenAStringIsTheTextNull_storeTheText() {
        Map<String, Object> key = Map.of("entity", "Post", "username", "erin", "postId", "01HMQ0000000000000000000E1");
        try (McpServer writer = McpServer.start(BLOG, db, "--allow-writes")) {
            McpSchema.CallToolResult put = writer.call("put", Map.of("item", Map.of("entity", "Post", "username", "erin",
                    "postId", "01HMQ0000000000000000000E1", "title", "null", "published", false)));
            McpSchema.CallToolResult update = writer.call("update", Map.of("key", key, "set", Map.of("title", "null")));
            JsonNode read = McpServer.json(writer.call("get", Map.of("key", key)));

            assertThat(put.isError()).as(McpServer.text(put)).isFalse();
            assertThat(update.isError()).as(McpServer.text(update)).isFalse();
            assertThat(read.get("item").get("title").asText()).isEqualTo("null");
        }
    }
}
