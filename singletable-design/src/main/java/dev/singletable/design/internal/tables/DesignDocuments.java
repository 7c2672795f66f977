package dev.singletable.design.internal.tables;

import dev.singletable.design.internal.text.Counted;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.design.internal.text.RequestText;
import dev.singletable.design.internal.tables.DesignTables.IndexColumn;
import dev.singletable.design.internal.tables.DesignTables.KeyRow;
import dev.singletable.design.internal.tables.DesignTables.PatternRow;
import dev.singletable.design.internal.tables.DesignTables.Sample;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The key-design and access-pattern documents of {@link DesignTables} as text, Markdown or JSON.
 * Every cell comes from the model; nothing here looks at the design itself.
 */
public final class DesignDocuments {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The output formats of describe and patterns. */
    public enum Format {
        text, markdown, json
    }

    private DesignDocuments() {
    }

    // ------------------------------------------------------------------ describe

    static Grid keyDesign(DesignTables tables) {
        List<String> header = new ArrayList<>(List.of("entity", "PK (" + tables.partitionKey() + ")",
                "SK (" + tables.sortKey().orElse("no sort key") + ")"));
        tables.indexes().forEach(index -> header.add(index.name() + " (" + index.kindName() + ": " + index.keyAttributes() + ")"));
        header.addAll(List.of("TTL", "version", tables.entityTypeAttribute()));
        List<List<String>> rows = new ArrayList<>();
        for (KeyRow row : tables.keyRows()) {
            List<String> cells = new ArrayList<>(List.of(row.entity(), row.partitionKey(), row.sortKey()));
            cells.addAll(row.indexes());
            cells.addAll(List.of(row.timeToLive(), row.version(), row.entityType()));
            rows.add(cells);
        }
        return new Grid(header, rows);
    }

    /** The key-design columns holding key templates: PK, SK and one per index. */
    private static java.util.Set<Integer> templateColumns(DesignTables tables) {
        java.util.Set<Integer> columns = new java.util.HashSet<>();
        for (int i = 1; i < 3 + tables.indexes().size(); i++) {
            columns.add(i);
        }
        return columns;
    }

    static Grid indexGrid(DesignTables tables) {
        return new Grid(List.of("index", "kind", "key attributes", "projection"), tables.indexes().stream()
                .map(index -> List.of(index.name(), index.kindName(), index.keyAttributes(), index.projection())).toList());
    }

    /** One row per relation: its entities, both sides' keys with their item types, the copied attributes, and propagation. */
    static Grid relationGrid(DesignTables tables) {
        return new Grid(List.of("relation", "entities", "first side (item type)", "second side (item type)", "copied attributes",
                "copies propagate"), tables.relations().stream().map(row -> List.of(row.name(), row.first() + " - " + row.second(),
                row.firstSide() + " (" + row.firstItemType() + ")", row.secondSide() + " (" + row.secondItemType() + ")",
                RelationTables.copied(row), row.propagateCopies() ? "yes (Query + TransactWriteItems)"
                        : "no")).toList());
    }

    public static String describe(List<DesignTables> designs, Format format) {
        return switch (format) {
            case text -> joined(designs, DesignDocuments::describeText, "\n");
            case markdown -> joined(designs, DesignDocuments::describeMarkdown, "\n");
            case json -> json(designs, DesignDocuments::describeJson);
        };
    }

    private static String describeText(DesignTables tables) {
        List<String> lines = new ArrayList<>();
        lines.add("Table " + tables.table() + ": partition key " + tables.partitionKey()
                + tables.sortKey().map(sk -> ", sort key " + sk).orElse(", no sort key")
                + ", entity type in " + tables.entityTypeAttribute());
        tables.description().ifPresent(lines::add);
        lines.add("");
        lines.add("Key design");
        lines.addAll(keyDesign(tables).text());
        if (!tables.states().isEmpty()) {
            lines.add("");
            lines.add("States");
            lines.addAll(tables.states());
        }
        if (!tables.indexes().isEmpty()) {
            lines.add("");
            lines.add("Indexes");
            lines.addAll(indexGrid(tables).text());
        }
        if (!tables.relations().isEmpty()) {
            lines.add("");
            lines.add("Relations (many-to-many: relate writes both adjacency items in one transaction)");
            lines.addAll(relationGrid(tables).text());
        }
        if (!tables.slotRows().isEmpty()) {
            lines.add("");
            lines.add("Slots (hierarchy paths, time buckets, write shards)");
            lines.addAll(new Grid(List.of("entity", "key", "slot", "kind", "stores"), tables.slotRows()).text());
        }
        lines.add("");
        lines.add("Example items (the first of each entity, from " + tables.samplesSource() + ", keys as stored)");
        Map<String, Sample> examples = tables.exampleByEntity();
        for (String entity : tables.entities()) {
            Sample sample = examples.get(entity);
            if (sample == null) {
                lines.add(entity + ": no example in " + tables.samplesSource());
                continue;
            }
            lines.add(entity);
            List<List<String>> rows = tables.attributeOrder(sample).stream()
                    .map(name -> List.of(name, AttributeText.of(sample.item().get(name)))).toList();
            new Grid(List.of("", ""), rows).text().stream().skip(1).forEach(line -> lines.add("  " + line));
        }
        return String.join("\n", lines) + "\n";
    }

