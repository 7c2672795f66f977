package dev.singletable.cli.mcp;

import io.modelcontextprotocol.spec.McpSchema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A document of the design, made by the CLI's design command of the same name in this JVM: {@code describe} (the key
 * design), {@code patterns} (every access pattern, run, with its request), {@code lint} (the findings) and {@code cost}
 * (capacity, the monthly bill and the limits at the declared rates, or a multiple of them).
 */
record DocumentTool(ServedDesign served, Document document) implements McpTool {
    private static final String FORMAT = "format";

    /** The design commands served as tools. */
    enum Document {
        DESCRIBE("describe", "Key design", "The key design of the table: one row per entity with its key templates on the table "
                + "and each index, TTL and version attributes, the indexes and their projections, and example items with their "
                + "composed keys. Sends nothing.", List.of("markdown", "json", "text")),
        PATTERNS("patterns", "Access patterns", "The access-pattern table: each named access pattern with its table or index, key "
                + "condition, filter, operation and the number of items it returns from the design's examples, then the exact "
                + "request of each. Runs the patterns on a separate in-memory engine holding the design's examples, never on the "
                + "served table.", List.of("markdown", "json", "text")),
        LINT("lint", "Lint", "The single-table design anti-patterns found in the design (hot partitions, scans, filters "
                + "that discard most items, index limits...), each with its rule id, severity, location, why it matters and "
                + "the fix. Sends nothing.", List.of("json", "text", "sarif")),
        COST("cost", "Cost", "What the design's traffic costs: read units of one call of each access pattern, write units "
                + "of each entity on the table and every index, storage, the monthly bill on-demand and provisioned per "
                + "pattern, index and in total at the design's declared rates (defaults marked), and every partition or item "
                + "limit that traffic exceeds. Sends nothing.", List.of("markdown", "json", "text"),
                new Option("scale", "The declared traffic times this factor, such as 10x: what breaks first (default 1x).",
                        "^[0-9]+(\\.[0-9]+)?x$", "a factor such as 10x or 2.5x"),
                new Option("region", "The AWS region whose prices apply (default us-east-1).", "^[a-z]{2}(-[a-z]+)+-[0-9]$",
                        "a region such as us-east-1"));

        private final String command;
        private final String title;
        private final String description;
        private final List<String> formats;
        private final List<Option> options;

        Document(String command, String title, String description, List<String> formats, Option... options) {
            this.command = command;
            this.title = title;
            this.description = description;
            this.formats = formats;
            this.options = List.of(options);
        }
    }

    /** A text option of the command, passed as {@code --NAME VALUE} when given. */
    record Option(String name, String description, String pattern, String expected) {
    }

    @Override
    public McpSchema.Tool tool() {
        Map<String, Object> format = new LinkedHashMap<>();
        format.put("type", "string");
        format.put("enum", document.formats);
        format.put("default", document.formats.get(0));
        Map<String, Object> properties = new LinkedHashMap<>(ToolArguments.ordered(FORMAT, format));
        for (Option option : document.options) {
            Map<String, Object> property = new LinkedHashMap<>();
            property.put("type", "string");
            property.put("pattern", option.pattern());
            property.put("description", option.description());
            properties.put(option.name(), property);
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("additionalProperties", false);
        return McpSchema.Tool.builder(document.command, schema)
                .title(document.title)
                .description(document.description)
                .annotations(McpTool.readOnly(document.title))
                .build();
    }

    @Override
    public McpSchema.CallToolResult call(Map<String, Object> arguments) {
        Object format = arguments.getOrDefault(FORMAT, document.formats.get(0));
        if (!document.formats.contains(format)) {
            throw new ToolInputException(document.command + ": format " + ToolArguments.shown(format) + " is not one of "
                    + String.join(", ", document.formats));
        }
        List<String> options = new java.util.ArrayList<>(List.of("--format", (String) format));
        for (Option option : document.options) {
            Object value = arguments.get(option.name());
            if (value == null) {
                continue;
            }
            if (!(value instanceof String text) || !text.matches(option.pattern())) {
                throw new ToolInputException(document.command + ": " + option.name() + " " + ToolArguments.text(value)
                        + " is not " + option.expected());
            }
            options.addAll(List.of("--" + option.name(), text));
        }
        for (String name : arguments.keySet()) {
            if (!name.equals(FORMAT) && document.options.stream().noneMatch(option -> option.name().equals(name))) {
                throw new ToolInputException(document.command + ": no argument " + name);
            }
        }
        ServedDesign.CommandRun run = served.designCommand(document.command, options);
        // lint exits 1 when it finds warnings: a result all the same
        boolean findings = document == Document.LINT && run.exitCode() == 1 && !run.out().isBlank();
        return run.exitCode() == 0 || findings ? McpTool.text(run.out()) : McpTool.error(run.message());
    }
}
