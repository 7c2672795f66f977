package dev.singletable.design.internal.tables;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.design.internal.cost.CostModel;
import dev.singletable.design.internal.cost.CostReport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@link CostReport}s as text, Markdown or JSON: what {@code singletable cost} prints. */
public final class CostDocument {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** The region whose prices {@code patterns} and {@code view} show (cost's default). */
    static final String REGION = "us-east-1";
    /** Marks a figure taken from a default, listed under "Defaults taken". */
    static final String DEFAULT_MARK = "*";
    private static final double GIB = 1024.0 * 1024 * 1024;

    private CostDocument() {
    }

    public static String render(List<CostReport> reports, DesignDocuments.Format format) {
        return switch (format) {
            case text -> String.join("\n", reports.stream().map(r -> String.join("\n", lines(r, false)) + "\n").toList());
            case markdown -> String.join("\n", reports.stream().map(r -> String.join("\n", lines(r, true)) + "\n").toList());
            case json -> json(reports);
        };
    }

    private static List<String> lines(CostReport report, boolean markdown) {
        List<String> lines = new ArrayList<>();
        String title = "Table " + report.table() + ": cost a month in " + report.region() + " at " + CostModel.format(report.scale())
                + "x the design's rates";
        lines.add(markdown ? "## " + title : title);
        lines.add("Prices of " + report.priceDate() + " in " + report.currency() + " (" + report.priceSource() + ")");
        section(lines, markdown, "Reads (per access pattern)", patternGrid(report));
        section(lines, markdown, "Writes (per entity type: one put, on the table and each index it is in)", writeGrid(report));
        section(lines, markdown, "By table and index", targetGrid(report));
        if (!report.itemCollections().isEmpty()) {
            section(lines, markdown, "Item collections (the table has an LSI: at most 10 GB a partition key; ! within " + CostModel.ITEM_COLLECTION_WARNING_MONTHS + " months)", collectionGrid(report));
        }
        lines.add("");
        lines.add((markdown ? "**" : "") + "Total a month: on-demand " + money(report.onDemandMonthly()) + ", provisioned "
                + money(report.provisionedMonthly()) + " " + report.currency() + (markdown ? "**" : ""));
        if (!report.declared().isEmpty()) {
            int indexes = report.declared().size() - 1;
            lines.add((markdown ? "**" : "") + "As declared (table.billing's capacity on the table" + (indexes == 0 ? "" : " and each of its "
                    + indexes + " global indexes") + ", as the exports deploy it): " + money(report.declaredMonthly()) + " "
                    + report.currency() + " a month whatever the traffic" + (markdown ? "**" : ""));
        }
        lines.add("");
        lines.add(markdown ? "### Limits" : "Limits");
        if (report.limits().isEmpty()) {
            lines.add("none exceeded at these rates");
        } else {
            report.limits().forEach(limit -> lines.add((markdown ? "- " : "") + limit.kind() + " at " + limit.path() + ": " + limit.message()));
        }
        lines.add("");
        lines.add(markdown ? "### Defaults taken (figures marked " + DEFAULT_MARK + ")" : "Defaults taken (figures marked " + DEFAULT_MARK + ")");
        report.defaults().forEach(d -> lines.add((markdown ? "- " : "") + d));
        return lines;
    }

    private static void section(List<String> lines, boolean markdown, String title, Grid grid) {
        lines.add("");
        lines.add(markdown ? "### " + title : title);
        lines.addAll(markdown ? grid.markdown() : grid.text());
    }

    private static Grid patternGrid(CostReport report) {
        List<List<String>> rows = new ArrayList<>();
        for (CostReport.PatternCost p : report.patterns()) {
            rows.add(List.of(p.name(), p.operation(), p.target(), p.consistency(), CostModel.format(p.itemBytes()),
                    CostModel.format(p.items()) + mark(p.itemsDefault()), CostModel.format(p.readUnitsPerCall()),
                    CostModel.format(p.peak()) + mark(p.ratesDefault()), CostModel.format(p.average()) + mark(p.ratesDefault()),
                    CostModel.format(p.peakUnitsPerSecond()), money(p.onDemandMonthly()), money(p.provisionedMonthly())));
        }
        return new Grid(List.of("pattern", "operation", "reads", "consistency", "bytes/item", "items/call", "RCU/call", "peak/s", "avg/s",
                "peak RCU/s", "on-demand", "provisioned"), rows);
    }

    private static Grid writeGrid(CostReport report) {
        List<List<String>> rows = new ArrayList<>();
        for (CostReport.WriteCost w : report.writes()) {
            List<String> indexes = new ArrayList<>();
            w.indexUnits().forEach((index, units) -> indexes.add(index + " " + CostModel.format(units) + mark(w.assumedIndexes().contains(index))));
            rows.add(List.of(w.type(), CostModel.format(w.itemBytes()) + mark(w.estimated()), CostModel.format(w.count()) + mark(w.countDefault()),
                    CostModel.format(w.tableUnits()), indexes.isEmpty() ? "-" : String.join(", ", indexes),
                    CostModel.format(w.peak()) + mark(w.ratesDefault()), CostModel.format(w.average()) + mark(w.ratesDefault()),
                    CostModel.format(w.peakUnitsPerSecond()), money(w.onDemandMonthly()), money(w.provisionedMonthly())));
        }
        return new Grid(List.of("entity", "bytes/item", "items", "table WCU/put", "index WCU/put", "peak/s", "avg/s", "peak WCU/s",
                "on-demand", "provisioned"), rows);
    }

    /** Reads, writes and storage of the table and each index, on-demand and provisioned. */
    private static Grid targetGrid(CostReport report) {
        Map<String, double[]> byTarget = new LinkedHashMap<>();   // reads OD, writes OD, storage, reads prov, writes prov, GB
        report.storage().forEach(s -> byTarget.put(s.target(), new double[] {0, 0, s.monthly(), 0, 0, s.gb()}));
        report.patterns().forEach(p -> p.shares().forEach((target, share) -> {
            double[] row = byTarget.computeIfAbsent(target, t -> new double[6]);
            row[0] += p.onDemandMonthly() * share;
            row[3] += p.provisionedMonthly() * share;
        }));
        report.writes().forEach(w -> {
            double total = w.unitsPerPut();
            double[] table = byTarget.get("table");
            table[1] += w.onDemandMonthly() * w.tableUnits() / total;
            table[4] += w.provisionedMonthly() * w.tableUnits() / total;
            w.indexUnits().forEach((index, units) -> {
                double[] row = byTarget.computeIfAbsent(index, t -> new double[6]);
                row[1] += w.onDemandMonthly() * units / total;
                row[4] += w.provisionedMonthly() * units / total;
            });
        });
        List<List<String>> rows = new ArrayList<>();
        byTarget.forEach((target, r) -> rows.add(List.of(target, money(r[0]), money(r[1]), gb(r[5]), money(r[2]), money(r[0] + r[1] + r[2]),
                money(r[3] + r[4] + r[2]))));
        return new Grid(List.of("table or index", "reads", "writes", "GB stored", "storage", "on-demand", "provisioned"), rows);
    }

    /** Each partition key template's item collection: its size, its growth, the months until 10 GB ("!" when soon). */
    private static Grid collectionGrid(CostReport report) {
        List<List<String>> rows = new ArrayList<>();
        for (CostReport.ItemCollection c : report.itemCollections()) {
            String months = Double.isInfinite(c.monthsToLimit()) ? "never" : String.format(Locale.ROOT, "%,.1f", c.monthsToLimit());
            rows.add(List.of(c.partitionKey(), String.join(", ", c.types()), size(c.bytes()), size(c.bytesPerMonth()),
                    months + (c.soon() ? " !" : "")));
        }
        return new Grid(List.of("partition key", "entities", "size now", "growth a month", "months to 10 GB"), rows);
    }

    /** Bytes in the largest unit that keeps a whole number in front: 2.9 KB, 1.3 MB, 4.20 GB. */
    private static String size(double bytes) {
        if (bytes < 1024) {
            return String.format(Locale.ROOT, "%.0f B", bytes);
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024);
        }
        if (bytes < GIB) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (1024 * 1024));
        }
        return String.format(Locale.ROOT, "%,.2f GB", bytes / GIB);
    }

    private static String json(List<CostReport> reports) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode tables = root.putArray("tables");
        for (CostReport report : reports) {
            ObjectNode node = JSON.valueToTree(report);
            // a collection that does not grow never reaches the limit: null, not the string "Infinity"
            node.path("itemCollections").forEach(c -> {
                if (Double.isInfinite(c.path("monthsToLimit").asDouble())) {
                    ((ObjectNode) c).putNull("monthsToLimit");
                }
            });
            node.put("onDemandMonthly", round(report.onDemandMonthly()));
            node.put("provisionedMonthly", round(report.provisionedMonthly()));
            if (!report.declared().isEmpty()) {
                node.put("declaredMonthly", round(report.declaredMonthly()));
            }
            node.put("storageMonthly", round(report.storageMonthly()));
            tables.add(node);
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double round(double value) {
        return new java.math.BigDecimal(value).setScale(6, java.math.RoundingMode.HALF_UP).doubleValue();
    }

    private static String mark(boolean defaulted) {
        return defaulted ? DEFAULT_MARK : "";
    }

    /**
     * A pattern's cost in one cell, for {@code patterns} and {@code view}: read units of a call and the on-demand month at
     * the design's rates ({@code 2 RCU/call, 78.84 USD/month}); a default rate is marked.
     */
    static String cell(CostReport.PatternCost cost) {
        return CostModel.format(cost.readUnitsPerCall()) + " RCU/call, " + money(cost.onDemandMonthly()) + "/month"
                + mark(cost.ratesDefault() || cost.itemsDefault());
    }

    static String money(double value) {
        return String.format(Locale.ROOT, "%,.2f", value);
    }

    private static String gb(double value) {
        return value < 0.01 && value > 0 ? String.format(Locale.ROOT, "%.4f", value) : String.format(Locale.ROOT, "%,.2f", value);
    }
}