    private static String describeMarkdown(DesignTables tables) {
        List<String> lines = new ArrayList<>();
        lines.add("## " + Grid.markdownCell(tables.table()));
        lines.add("");
        tables.description().ifPresent(description -> {
            lines.add(Grid.markdownCell(description));
            lines.add("");
        });
        lines.add("Partition key `" + tables.partitionKey() + "`" + tables.sortKey().map(sk -> ", sort key `" + sk + "`").orElse(", no sort key")
                + ", entity type in `" + tables.entityTypeAttribute() + "`.");
        lines.add("");
        lines.add("### Key design");
        lines.add("");
        lines.addAll(keyDesign(tables).markdown(templateColumns(tables)));
        if (!tables.states().isEmpty()) {
            lines.add("");
            lines.add("### States");
            lines.add("");
            tables.states().forEach(line -> lines.add("- " + Grid.markdownCell(line)));
        }
        if (!tables.indexes().isEmpty()) {
            lines.add("");
            lines.add("### Indexes");
            lines.add("");
            lines.addAll(indexGrid(tables).markdown());
        }
        if (!tables.relations().isEmpty()) {
            lines.add("");
            lines.add("### Relations");
            lines.add("");
            lines.addAll(relationGrid(tables).markdown());
        }
        lines.add("");
        lines.add("### Example items");
        lines.add("");
        lines.add("The first item of each entity, from " + Grid.markdownCell(tables.samplesSource()) + ", with its keys as stored.");
        Map<String, Sample> examples = tables.exampleByEntity();
        for (String entity : tables.entities()) {
            lines.add("");
            Sample sample = examples.get(entity);
            if (sample == null) {
                lines.add("**" + entity + "**: no example in " + Grid.markdownCell(tables.samplesSource()) + ".");
                continue;
            }
            lines.add("**" + entity + "**");
            lines.add("");
            lines.addAll(new Grid(List.of("attribute", "value"), tables.attributeOrder(sample).stream()
                    .map(name -> List.of(name, AttributeText.of(sample.item().get(name)))).toList()).markdown());
        }
        return String.join("\n", lines) + "\n";
    }

    private static ObjectNode describeJson(DesignTables tables) {
        ObjectNode table = tableHeader(tables);
        ArrayNode indexes = table.putArray("indexes");
        for (IndexColumn index : tables.indexes()) {
            ObjectNode node = indexes.addObject();
            node.put("name", index.name());
            node.put("kind", index.kindName());
            index.partitionKey().forEach(node.putArray("partitionKey")::add);
            index.sortKey().forEach(node.putArray("sortKey")::add);
            node.put("projection", index.projection());
        }
        ArrayNode keyDesign = table.putArray("keyDesign");
        for (KeyRow row : tables.keyRows()) {
            ObjectNode node = keyDesign.addObject();
            node.put("entity", row.entity());
            node.put("partitionKey", row.partitionKey());
            putOrNull(node, "sortKey", row.sortKey());
            ObjectNode cells = node.putObject("indexes");
            for (int i = 0; i < tables.indexes().size(); i++) {
                String cell = row.indexes().get(i);
                if (cell.equals(DesignTables.NOT_IN_INDEX)) {
                    cells.putNull(tables.indexes().get(i).name());
                } else {
                    cells.put(tables.indexes().get(i).name(), cell);
                }
            }
            putOrNull(node, "timeToLive", row.timeToLive());
            putOrNull(node, "version", row.version());
            node.put("entityType", row.entityType());
        }
        if (!tables.relations().isEmpty()) {
            ArrayNode relations = table.putArray("relations");
            for (RelationTables.RelationRow row : tables.relations()) {
                ObjectNode node = relations.addObject();
                node.put("name", row.name());
                node.put("first", row.first());
                node.put("second", row.second());
                node.putObject("firstSide").put("keys", row.firstSide()).put("itemType", row.firstItemType());
                node.putObject("secondSide").put("keys", row.secondSide()).put("itemType", row.secondItemType());
                row.copyFromFirst().forEach(node.putArray("copyFromFirst")::add);
                row.copyFromSecond().forEach(node.putArray("copyFromSecond")::add);
                node.put("propagateCopies", row.propagateCopies());
            }
        }
        table.put("samples", tables.samplesSource());
        ArrayNode examples = table.putArray("examples");
        Map<String, Sample> byEntity = tables.exampleByEntity();
        for (String entity : tables.entities()) {
            ObjectNode node = examples.addObject();
            node.put("entity", entity);
            Sample sample = byEntity.get(entity);
            if (sample == null) {
                node.putNull("item");
            } else {
                ObjectNode item = node.putObject("item");
                tables.attributeOrder(sample).forEach(name -> item.set(name, dynamoJson(sample.item().get(name))));
            }
        }
        return table;
    }

