package dev.singletable.design.internal.tables;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.design.internal.tables.DesignTables.IndexColumn;
import dev.singletable.design.internal.tables.DesignTables.KeyRow;
import dev.singletable.design.internal.tables.DesignTables.Sample;
import dev.singletable.design.internal.text.RequestText;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.singletable.design.internal.tables.DesignDocuments.dynamoJson;
import static dev.singletable.design.internal.tables.DesignDocuments.putOrNull;
import static dev.singletable.design.internal.tables.DesignDocuments.tableHeader;

/**
 * The key-design document of {@code describe}: the table's keys per entity, its indexes, relations, slots and an example
 * item of each entity, as text, Markdown or JSON. Its grids are the view's too.
 */
final class KeyDesignDocument {
    private KeyDesignDocument() {
    }

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

    /**
     * One row per relation: its entities, both sides' keys with their item types, the copied attributes, propagation, and the
     * edge attributes when a relation of the design has some.
     */
    static Grid relationGrid(DesignTables tables) {
        boolean edges = tables.relations().stream().anyMatch(row -> !row.edge().isEmpty());
        List<String> header = new ArrayList<>(List.of("relation", "entities", "first side (item type)", "second side (item type)",
                "copied attributes", "copies propagate"));
        if (edges) {
            header.add("edge attributes");
        }
        return new Grid(header, tables.relations().stream().map(row -> {
            List<String> cells = new ArrayList<>(List.of(row.name(), row.first() + " - " + row.second(), row.firstSide() + " ("
                    + row.firstItemType() + ")", row.secondSide() + " (" + row.secondItemType() + ")", RelationTables.copied(row),
                    row.propagateCopies() ? "yes (Query + TransactWriteItems)" : "no"));
            if (edges) {
                cells.add(RelationTables.edge(row));
            }
            return List.copyOf(cells);
        }).toList());
    }

    static String text(DesignTables tables) {
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
                    .map(name -> List.of(name, RequestText.cell(sample.item().get(name)))).toList();
            new Grid(List.of("", ""), rows).text().stream().skip(1).forEach(line -> lines.add("  " + line));
        }
        return String.join("\n", lines) + "\n";
    }

    static String markdown(DesignTables tables) {
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
                    .map(name -> List.of(name, RequestText.cell(sample.item().get(name)))).toList()).markdown());
        }
        return String.join("\n", lines) + "\n";
    }

    /** One relation of {@code describe --format json}; its {@code edge} only when it has edge attributes. */
    private static void relationJson(ObjectNode node, RelationTables.RelationRow row) {
        node.put("name", row.name());
        node.put("first", row.first());
        node.put("second", row.second());
        node.putObject("firstSide").put("keys", row.firstSide()).put("itemType", row.firstItemType());
        node.putObject("secondSide").put("keys", row.secondSide()).put("itemType", row.secondItemType());
        row.copyFromFirst().forEach(node.putArray("copyFromFirst")::add);
        row.copyFromSecond().forEach(node.putArray("copyFromSecond")::add);
        node.put("propagateCopies", row.propagateCopies());
        if (!row.edge().isEmpty()) {
            ObjectNode edge = node.putObject("edge");
            row.edge().forEach((name, attribute) -> edge.putObject(name).put("type", attribute.typeText())
                    .put("required", attribute.required()));
        }
    }

    static ObjectNode json(DesignTables tables) {
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
            tables.relations().forEach(row -> relationJson(relations.addObject(), row));
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
}
