package dev.singletable.cli.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MCP server of a design whose Order has an index conditioned on a Java method ({@code when: {java: isShipped}}):
 * its put tool refuses Orders as the put command does, as a tool error, and its other tools work.
 */
class McpJavaConditionTest {
    private static final String ORDERS = "../singletable-schema/src/test/resources/java-condition/orders.singletable.yaml";

    @Test
    void put_whenAnIndexOfTheEntityIsConditionedOnAJavaMethod_isAToolErrorNamingIndexMethodAndFix() {
        try (McpServer server = McpServer.startOnItsOwnEngine(ORDERS, "--allow-writes")) {
            McpSchema.CallToolResult put = server.call("put", Map.of("item", Map.of("entity", "Order", "id", "o1",
                    "createdAt", "2025-01-01T00:00:00Z")));
            McpSchema.CallToolResult customer = server.call("put", Map.of("item", Map.of("entity", "Customer", "name", "ada")));
            McpSchema.CallToolResult shipped = server.call("shipped-orders", Map.of());
            McpSchema.CallToolResult explain = server.call("explain", Map.of("pattern", "shipped-orders"));

            assertThat(put.isError()).isTrue();
            assertThat(McpServer.text(put)).contains("Order: an item of Order is on index GSI1 only when the application's Java "
                    + "method isShipped() says so").contains("write it without createdAt, or write Order items with the Java application that has isShipped()");
            assertThat(customer.isError()).as(McpServer.text(customer)).isFalse();
            assertThat(shipped.isError()).as(McpServer.text(shipped)).isFalse();
            assertThat(McpServer.json(shipped).get("items")).isEmpty();
            assertThat(explain.isError()).as(McpServer.text(explain)).isFalse(); // a read's request: no write decides the index
            assertThat(McpServer.json(explain).get("request").toString()).contains("Query").contains("GSI1");
        }
    }
}
