package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * {@code singletable mcp} on DESIGN as a code-first project's classes directory or jar (the annotation processor's
 * {@code META-INF/singletable/AppTable.singletable.json} of singletable-examples: sixteen entities, and the access
 * patterns its {@code @AccessPatterns} interfaces declare with {@code @Example} values) and as a directory of schema files of several tables, of which {@code --table} picks the one served.
 */
class McpDesignSourcesTest {
    private static final Path CLASSES = Path.of("../singletable-examples/target/classes");
    private static final String APP_TABLE = "META-INF/singletable/AppTable.singletable.json";
    private static final SchemaFile FILE = SchemaFile.load(CLASSES.resolve(APP_TABLE));

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(FILE.tableSchema());

    @Test
    void listTools_onCodeFirstClassesDirectory_givesTheItemToolsTypedByEachEntityType() {
        try (McpServer server = McpServer.start(CLASSES.toString(), db)) {
            List<McpSchema.Tool> tools = server.client().listTools().tools();
            JsonNode getKey = McpServer.JSON.valueToTree(tool(tools, "get").inputSchema()).get("properties").get("key");
            JsonNode putItem = McpServer.JSON.valueToTree(tool(tools, "put").inputSchema()).get("properties").get("item");

            // the patterns declared on the examples' Shop and Blog interfaces with @Example values, then the design and item tools
            assertThat(tools).extracting(McpSchema.Tool::name).hasSize(27 + 10)
                    .contains("orders-by-status", "customer-with-orders", "category-subtree", "metrics-between")
                    .endsWith("describe", "patterns", "lint", "cost", "explain", "get", "put", "update", "delete", "transact");
            assertThat(titles(getKey)).containsExactly("Customer", "Order", "OrderItem", "Product", "Inventory", "Category", "User",
                    "Post", "Comment", "PostTag", "UserMetrics", "GroupMembership", "Session", "SensorReading", "Group",
                    "ActiveProduct", "ArchivedProduct");
            assertThat(alternative(getKey, "UserMetrics").toString()).isEqualTo("{\"type\":\"object\",\"title\":\"UserMetrics\","
                    + "\"properties\":{\"entity\":{\"const\":\"UserMetrics\"},\"username\":{\"type\":\"string\"},"
                    + "\"day\":{\"type\":\"string\",\"format\":\"date\"}},\"required\":[\"entity\",\"username\",\"day\"],"
                    + "\"additionalProperties\":false}");
            assertThat(alternative(putItem, "UserMetrics").toString()).isEqualTo("{\"type\":\"object\",\"title\":\"UserMetrics\","
                    + "\"properties\":{\"entity\":{\"const\":\"UserMetrics\"},\"username\":{\"type\":\"string\"},"
                    + "\"day\":{\"type\":\"string\",\"format\":\"date\"},\"loginCount\":{\"type\":\"integer\"},"
                    + "\"pageViews\":{\"type\":\"integer\"}},\"required\":[\"entity\",\"username\",\"day\",\"loginCount\",\"pageViews\"],"
                    + "\"additionalProperties\":false}");
        }
    }

    @Test
    void itemTools_onCodeFirstJar_putAndGetAnItemAndRefuseAWrongTypeWithTheCoresMessage(@TempDir Path directory) throws IOException {
        Path jar = directory.resolve("examples.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry(APP_TABLE));
            out.write(Files.readAllBytes(CLASSES.resolve(APP_TABLE)));
            out.closeEntry();
        }
        try (McpServer server = McpServer.start(jar.toString(), db, "--allow-writes")) {
            McpSchema.CallToolResult put = server.call("put", Map.of("item", Map.of("entity", "UserMetrics", "username", "alice",
                    "day", "2024-03-01", "loginCount", 3, "pageViews", 12)));
            McpSchema.CallToolResult get = server.call("get", Map.of("key", Map.of("entity", "UserMetrics", "username", "alice",
                    "day", "2024-03-01")));
            McpSchema.CallToolResult wrongType = server.call("get", Map.of("key", Map.of("entity", "UserMetrics", "username", "alice",
                    "day", "yesterday")));
            McpSchema.CallToolResult describe = server.call("describe", Map.of("format", "markdown"));

            assertThat(put.isError()).as(McpServer.text(put)).isFalse();
            assertThat(get.isError()).as(McpServer.text(get)).isFalse();
            JsonNode got = McpServer.json(get);
            assertThat(got.get("item").get("entity").asText() + " " + got.get("item").get("pageViews").asInt()).isEqualTo("UserMetrics 12");
            assertThat(got.get("request").asText()).isEqualTo("GetItem " + db.tableName() + ": PK = \"USER#alice\", SK = \"METRICS#2024-03-01\"");
            assertThat(wrongType.isError()).isTrue();
            assertThat(McpServer.text(wrongType)).isEqualTo("get UserMetrics: day=yesterday is not a date (such as 2025-01-31)");
            assertThat(describe.isError()).as(McpServer.text(describe)).isFalse();
            assertThat(McpServer.text(describe)).startsWith("## AppTable\n");
        }
    }

