package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Tool arguments of the wrong JSON type on a server that may write (blog design, a table of the test engine holding
 * its examples): each is the tool's error result naming the argument and the value as sent, and nothing is written.
 */
class McpArgumentsTest {
    private static final String BLOG = "../designs/blog.singletable.yaml";
    private static final SchemaFile FILE = SchemaFile.load(Path.of(BLOG));
    private static final Map<String, Object> ALICE = Map.of("entity", "User", "username", "alice");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(FILE.tableSchema());

    /** Reads numbers as BigDecimal, digit for digit. */
    private static final com.fasterxml.jackson.databind.ObjectMapper DECIMALS = new com.fasterxml.jackson.databind.ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private static McpServer server;

    @BeforeAll
    static void startServer() {
        FILE.document().entities().keySet().forEach(entity -> FILE.examples(entity).forEach(db.table()::put));
        server = McpServer.start(BLOG, db, "--allow-writes");
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    static Stream<Arguments> notBooleans() {
        return Stream.of(Arguments.of("true", "\"true\""), Arguments.of("yes", "\"yes\""), Arguments.of(1, "1"),
                Arguments.of(null, "null"));
    }

    @ParameterizedTest
    @MethodSource("notBooleans")
    void put_whenIfNotExistsIsNotABoolean_isToolErrorAndTheStoredItemIsKept(Object ifNotExists, String shown) {
        String before = McpServer.text(server.call("get", Map.of("key", ALICE)));
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("item", Map.of("entity", "User", "username", "alice", "name", "Replaced", "email", "r@example.com"));
        arguments.put("ifNotExists", ifNotExists);

        McpSchema.CallToolResult put = server.call("put", arguments);

        assertThat(put.isError()).isTrue();
        assertThat(McpServer.text(put)).isEqualTo("put: ifNotExists " + shown + " is not a boolean (true or false)");
        assertThat(McpServer.text(server.call("get", Map.of("key", ALICE)))).isEqualTo(before);
    }

    @org.junit.jupiter.api.Test
    void patternTool_whenRangeBoundsAreSpelledAsTheSchemaJsonExportNamesThem_readsThatRange() {
        try (McpServer shop = McpServer.startOnItsOwnEngine("../designs/ecommerce.singletable.yaml")) {
            JsonNode dotted = McpServer.json(shop.call("products-by-price", Map.of("price.from", 100, "price.to", 400)));
            McpSchema.CallToolResult underscored = shop.call("products-by-price", Map.of("price_from", 100, "price_to", 400));
            McpSchema.CallToolResult both = shop.call("products-by-price", Map.of("price.from", 100, "price_from", 100));

            assertThat(underscored.isError()).as(McpServer.text(underscored)).isFalse();
            assertThat(McpServer.json(underscored).get("items")).isEqualTo(dotted.get("items")).hasSize(2);
            assertThat(McpServer.json(underscored).get("parameters").get("price.from").get("given").asBoolean()).isTrue();
            assertThat(McpServer.text(both)).contains("parameter price.from is given twice");
        }
    }

    @org.junit.jupiter.api.Test
    void patternTool_whenARangeBoundOfEitherSpellingIsNotOfItsAttributesType_namesPatternParameterAndValue() {
        try (McpServer shop = McpServer.startOnItsOwnEngine("../designs/ecommerce.singletable.yaml")) {
            Map<String, Object> bound = Map.of("low", 1);
            List<String> messages = new java.util.ArrayList<>();
            for (String name : List.of("price.from", "price_from", "price.to", "price_to")) {
                McpSchema.CallToolResult result = shop.call("products-by-price", Map.of(name, bound));
                assertThat(result.isError()).as(name).isTrue();
                messages.add(McpServer.text(result));
            }

            assertThat(messages).containsExactly(
                    "products-by-price: parameter price.from {\"low\":1} is a JSON object, not a number",
                    "products-by-price: parameter price_from {\"low\":1} is a JSON object, not a number",
                    "products-by-price: parameter price.to {\"low\":1} is a JSON object, not a number",
                    "products-by-price: parameter price_to {\"low\":1} is a JSON object, not a number");
        }
    }

    @org.junit.jupiter.api.Test
    void tools_whenABooleanIsGivenForANumber_isToolErrorNamingAttributeValueAndType() {
        try (McpServer shop = McpServer.startOnItsOwnEngine("../designs/ecommerce.singletable.yaml", "--allow-writes")) {
            List<String> messages = new java.util.ArrayList<>();
            for (Map.Entry<String, Map<String, Object>> call : List.of(
                    Map.entry("put", Map.<String, Object>of("item", Map.of("entity", "Order", "customerId", "C8", "orderId", "O8",
                            "status", "PAID", "total", true, "createdAt", "2025-01-01T00:00:00Z"))),
                    Map.entry("products-by-price", Map.<String, Object>of("price.from", false)))) {
                McpSchema.CallToolResult result = shop.call(call.getKey(), call.getValue());
                assertThat(result.isError()).as(McpServer.text(result)).isTrue();
                messages.add(McpServer.text(result));
            }

            assertThat(messages).containsExactly("put Order: total true is a JSON boolean, not a number",
                    "products-by-price: parameter price.from false is a JSON boolean, not a number");
            assertThat(McpServer.text(shop.call("single-order", Map.of("customerId", "C8", "orderId", "O8")))).contains("\"count\" : 0");
        }
    }

    @org.junit.jupiter.api.Test
    void delete_whenExpectOrdersAFilesEnum_isToolErrorNamingAttributeAndValueAndKeepsTheItem() {
        try (McpServer shop = McpServer.startOnItsOwnEngine("../designs/ecommerce.singletable.yaml", "--allow-writes")) {
            Map<String, Object> key = Map.of("entity", "Order", "customerId", "C7", "orderId", "O7");
            assertThat(shop.call("put", Map.of("item", Map.of("entity", "Order", "customerId", "C7", "orderId", "O7", "status", "PAID",
                    "total", 5, "createdAt", "2025-01-01T00:00:00Z"))).isError()).isFalse();

            McpSchema.CallToolResult refused = shop.call("delete", Map.of("key", key, "expect", Map.of("status<", "SHIPPED")));

            assertThat(refused.isError()).isTrue();
            assertThat(McpServer.text(refused)).isEqualTo("delete Order: expect status<SHIPPED: < compares the stored values of status, "
                    + "and an enum is stored as its constant's name, which sorts alphabetically, not in the order the constants are "
                    + "declared: DynamoDB would silently give wrong answers; compare it with =, naming the values wanted");
            assertThat(McpServer.text(shop.call("single-order", Map.of("customerId", "C7", "orderId", "O7")))).contains("\"count\" : 1");
        }
    }

    @org.junit.jupiter.api.Test
    void put_whenADecimalHasMoreDigitsThanADouble_storesEveryDigit() throws Exception {
        try (McpServer shop = McpServer.startOnItsOwnEngine("../designs/ecommerce.singletable.yaml", "--allow-writes")) {
            List<String> totals = new java.util.ArrayList<>();
            for (String total : List.of("12345678901234567.89", "0.1000000000000000055511151231257827")) {
                McpSchema.CallToolResult put = shop.call("put", Map.of("item", Map.of("entity", "Order", "customerId", "C9",
                        "orderId", "O9", "status", "PAID", "total", new BigDecimal(total), "createdAt", "2025-01-01T00:00:00Z")));
                assertThat(put.isError()).as(McpServer.text(put)).isFalse();
                String read = McpServer.text(shop.call("single-order", Map.of("customerId", "C9", "orderId", "O9")));
                totals.add(DECIMALS.readTree(read).get("items").get(0).get("total").decimalValue().toPlainString());
            }

            assertThat(totals).containsExactly("12345678901234567.89", "0.1000000000000000055511151231257827");
        }
    }

    @org.junit.jupiter.api.Test
    void patternTool_whenThePatternDeclaresALimit_readsAtMostThatManyAndALimitArgumentOnlyLowersIt() {
        for (int i = 10; i <= 20; i++) {
            McpSchema.CallToolResult put = server.call("put", Map.of("item", Map.of("entity", "Post", "username", "dora",
                    "postId", "01HMQ0000000000000000000" + i, "title", "Post " + i, "published", true)));
            assertThat(put.isError()).as(McpServer.text(put)).isFalse();
        }

        JsonNode declared = McpServer.json(server.call("recent-posts-by-user", Map.of("username", "dora")));
        JsonNode lower = McpServer.json(server.call("recent-posts-by-user", Map.of("username", "dora", "limit", 3)));
        JsonNode higher = McpServer.json(server.call("recent-posts-by-user", Map.of("username", "dora", "limit", 50)));

        assertThat(List.of(declared, lower, higher)).extracting(r -> r.get("count").asInt() + " items, Limit "
                + r.get("request").get("request").get("Limit").asInt()).containsExactly("10 items, Limit 10", "3 items, Limit 3",
                "10 items, Limit 10");
    }

    @org.junit.jupiter.api.Test
    void get_whenTheEntityStartsWithAt_takesItLiterallyAndReadsNoFile(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = java.nio.file.Files.writeString(dir.resolve("key.txt"), "User username=alice\n");

        McpSchema.CallToolResult get = server.call("get", Map.of("key", Map.of("entity", "@" + file)));

        assertThat(get.isError()).isTrue();
        assertThat(McpServer.text(get)).isEqualTo("No entity '@" + file + "' in the schema file; the file has User, Post, Comment, PostTag");
    }

    static Stream<Arguments> wrongJsonTypes() {
        return Stream.of(
                Arguments.of("put", map("item", map("entity", "Post", "username", "erin", "postId", "01HMQ0000000000000000000E1",
                        "title", Map.of("a", List.of(1, 2)), "published", true)), "put Post: title {\"a\":[1,2]} is a JSON object, not a string"),
                Arguments.of("put", map("item", map("entity", "Post", "username", "erin", "postId", "01HMQ0000000000000000000E1",
                        "title", List.of("T"), "published", true)), "put Post: title [\"T\"] is a JSON array, not a string"),
                Arguments.of("get", map("key", map("entity", "User", "username", 123)), "get User: username 123 is a JSON number, not a string"),
                Arguments.of("put", map("item", map("entity", "Post", "username", "erin", "postId", "01HMQ0000000000000000000E1",
                        "title", "T", "published", 1)), "put Post: published 1 is a JSON number, not a boolean"),
                Arguments.of("get", map("key", map("entity", "User", "username", null)), "get User: username is null; give it a value, or leave it out"),
                Arguments.of("update", map("key", ALICE, "set", map("bio", null)), "update User set: bio is null; give it a value, or leave it out"),
                Arguments.of("posts-by-user", map("username", null),
                        "posts-by-user: parameter username is null; give it a value, or leave it out"),
                Arguments.of("posts-by-user", map("username", Map.of("a", 1)),
                        "posts-by-user: parameter username {\"a\":1} is a JSON object, not a string"),
                Arguments.of("put", map("item", map("entity", "User", "username", "erin", "name=", "n", "email", "e@example.com")),
                        "put User: no attribute 'name='; no attribute or path has '=' in its name"),
                Arguments.of("update", map("key", ALICE, "set", map("bio=x", "y")),
                        "update User set: no attribute 'bio=x'; no attribute or path has '=' in its name"),
                Arguments.of("explain", map("pattern", "posts-by-user", "username", "bob"),
                        "explain: no argument username; its arguments are pattern, parameters (the pattern's parameters go in parameters)"),
                Arguments.of("explain", map("pattern", "posts-by-user", "parameters", map("username", true)),
                        "posts-by-user: parameter username true is a JSON boolean, not a string"));
    }

    @ParameterizedTest
    @MethodSource("wrongJsonTypes")
    void tool_whenAValueIsNullOrOfAnotherJsonType_isToolErrorNamingAttributeValueAndType(String tool, Map<String, Object> arguments,
                                                                                        String message) {
        McpSchema.CallToolResult result = server.call(tool, arguments);

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).isEqualTo(message);
        assertThat(McpServer.text(server.call("get", Map.of("key", Map.of("entity", "Post", "username", "erin",
                "postId", "01HMQ0000000000000000000E1"))))).endsWith("in " + db.tableName());
    }

