package dev.singletable.cli.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.DynamicItem;
import dev.singletable.Explanation;
import dev.singletable.Page;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.cli.data.ItemJson;
import dev.singletable.cli.data.PatternCall;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AccessPatternDefinition.Operation;
import io.modelcontextprotocol.spec.McpSchema;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A named access pattern of the design as a tool: its parameters as the input schema, its call the items it reads (each
 * with its entity), the request sent, and a cursor when more items follow than one result holds.
 */
record PatternTool(ServedDesign served, AccessPatternDefinition pattern, String name) implements McpTool {
    static final String LIMIT = "limit";
    static final String CURSOR = "cursor";

    /**
     * The tool's name: the pattern's, or {@code pattern-NAME} for a pattern named as one of the server's other tools
     * ({@code get}), which keep their names.
     */
    static String toolName(AccessPatternDefinition pattern, java.util.Set<String> taken) {
        return taken.contains(pattern.name()) ? "pattern-" + pattern.name() : pattern.name();
    }

    @Override
    public McpSchema.Tool tool() {
        Map<String, Object> properties = parameterProperties(served, pattern);
        properties.put(own(LIMIT), ToolArguments.ordered("type", "integer", "minimum", 1, "maximum", most(),
                "description", "The most items to return (at most " + most() + ", the default"
                        + (most() < served.maxItems() ? ": the pattern's own limit" : "") + ")."));
        if (pattern.operation() == Operation.QUERY) {
            properties.put(own(CURSOR), ToolArguments.ordered("type", "string",
                    "description", "The cursor of the previous result, to read the items after it."));
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("additionalProperties", false);
        String operation = switch (pattern.operation()) {
            case GET -> "GetItem";
            case QUERY -> "Query" + pattern.index().map(index -> " on " + index).orElse("");
            case SCAN -> "Scan (whole table)";
        };
        return McpSchema.Tool.builder(name, schema)
                .title(pattern.name())
                .description(pattern.description().map(d -> d + ". ").orElse("") + "Access pattern of " + served.design().name()
                        + ": " + operation + " of " + pattern.target().name() + " in table " + served.design().schema().name()
                        + ". Returns the items read (each with its entity), the request sent and, when more items follow, a cursor. "
                        + "A parameter left out takes the example value the design gives it (its default).")
                .annotations(McpTool.readOnly("Access pattern " + pattern.name()))
                .build();
    }

    /** The pattern's parameters as JSON Schema properties: each its attribute's type, and the file's example as default. */
    static Map<String, Object> parameterProperties(ServedDesign served, AccessPatternDefinition pattern) {
        Map<String, Object> properties = new LinkedHashMap<>();
        PatternCall.fileValues(pattern).forEach((name, example) -> {
            Map<String, Object> property = ToolArguments.schema(PatternCall.definition(served.design(), pattern, name));
            property.put("default", ToolArguments.json(example));
            property.put("description", (pattern.key().containsKey(name) ? "Key value "
                    : !pattern.parameterAttribute(name).equals(name) ? "Range bound "
                    : pattern.sort().filter(sort -> sort.values().containsKey(name)).isPresent() ? "Sort key value " : "Filter value ") + name
                    + " (default: the design's example)");
            properties.put(name, property);
        });
        return properties;
    }

    /** The call of the pattern with the parameters among {@code arguments} (the others named in {@code ignored}). */
    static PatternCall call(ServedDesign served, String patternName, Map<String, Object> arguments, List<String> ignored) {
        Optional<AccessPatternDefinition> pattern = served.design().file().document().accessPatterns().stream()
                .filter(p -> p.name().equals(patternName)).findFirst();
        Map<String, String> given = new LinkedHashMap<>();
        arguments.forEach((name, value) -> {
            if (!ignored.contains(name)) {
                // checked as its attribute where the pattern has the parameter, in either spelling of a range bound
                // (price.from, price_from); PatternCall refuses the others by name
                AttributeDefinition definition = pattern.flatMap(p -> PatternCall.parameterNamed(p, name)
                        .map(parameter -> PatternCall.definition(served.design(), p, parameter))).orElse(null);
                given.put(name, ToolArguments.text(patternName, "parameter " + name, value, definition));
            }
        });
        return PatternCall.of(served.design(), patternName, given, ToolInputException::new);
    }

    /** The parameters as the call used them: text, and whether given or the design's example. */
    static ObjectNode parameters(PatternCall call) {
        ObjectNode parameters = JSON.createObjectNode();
        call.parameters().values().forEach(parameter -> parameters.set(parameter.name(), JSON.createObjectNode()
                .put("value", parameter.text()).put("given", parameter.given())));
        return parameters;
    }

    /** The request as JSON, with the notes the core adds. */
    static ObjectNode request(Explanation explanation) {
        ObjectNode request = JSON.createObjectNode().put("operation", explanation.operation());
        try {
            request.set("request", JSON.readTree(explanation.json()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        ArrayNode notes = request.putArray("notes");
        explanation.notes().forEach(notes::add);
        return request;
    }

    @Override
    public McpSchema.CallToolResult call(Map<String, Object> arguments) {
        PatternCall call = call(served, pattern.name(), arguments, List.of(own(LIMIT), own(CURSOR)));
        int limit = limit(arguments.get(own(LIMIT)));
        // the pattern's own limit is what it reads; only a lower cap of the tool's (limit, --max-items) cuts it short
        boolean capped = limit < pattern.limit().orElse(Integer.MAX_VALUE);
        String cursor = cursor(arguments.get(own(CURSOR)));
        Table table = served.data().table();
        ObjectNode result = JSON.createObjectNode().put("pattern", pattern.name());
        result.set("parameters", parameters(call));
        result.set("request", request(call.explanation(table, limit)));
        List<DynamicItem> items;
        Optional<String> next;
        boolean cut = false;
        try {
            Optional<Page<DynamicItem>> page = call.page(table, limit, cursor);
            if (page.isPresent()) {
                items = page.get().items();
                next = page.get().cursor();
            } else {
                List<DynamicItem> read = call.items(table, capped ? limit + 1 : limit);
                cut = read.size() > limit;
                items = cut ? read.subList(0, limit) : read;
                next = Optional.empty();
            }
            int fit = fitting(items);
            if (fit < items.size()) {
                cut = true;
                if (page.isPresent()) {
                    // again with a limit of what fits, for the cursor after the last item returned
                    Page<DynamicItem> fitted = call.page(table, fit, cursor).orElseThrow();
                    items = fitted.items();
                    next = fitted.cursor();
                } else {
                    items = items.subList(0, fit);
                }
            }
        } catch (SingleTableException e) {
            throw e;
        } catch (RuntimeException e) {
            throw served.data().failure("Access pattern " + pattern.name() + " failed", e);
        }
        ArrayNode array = result.putArray("items");
        items.forEach(item -> array.add(ItemJson.of(served.design().schema(), item)));
        result.put("count", items.size());
        next.ifPresent(c -> result.put(CURSOR, c));
        if (next.isPresent()) {
            result.put("more", "More items follow: call " + name + " again with the same parameters and this cursor"
                    + (own(CURSOR).equals(CURSOR) ? "." : " as " + own(CURSOR) + "."));
        } else if (cut) {
            result.put("more", "More items follow than this result holds (" + limit + " items, " + served.maxBytes()
                    + " bytes); a " + pattern.operation().name().toLowerCase(java.util.Locale.ROOT)
                    + " pattern has no cursor: narrow it with its parameters.");
        }
        return McpTool.result(result);
    }

    /** How many of the items fit in the byte cap: at least one, so that a large item is still shown. */
    private int fitting(List<DynamicItem> items) {
        long bytes = 0;
        for (int i = 0; i < items.size(); i++) {
            bytes += ItemJson.of(served.design().schema(), items.get(i)).toString().getBytes(StandardCharsets.UTF_8).length;
            if (bytes > served.maxBytes() && i > 0) {
                return i;
            }
        }
        return items.size();
    }

    /**
     * The tool's own argument {@code argument} (limit, cursor) is named so, or {@code _limit} ({@code __limit}...) where
     * the pattern has a parameter of that name, which keeps its name.
     */
    String own(String argument) {
        java.util.Set<String> parameters = PatternCall.fileValues(pattern).keySet();
        String own = argument;
        while (parameters.contains(own)) {
            own = "_" + own;
        }
        return own;
    }

    /** The most items of one result: the server's --max-items, or the pattern's own limit where it is lower. */
    private int most() {
        return Math.min(served.maxItems(), pattern.limit().orElse(Integer.MAX_VALUE));
    }

    private int limit(Object value) {
        if (value == null) {
            return most();
        }
        // compared as a decimal: an int of 4294967297 would be 1
        java.math.BigDecimal number = value instanceof Number && !(value instanceof Double d && !Double.isFinite(d))
                ? new java.math.BigDecimal(value.toString()) : null;
        if (number == null || number.signum() < 1 || number.stripTrailingZeros().scale() > 0) {
            throw new ToolInputException(pattern.name() + ": " + own(LIMIT) + " " + ToolArguments.shown(value)
                    + " is not a number of items, 1 or more");
        }
        return number.min(java.math.BigDecimal.valueOf(most())).intValueExact();
    }

    private String cursor(Object value) {
        if (value == null) {
            return null;
        }
        if (pattern.operation() != Operation.QUERY) {
            throw new ToolInputException(pattern.name() + " is a " + pattern.operation().name().toLowerCase(java.util.Locale.ROOT)
                    + " pattern, which has no pages: call it without a cursor");
        }
        if (!(value instanceof String text) || text.isBlank()) {
            throw new ToolInputException(pattern.name() + ": " + own(CURSOR) + " " + ToolArguments.shown(value)
                    + " is not a cursor; give the cursor of the previous result as it was");
        }
        return text;
    }

    /** The tools of the design's access patterns, in the file's order, none named as one of {@code taken}. */
    static List<McpTool> all(ServedDesign served, java.util.Set<String> taken) {
        List<McpTool> tools = new ArrayList<>();
        served.design().file().document().accessPatterns()
                .forEach(pattern -> tools.add(new PatternTool(served, pattern, toolName(pattern, taken))));
        return tools;
    }
}
