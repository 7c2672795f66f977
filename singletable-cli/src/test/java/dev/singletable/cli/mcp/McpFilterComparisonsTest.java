package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The MCP server's pattern tools of patterns whose filters compare: a between's bounds are arguments typed as their
 * attribute, the filter is sent as the file declares it (a scan's too), and bounds low above high are refused by name.
 */
class McpFilterComparisonsTest {
    private static final String FILTERS = "../singletable-schema/src/test/resources/filters/orders-filters.singletable.yaml";

    @Test
    void patternTool_whenFilterIsBetween_takesItsBoundsAsArgumentsAndReadsThatRange() {
        try (McpServer server = McpServer.startOnItsOwnEngine(FILTERS)) {
            Map<?, ?> properties = (Map<?, ?>) server.client().listTools().tools().stream()
                    .filter(tool -> tool.name().equals("orders-in-total-range")).findFirst().orElseThrow().inputSchema().get("properties");
            JsonNode range = McpServer.json(server.call("orders-in-total-range", Map.of("total.from", "100")));
            JsonNode ring = McpServer.json(server.call("orders-with-a-ring", Map.of()));
            McpSchema.CallToolResult reversed = server.call("orders-in-total-range", Map.of("total.from", "500"));

            assertThat(properties.keySet().stream().map(String::valueOf).toList()).containsExactly("customerId", "total.from", "total.to", "limit", "cursor");
            assertThat(orderIds(range)).containsExactly("O2");
            assertThat(range.get("request").get("request").get("FilterExpression").asText()).isEqualTo("#total BETWEEN :v0 AND :v1");
            assertThat(orderIds(ring)).containsExactlyInAnyOrder("O1", "O2");
            assertThat(ring.get("request").get("request").get("FilterExpression").asText())
                    .isEqualTo("#et = :et AND (contains(#note, :v0) OR #total <= :v1)");
            assertThat(reversed.isError()).isTrue();
            assertThat(McpServer.text(reversed)).contains("Access pattern 'orders-in-total-range': filter between on total: low 500 is "
                    + "above high 200; give total.from at most total.to");
        }
    }

    private static List<String> orderIds(JsonNode result) {
        List<String> ids = new ArrayList<>();
        result.get("items").forEach(item -> ids.add(item.get("orderId").asText()));
        return ids;
    }
}