    // ------------------------------------------------------------------ patterns

    /** What the patterns table's cost column holds. */
    static final String COST_NOTE = "cost: read units of one call and the on-demand month at the design's rates (* where a rate or item "
            + "count is a default); 'singletable cost' shows writes, storage, provisioned capacity and partition limits";

    static Grid patternGrid(DesignTables tables) {
        List<String> header = List.of("pattern", "description", "table or index", "key condition", "filter", "operation", "items",
                "cost (" + CostDocument.REGION + ", USD)");
        List<List<String>> rows = new ArrayList<>();
        for (PatternRow pattern : tables.patterns()) {
            List<String> row = new ArrayList<>(List.of(pattern.name(), pattern.description(), pattern.tableOrIndex(), pattern.keyCondition(),
                    pattern.filter(), pattern.scan() ? "Scan (whole table)" : pattern.operation()));
            row.add(String.valueOf(pattern.expected().size()));
            row.add(Optional.ofNullable(tables.costs().get(pattern.name())).map(CostDocument::cell).orElse("-"));
            rows.add(row);
        }
        return new Grid(header, rows);
    }

    public static String patterns(List<DesignTables> designs, Format format) {
        return switch (format) {
            case text -> joined(designs, DesignDocuments::patternsText, "\n");
            case markdown -> joined(designs, DesignDocuments::patternsMarkdown, "\n");
            case json -> json(designs, DesignDocuments::patternsJson);
        };
    }

    private static String ranOn(DesignTables tables) {
        return "expected items: what each pattern returned on " + tables.samplesSource() + ", run on Dynoxide (embedded)";
    }

    private static String patternsText(DesignTables tables) {
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

    private static String patternsMarkdown(DesignTables tables) {
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

    private static ObjectNode patternsJson(DesignTables tables) {
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
                key.put(tables.partitionKey(), AttributeText.of(item.item().get(tables.partitionKey())));
                tables.sortKey().ifPresent(sk -> key.put(sk, AttributeText.of(item.item().get(sk))));
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
        }
        return lines;
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
        String key = RequestText.visible(AttributeText.of(item.item().get(tables.partitionKey())))
                + tables.sortKey().map(sk -> " / " + AttributeText.of(item.item().get(sk))).orElse("");
        return key + " (" + item.entity() + ")";
    }

    // ------------------------------------------------------------------ shared

    private static ObjectNode tableHeader(DesignTables tables) {
        ObjectNode table = JSON.createObjectNode();
        table.put("table", tables.table());
        tables.description().ifPresent(d -> table.put("description", d));
        table.put("partitionKey", tables.partitionKey());
        tables.sortKey().ifPresentOrElse(sk -> table.put("sortKey", sk), () -> table.putNull("sortKey"));
        table.put("entityTypeAttribute", tables.entityTypeAttribute());
        return table;
    }

    private static void putOrNull(ObjectNode node, String name, String value) {
        if (value.equals(DesignTables.NONE)) {
            node.putNull(name);
        } else {
            node.put(name, value);
        }
    }

    /** A value in DynamoDB's JSON, as the AWS CLI shows items: {@code {"S": "USER#alice"}}. */
    static JsonNode dynamoJson(AttributeValue value) {
        ObjectNode node = JSON.createObjectNode();
        switch (value.type()) {
            case S -> node.put("S", value.s());
            case N -> node.put("N", value.n());
            case BOOL -> node.put("BOOL", value.bool());
            case NUL -> node.put("NULL", true);
            case B -> node.put("B", Base64.getEncoder().encodeToString(value.b().asByteArray()));
            case SS -> value.ss().forEach(node.putArray("SS")::add);
            case NS -> value.ns().forEach(node.putArray("NS")::add);
            case BS -> {
                ArrayNode set = node.putArray("BS");
                value.bs().forEach(b -> set.add(Base64.getEncoder().encodeToString(b.asByteArray())));
            }
            case L -> {
                ArrayNode list = node.putArray("L");
                value.l().forEach(v -> list.add(dynamoJson(v)));
            }
            case M -> {
                ObjectNode map = node.putObject("M");
                value.m().forEach((k, v) -> map.set(k, dynamoJson(v)));
            }
            case UNKNOWN_TO_SDK_VERSION -> node.put("unknown", value.toString());
        }
        return node;
    }

    private static String joined(List<DesignTables> designs, java.util.function.Function<DesignTables, String> render, String separator) {
        return designs.stream().map(render).collect(Collectors.joining(separator));
    }

    private static String json(List<DesignTables> designs, java.util.function.Function<DesignTables, ObjectNode> render) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode tables = root.putArray("tables");
        designs.forEach(design -> tables.add(render.apply(design)));
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
