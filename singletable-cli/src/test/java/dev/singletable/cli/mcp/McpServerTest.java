package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code singletable mcp} on the blog design, a real server process on a table of the test engine holding the design's
 * examples, driven by the MCP SDK's client: the tools and their schemas, each kind of tool, bad arguments, writes
 * refused and allowed, capped results and their cursors, the resources.
 */
class McpServerTest {
    private static final String BLOG = "../designs/blog.singletable.yaml";
    private static final SchemaFile FILE = SchemaFile.load(Path.of(BLOG));

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(FILE.tableSchema());

    private static McpServer server;

    @BeforeAll
    static void startServer() {
        FILE.document().entities().keySet().forEach(entity -> FILE.examples(entity).forEach(db.table()::put));
        server = McpServer.start(BLOG, db);
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void listTools_onBlogDesign_givesEachToolWithItsWholeSchemaAndAnnotations() throws IOException {
        // the table's name is unique per test class
        String tools = McpServer.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(server.client().listTools().tools())
                .replace(db.tableName(), "TABLE") + "\n";

        assertThat(tools).isEqualTo(Golden.of("mcp/blog.tools.json", tools));
    }

    @Test
    void patternTool_whenCalled_returnsTheItemsWithTheirEntityAndTheRequest() {
        JsonNode result = McpServer.json(server.call("user-page", Map.of("username", "alice")));

        assertThat(result.get("pattern").asText()).isEqualTo("user-page");
        assertThat(result.get("parameters").toString()).isEqualTo("{\"username\":{\"value\":\"alice\",\"given\":true}}");
        assertThat(result.get("request").get("operation").asText()).isEqualTo("Query");
        assertThat(result.get("request").get("request").get("KeyConditionExpression").asText()).isEqualTo("#pk = :pk");
        assertThat(result.get("request").get("request").get("ExpressionAttributeValues").toString())
                .isEqualTo("{\":pk\":{\"S\":\"USER#alice\"}}");
        assertThat(entities(result)).containsExactly("Post", "Post", "User"); // in sort key order: POST# before USER#
        assertThat(result.get("items").get(2).get("username").asText()).isEqualTo("alice");
        assertThat(result.get("count").asInt()).isEqualTo(3);
        assertThat(result.has("cursor")).isFalse();
    }

    @Test
    void patternTool_whenParameterLeftOut_takesTheDesignsExampleAndSaysSo() {
        JsonNode result = McpServer.json(server.call("user-profile", Map.of()));

        assertThat(result.get("parameters").toString()).isEqualTo("{\"username\":{\"value\":\"alice\",\"given\":false}}");
        assertThat(result.get("request").get("operation").asText()).isEqualTo("GetItem");
        assertThat(entities(result)).containsExactly("User");
    }

    @Test
    void patternTool_whenLimitCapsTheResult_givesACursorThatReadsTheRest() {
        List<String> all = postIds(McpServer.json(server.call("posts-by-user", Map.of("username", "alice"))));

        JsonNode first = McpServer.json(server.call("posts-by-user", Map.of("username", "alice", "limit", 1)));
        JsonNode second = McpServer.json(server.call("posts-by-user",
                Map.of("username", "alice", "limit", 1, "cursor", first.get("cursor").asText())));

        assertThat(all).hasSize(2);
        assertThat(postIds(first)).containsExactly(all.get(0));
        assertThat(first.get("more").asText()).isEqualTo(
                "More items follow: call posts-by-user again with the same parameters and this cursor.");
        assertThat(postIds(second)).containsExactly(all.get(1));
    }

    @Test
    void patternTool_whenValueOfWrongType_isToolErrorNamingPatternParameterValueAndType() {
        McpSchema.CallToolResult result = server.call("published-posts", Map.of("published", "yes"));

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).isEqualTo("run published-posts: parameter published=yes is not a boolean (true or false)");
    }

