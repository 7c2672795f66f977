package dev.singletable.cli.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.Table;
import dev.singletable.cli.data.PatternCall;
import dev.singletable.schema.AccessPatternDefinition;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code explain}: the request an access pattern sends with the parameters given, rendered by the core; nothing sent. */
final class ExplainTool implements McpTool {
    private static final String PATTERN = "pattern";
    private static final String PARAMETERS = "parameters";

    private final ServedDesign served;

    ExplainTool(ServedDesign served) {
        this.served = served;
    }

    @Override
    public McpSchema.Tool tool() {
        List<String> names = served.design().file().document().accessPatterns().stream().map(AccessPatternDefinition::name).toList();
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put(PATTERN, ToolArguments.ordered("type", "string", "enum", names, "description", "The access pattern."));
        properties.put(PARAMETERS, ToolArguments.ordered("type", "object", "description",
                "Its parameters by name, as its own tool takes them; those left out take the design's example values."));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", List.of(PATTERN));
        schema.put("additionalProperties", false);
        return McpSchema.Tool.builder("explain", schema)
                .title("Explain an access pattern")
                .description("The request (GetItem, Query or Scan: key condition, filter, names and values) that an access pattern of "
                        + served.design().name() + " sends with the parameters given, as the library renders it. Sends nothing.")
                .annotations(McpTool.readOnly("Explain an access pattern"))
                .build();
    }

    @Override
    public McpSchema.CallToolResult call(Map<String, Object> arguments) {
        List<String> unknown = arguments.keySet().stream().filter(name -> !name.equals(PATTERN) && !name.equals(PARAMETERS)).toList();
        if (!unknown.isEmpty()) {
            throw new ToolInputException("explain: no argument " + String.join(", ", unknown) + "; its arguments are " + PATTERN + ", "
                    + PARAMETERS + " (the pattern's parameters go in " + PARAMETERS + ")");
        }
        Object pattern = arguments.get(PATTERN);
        if (!(pattern instanceof String name)) {
            throw new ToolInputException("explain: give pattern, the name of an access pattern");
        }
        Map<String, Object> parameters = ToolArguments.object("explain", arguments, PARAMETERS);
        PatternCall call = PatternTool.call(served, name, parameters, List.of());
        Table offline = Table.offlineBuilder(served.design().schema()).clock(served.clock()).build();
        ObjectNode result = JSON.createObjectNode().put("pattern", name);
        result.set("parameters", PatternTool.parameters(call));
        result.set("request", PatternTool.request(call.explanation(offline, null)));
        result.put("sent", false);
        return McpTool.result(result);
    }
}
