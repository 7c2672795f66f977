package dev.singletable.cli.mcp;

import io.modelcontextprotocol.spec.McpSchema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A document of the design, made by the CLI's design command of the same name in this JVM: {@code describe} (the key
 * design), {@code patterns} (every access pattern, run, with its request) and {@code lint} (the findings).
 */
final class DocumentTool implements McpTool {
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
                + "the fix. Sends nothing.", List.of("json", "text", "sarif"));

        private final String command;
        private final String title;
        private final String description;
        private final List<String> formats;

        Document(String command, String title, String description, List<String> formats) {
            this.command = command;
            this.title = title;
            this.description = description;
            this.formats = formats;
        }
    }

    private final ServedDesign served;
    private final Document document;

    DocumentTool(ServedDesign served, Document document) {
        this.served = served;
        this.document = document;
    }

    @Override
    public McpSchema.Tool tool() {
        Map<String, Object> format = new LinkedHashMap<>();
        format.put("type", "string");
        format.put("enum", document.formats);
        format.put("default", document.formats.get(0));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", ToolArguments.ordered(FORMAT, format));
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
            throw new ToolInputException(document.command + ": format " + ToolArguments.text(format) + " is not one of "
                    + String.join(", ", document.formats));
        }
        ServedDesign.CommandRun run = served.designCommand(document.command, List.of("--format", (String) format));
        // lint exits 1 when it finds warnings: a result all the same
        boolean findings = document == Document.LINT && run.exitCode() == 1 && !run.out().isBlank();
        return run.exitCode() == 0 || findings ? McpTool.text(run.out()) : McpTool.error(run.message());
    }
}