    @Test
    void patternTool_whenParameterUnknown_isToolErrorNamingTheParameters() {
        McpSchema.CallToolResult result = server.call("posts-by-user", Map.of("usrname", "alice"));

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).isEqualTo(
                "run posts-by-user: no parameter 'usrname' (did you mean 'username'?); its parameters are username");
    }

    @Test
    void patternTool_whenCursorIsGarbage_isToolErrorAndTheServerGoesOn() {
        McpSchema.CallToolResult result = server.call("posts-by-user", Map.of("cursor", "not-a-cursor"));

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).contains("cursor");
        assertThat(entities(McpServer.json(server.call("user-profile", Map.of())))).containsExactly("User");
    }

    @Test
    void explain_whenCalled_rendersTheRequestWithoutSendingIt() {
        JsonNode result = McpServer.json(server.call("explain", Map.of("pattern", "comments-by-user",
                "parameters", Map.of("username", "carol"))));

        assertThat(result.get("sent").asBoolean()).isFalse();
        assertThat(result.get("request").get("request").get("IndexName").asText()).isEqualTo("gsi1");
        assertThat(result.get("request").get("request").get("ExpressionAttributeValues").get(":pk").toString())
                .isEqualTo("{\"S\":\"USER#carol\"}");
    }

    @Test
    void describePatternsAndLint_whenCalled_giveTheDocumentsOfTheDesignCommands() throws IOException {
        McpSchema.CallToolResult describe = server.call("describe", Map.of("format", "markdown"));
        McpSchema.CallToolResult patterns = server.call("patterns", Map.of("format", "markdown"));
        McpSchema.CallToolResult lint = server.call("lint", Map.of());

        // as 'singletable describe|patterns' print them (DesignCommandsTest's golden files)
        assertThat(McpServer.text(describe)).isEqualTo(Files.readString(Path.of("src/test/resources/golden/describe/blog.md")));
        assertThat(McpServer.text(patterns)).isEqualTo(Files.readString(Path.of("src/test/resources/golden/patterns/blog.md")));
        assertThat(lint.isError()).isFalse();
        assertThat(McpServer.json(lint).toString()).contains("hot-partition");
    }

    @Test
    void cost_whenCalled_givesTheCostCommandsDocumentAndScalesIt() throws IOException {
        McpSchema.CallToolResult cost = server.call("cost", Map.of());
        McpSchema.CallToolResult tenTimes = server.call("cost", Map.of("format", "text", "scale", "10x"));

        // as 'singletable cost --format markdown' prints it (CostCommandTest's golden file)
        assertThat(McpServer.text(cost)).isEqualTo(Files.readString(Path.of("src/test/resources/golden/cost/blog.md")));
        assertThat(tenTimes.isError()).as(McpServer.text(tenTimes)).isFalse();
        assertThat(McpServer.text(tenTimes)).startsWith("Table BlogTable: cost a month in us-east-1 at 10x the design's rates\n")
                .contains("partition-reads at accessPatterns.published-posts");
    }

    @Test
    void cost_whenScaleIsNoFactor_isToolErrorSayingWhatToWrite() {
        McpSchema.CallToolResult result = server.call("cost", Map.of("scale", "ten"));

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).isEqualTo("cost: scale ten is not a factor such as 10x or 2.5x");
    }

    @Test
    void get_whenItemExists_returnsOneJsonObjectOfTheItemTheRequestAndTheCapacity() {
        McpSchema.CallToolResult result = server.call("get", Map.of("key", Map.of("entity", "User", "username", "alice")));

        JsonNode got = McpServer.json(result);
        ((com.fasterxml.jackson.databind.node.ObjectNode) got.get("item")).remove(List.of("createdAt", "updatedAt"));

        assertThat(got.toString()).isEqualTo("{\"item\":{\"entity\":\"User\",\"username\":\"alice\",\"name\":\"Alice Liddell\","
                + "\"email\":\"alice@example.com\",\"bio\":\"Curious\"},\"request\":\"GetItem " + db.tableName()
                + ": pk = \\\"USER#alice\\\", sk = \\\"USER#alice\\\"\",\"consumed\":\"1 request, 0.5 RCU consumed\"}");
    }

    @Test
    void get_whenAttributeUnknown_isToolErrorNamingEntityAndAttributes() {
        McpSchema.CallToolResult result = server.call("get", Map.of("key", Map.of("entity", "User", "nmae", "alice")));

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).isEqualTo("get User: no attribute 'nmae' (did you mean 'name'?); its attributes are "
                + "username, name, email, bio, createdAt, updatedAt");
    }

    static Stream<Arguments> incompleteKeys() {
        return Stream.of(
                Arguments.of(Map.of("entity", "Post", "username", "alice"),
                        "get Post: missing key attribute postId; the key of Post is username, postId"),
                Arguments.of(Map.of("username", "alice"), "get: give key with its entity, one of User, Post, Comment, PostTag"));
    }

    @ParameterizedTest
    @MethodSource("incompleteKeys")
    void get_whenKeyIsIncomplete_isToolErrorSayingWhatIsMissing(Map<String, Object> key, String message) {
        McpSchema.CallToolResult result = server.call("get", Map.of("key", key));

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).isEqualTo(message);
    }

    @Test
    void get_whenAnArgumentLooksLikeAnOption_readsItAsAnAttributeNotAnotherTable() {
        McpSchema.CallToolResult result = server.call("get", Map.of("key", Map.of("entity", "User", "--table", "Other")));

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).startsWith("get User: no attribute '--table'");
    }

    @Test
    void put_whenServerHasNoAllowWrites_isRefusedAndWritesNothing() {
        McpSchema.CallToolResult put = server.call("put", Map.of("item", Map.of("entity", "User",
                "username", "mallory", "name", "M", "email", "m@example.com")));
        McpSchema.CallToolResult get = server.call("get", Map.of("key", Map.of("entity", "User", "username", "mallory")));

        assertThat(put.isError()).isTrue();
        assertThat(McpServer.text(put)).isEqualTo("put writes to the table, and this server was started without --allow-writes; "
                + "nothing written. Restart it with 'singletable mcp DESIGN --allow-writes' to let tools write.");
        assertThat(get.isError()).isTrue();
        assertThat(McpServer.text(get)).endsWith("not found: no User at pk = \"USER#mallory\", sk = \"USER#mallory\" in " + db.tableName());
    }

    @Test
    void writes_whenAllowedAndBytesCapped_putUpdateDeleteAndPageOneItemAtATime() {
        try (McpServer writer = McpServer.start(BLOG, db, "--allow-writes", "--max-bytes", "1")) {
            McpSchema.CallToolResult wrongType = writer.call("put", Map.of("item", Map.of("entity", "Post",
                    "username", "carol", "postId", "01HMQ0000000000000000000C1", "title", "T", "published", "yes")));
            McpSchema.CallToolResult put = writer.call("put", Map.of("item", Map.of("entity", "Post",
                    "username", "carol", "postId", "01HMQ0000000000000000000C1", "title", "First", "published", false)));
            writer.call("put", Map.of("item", Map.of("entity", "Post",
                    "username", "carol", "postId", "01HMQ0000000000000000000C2", "title", "Second", "published", true)));
            McpSchema.CallToolResult update = writer.call("update", Map.of("key", Map.of("entity", "Post",
                    "username", "carol", "postId", "01HMQ0000000000000000000C1"), "set", Map.of("title", "Renamed")));
            JsonNode first = McpServer.json(writer.call("posts-by-user", Map.of("username", "carol")));
            JsonNode second = McpServer.json(writer.call("posts-by-user", Map.of("username", "carol", "cursor", first.get("cursor").asText())));
            McpSchema.CallToolResult refusedDelete = writer.call("delete", Map.of("key", Map.of("entity", "Post",
                    "username", "carol", "postId", "01HMQ0000000000000000000C2"), "expect", Map.of("published", false)));
            McpSchema.CallToolResult delete = writer.call("delete", Map.of("key", Map.of("entity", "Post",
                    "username", "carol", "postId", "01HMQ0000000000000000000C2"), "expect", Map.of("published", true)));
            JsonNode left = McpServer.json(writer.call("posts-by-user", Map.of("username", "carol")));

            assertThat(wrongType.isError()).isTrue();
            assertThat(McpServer.text(wrongType)).isEqualTo("put Post: published=yes is not a boolean (true or false)");
            assertThat(put.isError()).as(McpServer.text(put)).isFalse();
            assertThat(update.isError()).as(McpServer.text(update)).isFalse();
            assertThat(first.get("items")).hasSize(1);
            assertThat(first.get("items").get(0).get("title").asText()).isEqualTo("Renamed");
            assertThat(second.get("items")).hasSize(1);
            assertThat(second.get("items").get(0).get("title").asText()).isEqualTo("Second");
            assertThat(second.has("cursor")).isFalse();
            assertThat(refusedDelete.isError()).isTrue();
            assertThat(delete.isError()).as(McpServer.text(delete)).isFalse();
            assertThat(postIds(left)).containsExactly("01HMQ0000000000000000000C1");
        }
    }

    @Test
    void writes_whenAllowed_answerOneJsonObjectOfTheItemTheRequestAndTheCapacityAsGetDoes() {
        Map<String, Object> key = Map.of("entity", "Post", "username", "dave", "postId", "01HMQ0000000000000000000D1");
        try (McpServer writer = McpServer.start(BLOG, db, "--allow-writes")) {
            String put = answer(writer.call("put", Map.of("item", Map.of("entity", "Post", "username", "dave",
                    "postId", "01HMQ0000000000000000000D1", "title", "First", "published", false))));
            String update = answer(writer.call("update", Map.of("key", key, "set", Map.of("title", "Renamed"))));
            McpSchema.CallToolResult refused = writer.call("delete", Map.of("key", key, "expect", Map.of("published", true)));
            String delete = answer(writer.call("delete", Map.of("key", key, "expect", Map.of("published", false))));
            String nothing = answer(writer.call("delete", Map.of("key", key)));

            assertThat(put).isEqualTo("""
                    {
                      "item" : {
                        "entity" : "Post",
                        "username" : "dave",
                        "postId" : "01HMQ0000000000000000000D1",
                        "title" : "First",
                        "published" : false,
                        "createdAt" : "TIME",
                        "updatedAt" : "TIME"
                      },
                      "request" : "PutItem TABLE: pk = \\"USER#dave\\", sk = \\"POST#01HMQ0000000000000000000D1\\"",
                      "consumed" : "1 request, 2 WCU consumed"
                    }""");
            assertThat(update).isEqualTo("""
                    {
                      "item" : {
                        "entity" : "Post",
                        "username" : "dave",
                        "postId" : "01HMQ0000000000000000000D1",
                        "title" : "Renamed",
                        "published" : false,
                        "createdAt" : "TIME",
                        "updatedAt" : "TIME"
                      },
                      "request" : "UpdateItem TABLE: pk = \\"USER#dave\\", sk = \\"POST#01HMQ0000000000000000000D1\\" \
                    UpdateExpression SET #title = :v0, #updatedAt = :v1 ConditionExpression attribute_exists(#pk) AND #entityType = :v2 \
                    names #title = title, #updatedAt = updatedAt, #pk = pk, #entityType = entityType \
                    values :v0 = \\"Renamed\\", :v1 = \\"TIME\\", :v2 = \\"Post\\"",
                      "consumed" : "1 request, 2 WCU consumed"
                    }""");
            assertThat(refused.isError()).isTrue();
            // the failure as the command line says it, after the request sent (which get's "not found" shows too)
            assertThat(McpServer.text(refused).replace(db.tableName(), "TABLE")).isEqualTo("""
                    Request DeleteItem TABLE: pk = "USER#dave", sk = "POST#01HMQ0000000000000000000D1" if published=true
                    delete failed. delete Post pk = "USER#dave", sk = "POST#01HMQ0000000000000000000D1": not deleted, \
                    the stored item has published=false (expected published=true).""");
            assertThat(delete).isEqualTo("""
                    {
                      "deleted" : {
                        "entity" : "Post",
                        "username" : "dave",
                        "postId" : "01HMQ0000000000000000000D1",
                        "title" : "Renamed",
                        "published" : false,
                        "createdAt" : "TIME",
                        "updatedAt" : "TIME"
                      },
                      "request" : "DeleteItem TABLE: pk = \\"USER#dave\\", sk = \\"POST#01HMQ0000000000000000000D1\\" if published=false",
                      "consumed" : "1 request, 2 WCU consumed"
                    }""");
            assertThat(nothing).isEqualTo("""
                    {
                      "deleted" : null,
                      "request" : "DeleteItem TABLE: pk = \\"USER#dave\\", sk = \\"POST#01HMQ0000000000000000000D1\\"",
                      "consumed" : "1 request, 1 WCU consumed"
                    }""");
        }
    }

    /** A write tool's answer as text, the served table named TABLE and each timestamp (the server's clock) TIME. */
    private static String answer(McpSchema.CallToolResult result) {
        McpServer.json(result);
        return McpServer.text(result).replace(db.tableName(), "TABLE")
                .replaceAll("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z", "TIME");
    }

    @Test
    void resources_whenRead_giveTheDesignFileItsTablesAndTheJsonSchema() throws IOException {
        List<String> uris = server.client().listResources().resources().stream().map(McpSchema.Resource::uri).toList();

        assertThat(uris).containsExactlyInAnyOrder("singletable://design/blog.singletable.yaml", "singletable://design/key-design.md",
                "singletable://design/access-patterns.md", "singletable://schema/singletable-1.schema.json");
        assertThat(read("singletable://design/blog.singletable.yaml")).isEqualTo(Files.readString(Path.of(BLOG), StandardCharsets.UTF_8));
        assertThat(read("singletable://design/key-design.md")).isEqualTo(Files.readString(Path.of("src/test/resources/golden/describe/blog.md")));
        assertThat(McpServer.JSON.readTree(read("singletable://schema/singletable-1.schema.json")).get("$schema")).isNotNull();
    }

    @Test
    void stdout_whenServingVerboselyOnItsOwnEngine_carriesJsonRpcMessagesOnly() throws Exception {
        // no --endpoint: the server starts Dynoxide (in its own JVM) with the design's examples, and its item commands reach it
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), McpServer.CACHE_PROPERTY, "dev.singletable.cli.Main", "mcp", BLOG, "--verbose")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (var requests = new java.io.PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8)) {
            requests.println("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2024-11-05\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}");
            requests.println("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            requests.println("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"user-page\",\"arguments\":{}}}");
            requests.println("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"get\","
                    + "\"arguments\":{\"key\":{\"entity\":\"User\",\"username\":\"alice\"}}}}");
            requests.println("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"posts-by-user\","
                    + "\"arguments\":{\"cursor\":\"garbage\"}}}");
            List<JsonNode> messages = new ArrayList<>();
            var replies = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            while (messages.stream().filter(m -> m.has("id")).count() < 4) {
                String line = replies.readLine();
                assertThat(line).as("standard output ended early").isNotNull();
                messages.add(McpServer.JSON.readTree(line)); // every line a JSON-RPC message: fails on anything else
            }

            assertThat(messages).allSatisfy(message -> assertThat(message.get("jsonrpc").asText()).isEqualTo("2.0"));
            Map<Integer, JsonNode> results = new java.util.HashMap<>();
            messages.stream().filter(m -> m.has("id")).forEach(m -> results.put(m.get("id").asInt(), m.get("result")));
            assertThat(results).containsOnlyKeys(1, 2, 3, 4);
            assertThat(results.get(2).get("isError").asBoolean()).isFalse();
            assertThat(results.get(2).get("content").get(0).get("text").asText()).contains("\"entity\" : \"User\"");
            assertThat(results.get(3).get("isError").asBoolean()).isFalse();
            assertThat(results.get(3).get("content").get(0).get("text").asText()).contains("\"username\" : \"alice\"");
            assertThat(results.get(4).get("isError").asBoolean()).isTrue();
        } finally {
            process.destroy();
            process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(value = 180, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD) // a server that stops reading never answers
    void stdin_whenALineIsNoMessage_answersTheJsonRpcErrorServesOnAndExitsWhenStdinCloses() throws Exception {
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), McpServer.CACHE_PROPERTY, "dev.singletable.cli.Main", "mcp", BLOG,
                "--endpoint", db.engine().endpoint().toString(), "--region", db.engine().region().id(), "--table", db.tableName())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            var requests = new java.io.PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
            var replies = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            requests.println("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2024-11-05\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}");
            assertThat(McpServer.JSON.readTree(replies.readLine()).get("id").asInt()).isEqualTo(1);
            requests.println("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            requests.println("this is not json");
            String parseError = replies.readLine();
            requests.println();
            requests.println("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}");
            String pong = replies.readLine();
            requests.close();

            assertThat(parseError).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: "
                    + "Unrecognized token 'this': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')\"}}");
            assertThat(pong).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}");
            assertThat(process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).as("the server ended with its input").isTrue();
            assertThat(process.exitValue()).isZero();
        } finally {
            process.destroy();
            process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    private static String read(String uri) {
        McpSchema.ReadResourceResult result = server.client().readResource(new McpSchema.ReadResourceRequest(uri));
        return ((McpSchema.TextResourceContents) result.contents().get(0)).text();
    }

    private static List<String> entities(JsonNode result) {
        List<String> entities = new ArrayList<>();
        result.get("items").forEach(item -> entities.add(item.get("entity").asText()));
        return entities;
    }

    private static List<String> postIds(JsonNode result) {
        List<String> ids = new ArrayList<>();
        result.get("items").forEach(item -> ids.add(item.get("postId").asText()));
        return ids;
    }
}