    @Test
    void tools_onDirectoryOfSeveralTables_serveTheTablePickedAndTheirDocumentsCoverItOnly(@TempDir Path designs) throws IOException {
        for (String name : List.of("blog.singletable.yaml", "blog-comments.jsonl", "ecommerce.singletable.yaml")) {
            Files.copy(Path.of("../designs").resolve(name), designs.resolve(name));
        }
        try (McpServer server = McpServer.startOnItsOwnEngine(designs.toString(), "--table", "BlogTable")) {
            List<String> names = server.client().listTools().tools().stream().map(McpSchema.Tool::name).toList();
            JsonNode page = McpServer.json(server.call("user-page", Map.of("username", "alice")));
            McpSchema.CallToolResult describe = server.call("describe", Map.of("format", "markdown"));
            McpSchema.CallToolResult patterns = server.call("patterns", Map.of("format", "markdown"));
            McpSchema.CallToolResult lint = server.call("lint", Map.of("format", "text"));

            assertThat(names).containsExactly("user-profile", "posts-by-user", "comments-on-post", "published-posts", "comments-by-user",
                    "posts-with-tag", "user-page", "recent-posts-by-user", "describe", "patterns", "lint", "cost", "explain",
                    "get", "put", "update", "delete", "transact");
            List<String> entities = new ArrayList<>();
            page.get("items").forEach(item -> entities.add(item.get("entity").asText()));
            assertThat(entities).containsExactly("Post", "Post", "User");
            // as 'singletable describe|patterns' print the blog design alone (DesignCommandsTest's golden files)
            assertThat(McpServer.text(describe)).isEqualTo(Files.readString(Path.of("src/test/resources/golden/describe/blog.md")));
            assertThat(McpServer.text(patterns)).isEqualTo(Files.readString(Path.of("src/test/resources/golden/patterns/blog.md")));
            assertThat(McpServer.text(lint)).doesNotContain("ShopTable").doesNotContain("ecommerce");
        }
    }

    @Test
    void documents_onJarOfSeveralTables_coverTheTablePickedOnly(@TempDir Path directory) throws IOException {
        Path jar = directory.resolve("designs.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            for (Path design : List.of(CLASSES.resolve(APP_TABLE), Path.of("../designs/ecommerce.singletable.yaml"))) {
                out.putNextEntry(new JarEntry("META-INF/singletable/" + design.getFileName()));
                out.write(Files.readAllBytes(design));
                out.closeEntry();
            }
        }
        try (McpServer server = McpServer.startOnItsOwnEngine(jar.toString(), "--table", "ShopTable")) {
            McpSchema.CallToolResult describe = server.call("describe", Map.of("format", "markdown"));
            JsonNode customer = McpServer.json(server.call("customer-by-id", Map.of()));

            // the jar's entry copied out alone: as 'singletable describe' prints the e-commerce design (DesignCommandsTest's golden)
            assertThat(McpServer.text(describe)).isEqualTo(Files.readString(Path.of("src/test/resources/golden/describe/ecommerce.md")));
            assertThat(customer.get("items").get(0).get("entity").asText()).isEqualTo("Customer");
        }
    }

    private static McpSchema.Tool tool(List<McpSchema.Tool> tools, String name) {
        return tools.stream().filter(tool -> tool.name().equals(name)).findFirst().orElseThrow();
    }

    private static List<String> titles(JsonNode union) {
        List<String> titles = new ArrayList<>();
        union.get("anyOf").forEach(alternative -> titles.add(alternative.get("title").asText()));
        return titles;
    }

    private static JsonNode alternative(JsonNode union, String title) {
        for (JsonNode alternative : union.get("anyOf")) {
            if (alternative.get("title").asText().equals(title)) {
                return alternative;
            }
        }
        throw new AssertionError("no alternative " + title + " in " + union);
    }
}
