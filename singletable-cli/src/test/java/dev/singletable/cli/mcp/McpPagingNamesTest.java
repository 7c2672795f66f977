package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A design whose patterns have parameters named as the pattern tools' own arguments ({@code limit}, {@code cursor}):
 * the parameters keep their names, and the tools' own arguments take {@code _limit} and {@code _cursor}.
 */
class McpPagingNamesTest {
    private static final String QUOTA = "src/test/resources/mcp/quota.singletable.yaml";

    @Test
    void patternTool_whenAParameterIsNamedLimitOrCursor_takesItAndNamesItsOwnArgumentsApart() {
        try (McpServer server = McpServer.startOnItsOwnEngine(QUOTA)) {
            Map<String, List<String>> arguments = new java.util.LinkedHashMap<>();
            server.client().listTools().tools().stream().filter(tool -> tool.name().startsWith("quota"))
                    .forEach(tool -> arguments.put(tool.name(), List.copyOf(((Map<?, ?>) tool.inputSchema().get("properties")).keySet()
                            .stream().map(String::valueOf).toList())));
            JsonNode query = McpServer.json(server.call("quotas-of-size", Map.of("limit", "large", "_limit", 5)));
            JsonNode get = McpServer.json(server.call("quota-by-limit", Map.of("limit", "large")));
            JsonNode atCursor = McpServer.json(server.call("quotas-at-cursor", Map.of("cursor", "c2")));
            McpSchema.CallToolResult badLimit = server.call("quotas-of-size", Map.of("_limit", 0));

            assertThat(arguments).isEqualTo(Map.of("quota-by-limit", List.of("account", "limit", "_limit"),
                    "quotas-of-size", List.of("account", "limit", "_limit", "cursor"),
                    "quotas-at-cursor", List.of("account", "cursor", "limit", "_cursor")));
            assertThat(limits(atCursor)).containsExactly("large");
            assertThat(limits(query)).containsExactly("large");
            assertThat(query.get("request").get("request").get("Limit").asInt()).isEqualTo(5);
            assertThat(limits(get)).containsExactly("large");
            assertThat(McpServer.text(badLimit)).isEqualTo("quotas-of-size: _limit 0 is not a number of items, 1 or more");
        }
    }

    private static List<String> limits(JsonNode result) {
        List<String> limits = new ArrayList<>();
        result.get("items").forEach(item -> limits.add(item.get("limit").asText()));
        return limits;
    }
}
