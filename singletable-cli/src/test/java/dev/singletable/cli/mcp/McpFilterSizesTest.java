package dev.singletable.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MCP server's pattern tools of patterns whose filters ask for sizes and stored types: the file fixes them, so they
 * take no arguments of their own, and the filter is sent as the file declares it.
 */
class McpFilterSizesTest {
    private static final String SIZES = "../singletable-schema/src/test/resources/filters/orders-sizes.singletable.yaml";

    @Test
    void patternTool_whenFilterAsksForASizeAndAType_takesNoArgumentForThemAndReadsTheMatches() {
        try (McpServer server = McpServer.startOnItsOwnEngine(SIZES)) {
            Map<?, ?> properties = (Map<?, ?>) server.client().listTools().tools().stream()
                    .filter(tool -> tool.name().equals("few-tags")).findFirst().orElseThrow().inputSchema().get("properties");
            JsonNode few = McpServer.json(server.call("few-tags", Map.of("customerId", "C1")));
            JsonNode typed = McpServer.json(server.call("noted-orders", Map.of("customerId", "C1")));

            assertThat(properties.keySet().stream().map(String::valueOf).toList()).containsExactly("customerId", "limit", "cursor");
            assertThat(orderIds(few)).containsExactly("O1", "O3");
            assertThat(few.get("request").get("request").get("FilterExpression").asText()).isEqualTo("size(#tags) < :v0");
            assertThat(orderIds(typed)).containsExactly("O1", "O2");
            assertThat(typed.get("request").get("request").get("FilterExpression").asText()).isEqualTo("attribute_type(#note, :v0)");
        }
    }

    private static List<String> orderIds(JsonNode result) {
        List<String> ids = new ArrayList<>();
        result.get("items").forEach(item -> ids.add(item.get("orderId").asText()));
        return ids;
    }
}
