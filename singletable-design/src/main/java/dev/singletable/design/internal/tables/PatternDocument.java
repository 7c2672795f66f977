package dev.singletable.design.internal.tables;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.design.internal.tables.DesignTables.PatternRow;
import dev.singletable.design.internal.tables.DesignTables.Sample;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.design.internal.text.RequestText;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static dev.singletable.design.internal.tables.DesignDocuments.JSON;
import static dev.singletable.design.internal.tables.DesignDocuments.putOrNull;
import static dev.singletable.design.internal.tables.DesignDocuments.tableHeader;

/**
 * The access-pattern document of {@code patterns}: each pattern's table or index, key condition, cost, the request it
 * sends and the items it returned on the sample data, as text, Markdown or JSON. Its grid is the view's too.
 */
final class PatternDocument {
    private PatternDocument() {
    }

    /** What the patterns table's cost column holds. */
    private static final String COST_NOTE = "cost: read units of one call and the on-demand month at the design's rates (* where a rate or item "
            + "count is a default); 'singletable cost' shows writes, storage, provisioned capacity and partition limits";

    /** A scan's operation saying what it reads: {@code Scan (whole table)}, {@code Scan (whole index, strongly consistent)}. */
    private static String scanOperation(PatternRow pattern) {
        String whole = pattern.tableOrIndex().equals("table") ? "whole table" : "whole index";
        return pattern.operation().equals("Scan") ? "Scan (" + whole + ")" : pattern.operation().replaceFirst("^Scan \\(", "Scan (" + whole + ", ");
    }

    static Grid patternGrid(DesignTables tables) {
        List<String> header = List.of("pattern", "description", "table or index", "key condition", "filter", "operation", "items",
                "cost (" + CostDocument.REGION + ", USD)");
        List<List<String>> rows = new ArrayList<>();
        for (PatternRow pattern : tables.patterns()) {
            List<String> row = new ArrayList<>(List.of(pattern.name(), pattern.description(), pattern.tableOrIndex(), pattern.keyCondition(),
                    pattern.filter(), pattern.scan() ? scanOperation(pattern) : pattern.operation()));
            row.add(String.valueOf(pattern.expected().size()));
            row.add(Optional.ofNullable(tables.costs().get(pattern.name())).map(CostDocument::cell).orElse("-"));
            rows.add(row);
        }
        return new Grid(header, rows);
    }

    private static String ranOn(DesignTables tables) {
        return "expected items: what each pattern returned on " + tables.samplesSource() + ", run on Dynoxide (embedded)";
    }

    static String text(DesignTables tables) {
        List<String> lines = new ArrayList<>();
        lines.add("Table " + tables.table() + ": " + Counted.of(tables.patterns().size(), "access pattern", "access patterns") + "; " + ranOn(tables));
        if (tables.patterns().isEmpty()) {
            lines.add("(the design names no access patterns: add them under accessPatterns)");
            return String.join("\n", lines) + "\n";
        }
        lines.add("");
        lines.addAll(patternGrid(tables).text());
        lines.add(COST_NOTE);
        lines.add("");
        lines.add("Requests");
        for (PatternRow pattern : tables.patterns()) {
            lines.add("");
            lines.add(pattern.name() + ": " + pattern.explanation().operation() + " " + where(tables, pattern)
                    + (pattern.scan() ? " (served only by a Scan: reads every item of the " + (pattern.tableOrIndex().equals("table") ? "table" : "index") + ")" : ""));
            requestLines(pattern).forEach((name, value) -> lines.add("  " + name + ": " + value));
            pattern.explanation().notes().forEach(note -> lines.add("  note: " + note));
            if (!pattern.partitionQueries().isEmpty()) {
                lines.add("  partition queries (" + pattern.partitionQueries().size() + ", sent in parallel, merged in sort-key order):");
                pattern.partitionQueries().forEach(query -> lines.add("    " + RequestText.substitute(query.keyConditionExpression(),
                        query.expressionAttributeNames(), query.expressionAttributeValues())));
            }
            lines.add("  expected items (" + pattern.expected().size() + "):" + (pattern.expected().isEmpty() ? " none" : ""));
            pattern.expected().forEach(item -> lines.add("    " + keyText(tables, item)));
        }
        return String.join("\n", lines) + "\n";
    }

    static String markdown(DesignTables tables) {
        List<String> lines = new ArrayList<>();
        lines.add("## " + Grid.markdownCell(tables.table()) + ": access patterns");
        lines.add("");
        if (tables.patterns().isEmpty()) {
            lines.add("The design names no access patterns.");
            return String.join("\n", lines) + "\n";
        }
        String ranOn = ranOn(tables);
        lines.add(Grid.markdownCell(Character.toUpperCase(ranOn.charAt(0)) + ranOn.substring(1)) + ".");
        lines.add("");
        lines.addAll(patternGrid(tables).markdown(java.util.Set.of(3, 4)));
        lines.add("");
        lines.add(Grid.markdownCell(COST_NOTE));
        for (PatternRow pattern : tables.patterns()) {
            lines.add("");
            lines.add("### " + Grid.markdownCell(pattern.name()));
            lines.add("");
            lines.add(pattern.explanation().operation() + " " + Grid.markdownCell(where(tables, pattern))
                    + (pattern.scan() ? ", **served only by a Scan**" : "") + ".");
            lines.add("");
            lines.add("```json");
            lines.add(pattern.explanation().json());
            lines.add("```");
            pattern.explanation().notes().forEach(note -> {
                lines.add("");
                lines.add("Note: " + Grid.markdownCell(note));
            });
            List<Sample> items = pattern.expected();
            lines.add("");
            lines.add("Expected items (" + items.size() + ")" + (items.isEmpty() ? ": none." : ":"));
            if (!items.isEmpty()) {
                lines.add("");
                items.forEach(item -> lines.add("- " + Grid.markdownCell(keyText(tables, item))));
            }
        }
        return String.join("\n", lines) + "\n";
    }

