package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.local.RequiresEngineFeature;
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
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The MCP server's {@code transact} tool on the shop design of {@code transact}'s tests, through a real server process:
 * an order (take two of s1's stock, create the order, check that s2 is not discontinued) written all or none, canceled
 * with each action's reason, explained without being sent (also where writes are refused), and bad input as the tool's
 * error naming the action's index, entity, attribute and value.
 */
@RequiresEngineFeature(EngineFeature.TRANSACTIONS)
class McpTransactTest {
    private static final String SHOP = "src/test/resources/transact/shop.singletable.yaml";
    private static final SchemaFile FILE = SchemaFile.load(Path.of(SHOP));
    private static final List<Object> ORDER = List.of(
            Map.of("action", "update", "entity", "Product", "key", Map.of("sku", "s1"), "add", Map.of("stock", -2),
                    "expect", List.of("stock>=2")),
            Map.of("action", "create", "entity", "Order", "item", Map.of("orderId", "o1", "sku", "s1", "quantity", 2,
                    "status", "PLACED")),
            Map.of("action", "check", "entity", "Product", "key", Map.of("sku", "s2"), "expect", List.of("discontinued!=true")));

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(FILE.tableSchema());

    private static McpServer writer;
    private static McpServer reader;

    @BeforeAll
    static void startServers() {
        writer = McpServer.start(SHOP, db, "--allow-writes");
        reader = McpServer.start(SHOP, db);
    }

    @AfterAll
    static void stopServers() {
        for (McpServer server : new McpServer[] {writer, reader}) {
            if (server != null) {
                server.close();
            }
        }
    }

    /** s1 with 5 in stock, s2 with none, discontinued or not, and no order o1. */
    private static void products(boolean discontinued) {
        writer.call("delete", Map.of("key", Map.of("entity", "Order", "orderId", "o1")));
        assertThat(writer.call("put", Map.of("item", Map.of("entity", "Product", "sku", "s1", "stock", 5))).isError()).isFalse();
        assertThat(writer.call("put", Map.of("item", Map.of("entity", "Product", "sku", "s2", "stock", 0,
                "discontinued", discontinued))).isError()).isFalse();
    }

    private static String text(McpSchema.CallToolResult result) {
        return McpServer.text(result).replace(db.tableName(), "TABLE") + "\n";
    }

    private static McpSchema.CallToolResult get(String sku) {
        return writer.call("get", Map.of("key", Map.of("entity", sku.startsWith("o") ? "Order" : "Product",
                sku.startsWith("o") ? "orderId" : "sku", sku)));
    }

    @Test
    void transact_whenEveryGuardHolds_writesEveryActionAndAnswersEachActionsResult() throws IOException {
        products(false);

        McpSchema.CallToolResult result = writer.call("transact", Map.of("actions", ORDER));

        assertThat(result.isError()).isFalse();
        assertThat(text(result)).isEqualTo(Golden.of("mcp/transact-written.json", text(result)));
        assertThat(McpServer.json(get("o1")).path("item").path("quantity").asInt()).isEqualTo(2);
        assertThat(McpServer.json(get("s1")).path("item").path("stock").asInt()).isEqualTo(3);
    }

    @Test
    @RequiresEngineFeature(EngineFeature.RETURN_VALUES_ON_CONDITION_CHECK_FAILURE) // the stored item in the golden answer
    void transact_whenAGuardFails_isToolErrorNamingEachActionsReasonAndTheStoredItemAndWritesNothing() throws IOException {
        products(true);

        McpSchema.CallToolResult result = writer.call("transact", Map.of("actions", ORDER));

        assertThat(result.isError()).isTrue();
        assertThat(text(result)).isEqualTo(Golden.of("mcp/transact-canceled.json", text(result)));
        assertThat(get("o1").isError()).isTrue();
        assertThat(McpServer.json(get("s1")).path("item").path("stock").asInt()).isEqualTo(5);
    }

    @Test
    void transact_whenExplainOnAServerWithoutWrites_answersTheRequestAndSendsNothing() throws IOException {
        products(false);

        McpSchema.CallToolResult result = reader.call("transact", Map.of("actions", ORDER, "explain", true));

        assertThat(result.isError()).isFalse();
        assertThat(text(result)).isEqualTo(Golden.of("mcp/transact-explain.json", text(result)));
        assertThat(get("o1").isError()).isTrue();
    }

    @Test
    void transact_whenServerHasNoAllowWrites_isRefusedAndWritesNothing() {
        products(false);

        McpSchema.CallToolResult result = reader.call("transact", Map.of("actions", ORDER));

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).isEqualTo("transact writes to the table, and this server was started without "
                + "--allow-writes; nothing written. Restart it with 'singletable mcp DESIGN --allow-writes' to let tools write.");
        assertThat(get("o1").isError()).isTrue();
    }

    /** A wrong second action: the case, the action, the error the tool answers (its index, action, entity, message). */
    static Stream<Arguments> wrongActions() {
        return Stream.of(
                Arguments.of("attribute unknown", Map.of("action", "put", "entity", "Product", "item", Map.of("sku", "s1", "stok", 1)),
                        "put", "Product", "actions[1]: put Product: no attribute 'stok' (did you mean 'stock'?); its attributes are sku, "
                                + "stock, discontinued"),
                Arguments.of("value of the wrong type", Map.of("action", "update", "entity", "Product", "key", Map.of("sku", "s1"),
                        "add", Map.of("stock", "lots")), "update", "Product", "actions[1]: update Product: add stock=lots: path "
                                + "stock holds integer, and 'lots' does not fit: 'lots' is not an integer (32 bits); give a value of "
                                + "that type"),
                Arguments.of("entity unknown", Map.of("action", "delete", "entity", "Prodcut", "key", Map.of("sku", "s1")),
                        "delete", "Prodcut", "actions[1]: No entity 'Prodcut' in the schema file; did you mean 'Product'?; the file has "
                                + "Product, Order"),
                Arguments.of("action unknown", Map.of("action", "upsert", "entity", "Product"), "upsert", "Product",
                        "actions[1]: no action 'upsert'; give one of put, create, replace, update, delete, check"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wrongActions")
    void transact_whenAnActionIsWrong_isToolErrorNamingItsIndexEntityAttributeAndValue(String when, Map<String, Object> wrong,
                                                                                     String action, String entity, String message) {
        McpSchema.CallToolResult result = writer.call("transact", Map.of("actions", List.of(ORDER.get(0), wrong)));

        assertThat(result.isError()).isTrue();
        JsonNode expected = McpServer.JSON.valueToTree(Map.of("written", false, "error", Map.of("index", 1, "action", action,
                "entity", entity, "message", message)));
        assertThat(readTree(McpServer.text(result))).isEqualTo(expected);
    }

    @Test
    void transact_whenActionsIsNoArray_isToolErrorSayingWhatToGive() {
        McpSchema.CallToolResult result = writer.call("transact", Map.of("actions", Map.of("action", "put")));

        assertThat(result.isError()).isTrue();
        assertThat(McpServer.text(result)).isEqualTo("transact: give actions, a JSON array of 1 to 100 actions such as {\"action\": "
                + "\"put\", \"entity\": \"...\", \"item\": {...}}, not {\"action\":\"put\"}");
    }

    private static JsonNode readTree(String text) {
        try {
            return McpServer.JSON.readTree(text);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