    @org.junit.jupiter.api.Test
    void put_whenAnAttributeIsNull_leavesItOut() {
        McpSchema.CallToolResult put = server.call("put", Map.of("item", map("entity", "User", "username", "carol", "name", "Carol",
                "email", "c@example.com", "bio", null)));
        JsonNode carol = McpServer.json(server.call("user-profile", Map.of("username", "carol"))).get("items").get(0);

        assertThat(put.isError()).as(McpServer.text(put)).isFalse();
        List<String> names = new java.util.ArrayList<>();
        carol.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("entity", "username", "name", "email", "createdAt", "updatedAt");
    }

    /** A JSON object of these names and values, null among them. */
    private static Map<String, Object> map(Object... namesAndValues) {
        Map<String, Object> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return map;
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(longs = {4294967297L, 4294967296L, 2147483648L})
    void patternTool_whenLimitIsAboveAnInt_isCappedNotWrappedAround(long limit) {
        JsonNode result = McpServer.json(server.call("user-page", Map.of("username", "alice", "limit", limit)));

        assertThat(result.get("count").asInt() + " items, Limit " + result.get("request").get("request").get("Limit").asInt())
                .isEqualTo("3 items, Limit 100");
    }

    @org.junit.jupiter.api.Test
    void itemTools_whenAnExpectNameEndsInAComparison_guardTheWriteWithIt() {
        Map<String, Object> key = Map.of("entity", "Post", "username", "frank", "postId", "01HMQ0000000000000000000F1");
        server.call("put", Map.of("item", Map.of("entity", "Post", "username", "frank", "postId", "01HMQ0000000000000000000F1",
                "title", "B", "published", false)));

        McpSchema.CallToolResult refused = server.call("update", Map.of("key", key, "set", Map.of("title", "C"),
                "expect", Map.of("title>=", "C")));
        McpSchema.CallToolResult unordered = server.call("delete", Map.of("key", key, "expect", Map.of("published>", false)));
        McpSchema.CallToolResult instant = server.call("delete", Map.of("key", key, "expect", Map.of("createdAt>=",
                "2025-01-01T00:00:00Z")));
        McpSchema.CallToolResult equalInstant = server.call("update", Map.of("key", key, "set", Map.of("title", "A"),
                "expect", Map.of("createdAt!=", "2025-01-01T00:00:00Z")));
        McpSchema.CallToolResult updated = server.call("update", Map.of("key", key, "set", Map.of("title", "C"),
                "expect", Map.of("title<", "C", "published!=", true)));

        assertThat(refused.isError()).isTrue();
        assertThat(McpServer.text(refused)).contains("ConditionExpression  attribute_exists(#pk) AND #entityType = :v2 AND #title >= :v3")
                .endsWith("not changed, the stored item has title=B (expected title>=C).");
        assertThat(unordered.isError()).isTrue();
        assertThat(McpServer.text(unordered)).isEqualTo("delete Post: expect published>false: > compares by DynamoDB's order, which only "
                + "strings, numbers and binary values have; the value is a boolean (BOOL): compare it with = or !=, or test an "
                + "attribute of a string, number or binary type");
        assertThat(updated.isError()).as(McpServer.text(updated)).isFalse();
        assertThat(McpServer.json(updated).get("item").get("title").asText()).isEqualTo("C");
        assertThat(instant.isError()).isTrue();
        assertThat(McpServer.text(instant)).isEqualTo("delete Post: expect createdAt>=2025-01-01T00:00:00Z: >= compares the stored "
                + "values of createdAt, and an instant is stored as ISO-8601 text whose fraction varies in width and which ends in Z, "
                + "so 2025-01-01T00:00:00Z sorts after 2025-01-01T00:00:00.500Z, half a second later: DynamoDB would silently give "
                + "wrong answers; compare it through a sort-key slot, whose fixed-width text keeps time order (a query's sort key "
                + "range), or store it as epoch seconds (type: epochSeconds in the schema file), a Number DynamoDB compares by value");
        assertThat(equalInstant.isError()).as(McpServer.text(equalInstant)).isFalse();
        assertThat(McpServer.json(equalInstant).get("item").get("title").asText()).isEqualTo("A");
    }

    static Stream<Arguments> refusedByTheCore() {
        return Stream.of(
                Arguments.of("put", map("item", map("entity", "User", "username", "alice", "name", "A", "email", "a@example.com"),
                        "ifNotExists", true), "put failed. put User ifNotExists: an item with key pk = \"USER#alice\", sk = \"USER#alice\" "
                        + "exists in TABLE; nothing written. Leave out ifNotExists to replace it."),
                Arguments.of("update", map("key", ALICE), "update User: nothing to change; give set, remove or add"),
                Arguments.of("get", map("key", map("entity", "User", "username", "nobody")),
                        "Request GetItem TABLE: pk = \"USER#nobody\", sk = \"USER#nobody\"\n1 request, 0.5 RCU consumed\n"
                                + "not found: no User at pk = \"USER#nobody\", sk = \"USER#nobody\" in TABLE"));
    }

    @ParameterizedTest
    @MethodSource("refusedByTheCore")
    void itemTool_whenTheCommandRefusesTheCall_saysSoInTheToolsArgumentsOnOneLine(String tool, Map<String, Object> arguments, String message) {
        McpSchema.CallToolResult result = server.call(tool, arguments);

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).isEqualTo(message.replace("TABLE", db.tableName()));
    }
}