    static ObjectNode json(DesignTables tables) {
        ObjectNode table = tableHeader(tables);
        table.put("samples", tables.samplesSource());
        table.put("engine", "Dynoxide (embedded)");
        ArrayNode patterns = table.putArray("patterns");
        for (PatternRow pattern : tables.patterns()) {
            ObjectNode node = patterns.addObject();
            node.put("name", pattern.name());
            node.put("description", pattern.description());
            node.put("target", pattern.target());
            node.put("tableOrIndex", pattern.tableOrIndex());
            node.put("operation", pattern.explanation().operation());
            node.put("scanOnly", pattern.scan());
            Optional.ofNullable(tables.costs().get(pattern.name())).ifPresent(cost -> {
                node.put("readUnitsPerCall", cost.readUnitsPerCall());
                node.put("onDemandMonthly", Math.round(cost.onDemandMonthly() * 100) / 100.0);
            });
            node.put("keyCondition", pattern.keyCondition());
            putOrNull(node, "filter", pattern.filter());
            pattern.keyConditionExpression().ifPresentOrElse(e -> node.put("keyConditionExpression", e), () -> node.putNull("keyConditionExpression"));
            pattern.filterExpression().ifPresentOrElse(e -> node.put("filterExpression", e), () -> node.putNull("filterExpression"));
            try {
                node.set("request", JSON.readTree(pattern.explanation().json()));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
            pattern.explanation().notes().forEach(node.putArray("notes")::add);
            ArrayNode expected = node.putArray("expectedItems");
            for (Sample item : pattern.expected()) {
                ObjectNode entry = expected.addObject();
                entry.put("entity", item.entity());
                ObjectNode key = entry.putObject("key");
                key.put(tables.partitionKey(), RequestText.cell(item.item().get(tables.partitionKey())));
                tables.sortKey().ifPresent(sk -> key.put(sk, RequestText.cell(item.item().get(sk))));
            }
        }
        return table;
    }

    /** The request's parts that make the result, names and values as sent. */
    private static Map<String, String> requestLines(PatternRow pattern) {
        Map<String, String> lines = new java.util.LinkedHashMap<>();
        Object request = pattern.explanation().request();
        if (request instanceof GetItemRequest get) {
            lines.put("Key", get.key().entrySet().stream().map(e -> e.getKey() + " = " + RequestText.value(e.getValue()))
                    .collect(Collectors.joining(", ")));
        } else if (request instanceof QueryRequest query) {
            lines.put("KeyConditionExpression", query.keyConditionExpression());
            if (query.filterExpression() != null) {
                lines.put("FilterExpression", query.filterExpression());
            }
            if (query.projectionExpression() != null) {
                lines.put("ProjectionExpression", query.projectionExpression());
            }
            putNamesAndValues(lines, query.expressionAttributeNames(), query.expressionAttributeValues());
            if (Boolean.FALSE.equals(query.scanIndexForward())) {
                lines.put("ScanIndexForward", "false");
            }
            if (query.limit() != null) {
                lines.put("Limit", query.limit().toString());
            }
            if (query.select() != null) {
                lines.put("Select", query.selectAsString());
            }
        } else if (request instanceof ScanRequest scan) {
            if (scan.filterExpression() != null) {
                lines.put("FilterExpression", scan.filterExpression());
            }
            if (scan.projectionExpression() != null) {
                lines.put("ProjectionExpression", scan.projectionExpression());
            }
            putNamesAndValues(lines, scan.expressionAttributeNames(), scan.expressionAttributeValues());
            if (scan.limit() != null) {
                lines.put("Limit", scan.limit().toString());
            }
            if (scan.select() != null) {
                lines.put("Select", scan.selectAsString());
            }
        }
        if (Boolean.TRUE.equals(consistentRead(request))) {
            lines.put("ConsistentRead", "true");
        }
        return lines;
    }

    private static Boolean consistentRead(Object request) {
        return request instanceof GetItemRequest get ? get.consistentRead() : request instanceof QueryRequest query ? query.consistentRead()
                : request instanceof ScanRequest scan ? scan.consistentRead() : null;
    }

    private static void putNamesAndValues(Map<String, String> lines, Map<String, String> names, Map<String, AttributeValue> values) {
        if (!names.isEmpty()) {
            lines.put("ExpressionAttributeNames", names.entrySet().stream().map(e -> e.getKey() + " = " + e.getValue())
                    .collect(Collectors.joining(", ")));
        }
        if (!values.isEmpty()) {
            lines.put("ExpressionAttributeValues", values.entrySet().stream().map(e -> e.getKey() + " = " + RequestText.value(e.getValue()))
                    .collect(Collectors.joining(", ")));
        }
    }

    private static String where(DesignTables tables, PatternRow pattern) {
        return pattern.tableOrIndex().equals("table") ? tables.table() : tables.table() + " index " + pattern.tableOrIndex();
    }

    /** An item's primary key and entity, such as {@code USER#alice / POST#P1 (Post)}. */
    static String keyText(DesignTables tables, Sample item) {
        String key = RequestText.cell(item.item().get(tables.partitionKey()))
                + tables.sortKey().map(sk -> " / " + RequestText.cell(item.item().get(sk))).orElse("");
        return key + " (" + item.entity() + ")";
    }
}
