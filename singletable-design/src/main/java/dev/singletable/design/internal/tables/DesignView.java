package dev.singletable.design.internal.tables;

import dev.singletable.design.internal.text.Counted;
import dev.singletable.design.internal.text.RequestText;
import dev.singletable.design.internal.tables.DesignTables.IndexColumn;
import dev.singletable.design.internal.tables.DesignTables.PatternRow;
import dev.singletable.design.internal.tables.DesignTables.Sample;
import dev.singletable.design.internal.lint.Finding;
import dev.singletable.schema.KeyAttributeDefinition.KeyAttributeType;
import dev.singletable.schema.ProjectionDefinition.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A design as one self-contained HTML page (styles and script inline, nothing fetched): the items
 * as NoSQL Workbench's aggregate view draws them, one view per index with the items re-keyed, the
 * key-design table, the access-pattern table, where selecting a pattern shows its view and
 * highlights the items it returns, and the lint findings. Every text from the design or the items is escaped.
 */
public final class DesignView {
    /** The view name of the table itself; index names cannot contain {@code @}. */
    static final String TABLE_VIEW = "@table";
    private static final int PALETTE_SIZE = 10;

    private DesignView() {
    }

    /** The page of one table, with its lint findings. */
    public static String page(DesignTables tables, List<Finding> findings) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n")
                .append("<title>").append(escape(tables.table())).append(" - singletable design</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        html.append("<header>\n<h1>").append(escape(tables.table())).append("</h1>\n");
        tables.description().ifPresent(d -> html.append("<p class=\"description\">").append(escape(d)).append("</p>\n"));
        html.append("<p class=\"legend\">");
        for (int i = 0; i < tables.entities().size(); i++) {
            html.append("<span class=\"chip entity-").append(i % PALETTE_SIZE).append("\">").append(escape(tables.entities().get(i))).append("</span>");
        }
        html.append("</p>\n</header>\n");

        itemsSection(tables, html);

        html.append("<section id=\"key-design\">\n<h2>Key design</h2>\n").append(table(KeyDesignDocument.keyDesign(tables), "key-design"))
                .append(table(KeyDesignDocument.indexGrid(tables), "indexes"));
        // the declared patterns, as describe lists them: each only when the design has it
        if (!tables.states().isEmpty()) {
            html.append("<h3>States</h3>\n<ul class=\"states\">\n");
            tables.states().forEach(line -> html.append("<li>").append(escape(line.strip())).append("</li>\n"));
            html.append("</ul>\n");
        }
        if (!tables.relations().isEmpty()) {
            html.append("<h3>Relations</h3>\n").append(table(KeyDesignDocument.relationGrid(tables), "relations"));
        }
        if (!tables.slotRows().isEmpty()) {
            html.append("<h3>Slots (hierarchy paths, time buckets, write shards)</h3>\n")
                    .append(table(new Grid(List.of("entity", "key", "slot", "kind", "stores"), tables.slotRows()), "slots"));
        }
        html.append("</section>\n");

        html.append("<section id=\"patterns\">\n<h2>Access patterns</h2>\n");
        if (tables.patterns().isEmpty()) {
            html.append("<p class=\"note\">The design names no access patterns.</p>\n");
        } else {
            html.append("<p class=\"note\">Select a pattern to see the items it returns, highlighted in the view it reads. Its items "
                    + "are what Dynoxide returned when the pattern ran on these items.</p>\n");
            html.append(patternTable(tables));
        }
        html.append("</section>\n");
        html.append(lintSection(findings));
        html.append("<script>\n").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return html.toString();
    }

    /** The items as stored: a tab for the table and each index, each item in the partitions and order of that view. */
    private static void itemsSection(DesignTables tables, StringBuilder html) {
        html.append("<section id=\"items\">\n<h2>Items</h2>\n<p class=\"note\">").append(Counted.of(tables.samples().size(), "item", "items")).append(" from ")
                .append(escape(tables.samplesSource())).append(", grouped by partition and sorted by sort key, as stored.</p>\n");
        html.append("<nav class=\"tabs\" role=\"tablist\">");
        html.append(tab(TABLE_VIEW, "Table " + tables.table(), true));
        tables.indexes().forEach(index -> html.append(tab(index.name(), index.name() + " (" + index.kindName() + ")", false)));
        html.append("</nav>\n");
        html.append(itemsView(tables, TABLE_VIEW, List.of(tables.partitionKey()), tables.sortKey().map(List::of).orElse(List.of()),
                List.of(), tables.samples(), true));
        for (IndexColumn index : tables.indexes()) {
            List<String> partition = index.partitionKey().isEmpty() ? List.of(tables.partitionKey()) : index.partitionKey();
            List<String> tableKey = new ArrayList<>();
            tableKey.add(tables.partitionKey());
            tables.sortKey().ifPresent(tableKey::add);
            tableKey.removeAll(partition);
            tableKey.removeAll(index.sortKey());
            List<Sample> inIndex = tables.samples().stream()
                    .filter(s -> partition.stream().allMatch(s.item()::containsKey) && index.sortKey().stream().allMatch(s.item()::containsKey))
                    .toList();
            html.append(itemsView(tables, index.name(), partition, index.sortKey(), tableKey, projected(index, tables, inIndex), false));
        }
        html.append("</section>\n");
    }

    private static String tab(String view, String label, boolean selected) {
        return "<button type=\"button\" class=\"tab" + (selected ? " selected" : "") + "\" role=\"tab\" aria-selected=\"" + selected
                + "\" data-view=\"" + escape(view) + "\">" + escape(label) + "</button>";
    }

    /** The samples with only what the index projects: its keys and the table's for KEYS_ONLY, plus the listed ones for INCLUDE. */
    private static List<Sample> projected(IndexColumn index, DesignTables tables, List<Sample> samples) {
        if (index.projectionType() == ProjectionType.ALL) {
            return samples;
        }
        List<String> kept = new ArrayList<>();
        kept.add(tables.partitionKey());
        tables.sortKey().ifPresent(kept::add);
        kept.addAll(index.partitionKey());
        kept.addAll(index.sortKey());
        if (index.projectionType() == ProjectionType.INCLUDE) {
            kept.addAll(index.projected());
        }
        return samples.stream().map(s -> {
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            s.item().forEach((name, value) -> {
                if (kept.contains(name)) {
                    item.put(name, value);
                }
            });
            return new Sample(s.id(), s.entity(), item);
        }).toList();
    }

    private static String itemsView(DesignTables tables, String view, List<String> partition, List<String> sort, List<String> otherKeys,
                                    List<Sample> samples, boolean selected) {
        StringBuilder html = new StringBuilder();
        html.append("<div class=\"view\" role=\"tabpanel\" data-view=\"").append(escape(view)).append("\"").append(selected ? "" : " hidden").append(">\n");
        if (samples.isEmpty()) {
            html.append("<p class=\"note\">No item is in this view.</p>\n</div>\n");
            return html.toString();
        }
        Comparator<Sample> byPartition = keyOrder(tables, partition);
        Map<String, List<Sample>> partitions = new LinkedHashMap<>();
        samples.stream().sorted(byPartition.thenComparing(keyOrder(tables, sort)).thenComparing(Sample::id))
                .forEach(s -> partitions.computeIfAbsent(keyText(s, partition), k -> new ArrayList<>()).add(s));
        List<String> keyColumns = new ArrayList<>(partition);
        keyColumns.addAll(sort);
        keyColumns.addAll(otherKeys);
        int attributeColumns = samples.stream().mapToInt(s -> others(tables, s, keyColumns).size()).max().orElse(0);
        html.append("<table class=\"items\">\n<thead><tr>");
        partition.forEach(name -> html.append("<th class=\"key partition\">").append(escape(name)).append("</th>"));
        sort.forEach(name -> html.append("<th class=\"key sort\">").append(escape(name)).append("</th>"));
        otherKeys.forEach(name -> html.append("<th class=\"key\">").append(escape(name)).append("</th>"));
        if (attributeColumns > 0) {
            html.append("<th colspan=\"").append(attributeColumns).append("\">attributes</th>");
        }
        html.append("</tr></thead>\n");
        for (List<Sample> group : partitions.values()) {
            html.append("<tbody class=\"partition\">\n");
            for (int row = 0; row < group.size(); row++) {
                Sample sample = group.get(row);
                int colour = tables.entities().indexOf(sample.entity()) % PALETTE_SIZE;
                html.append("<tr class=\"item entity-").append(colour).append("\" data-item=\"").append(sample.id())
                        .append("\" data-entity=\"").append(escape(sample.entity()))
                        .append("\" data-key=\"").append(escape(PatternDocument.keyText(tables, sample))).append("\">");
                if (row == 0) {
                    for (String name : partition) {
                        html.append("<td class=\"key partition\" rowspan=\"").append(group.size()).append("\">")
                                .append(escape(RequestText.cell(sample.item().get(name)))).append("</td>");
                    }
                }
                for (String name : sort) {
                    html.append("<td class=\"key sort\">").append(escape(RequestText.cell(sample.item().get(name)))).append("</td>");
                }
                for (String name : otherKeys) {
                    html.append("<td class=\"key\">").append(escape(RequestText.cell(sample.item().get(name)))).append("</td>");
                }
                List<String> others = others(tables, sample, keyColumns);
                for (String name : others) {
                    html.append("<td class=\"attribute\"><span class=\"name\">").append(escape(name)).append("</span><span class=\"value\">")
                            .append(escape(RequestText.cell(sample.item().get(name)))).append("</span></td>");
                }
                for (int i = others.size(); i < attributeColumns; i++) {
                    html.append("<td class=\"attribute\"></td>");
                }
                html.append("</tr>\n");
            }
            html.append("</tbody>\n");
        }
        html.append("</table>\n</div>\n");
        return html.toString();
    }

    private static List<String> others(DesignTables tables, Sample sample, List<String> keyColumns) {
        List<String> others = new ArrayList<>(tables.attributeOrder(sample));
        others.removeAll(keyColumns);
        return others;
    }

    private static String keyText(Sample sample, List<String> attributes) {
        return attributes.stream().map(a -> RequestText.cell(sample.item().get(a))).collect(Collectors.joining("\u0000"));
    }

    /** DynamoDB's order of key values: numbers by value, text and bytes by their unsigned bytes (UTF-8 for text). */
    private static Comparator<Sample> keyOrder(DesignTables tables, List<String> attributes) {
        Comparator<Sample> order = (a, b) -> 0;
        for (String attribute : attributes) {
            KeyAttributeType type = tables.keyType(attribute);
            order = order.thenComparing((a, b) -> compare(type, a.item().get(attribute), b.item().get(attribute)));
        }
        return order;
    }

    private static int compare(KeyAttributeType type, AttributeValue a, AttributeValue b) {
        return switch (type) {
            case N -> new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
            case B -> Arrays.compareUnsigned(a.b().asByteArray(), b.b().asByteArray());
            case S -> Arrays.compareUnsigned(a.s().getBytes(StandardCharsets.UTF_8), b.s().getBytes(StandardCharsets.UTF_8));
        };
    }

    private static String table(Grid grid, String cssClass) {
        StringBuilder html = new StringBuilder("<table class=\"" + cssClass + "\">\n<thead><tr>");
        grid.header().forEach(cell -> html.append("<th>").append(escape(cell)).append("</th>"));
        html.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : grid.rows()) {
            html.append("<tr>");
            row.forEach(cell -> html.append("<td>").append(escape(cell)).append("</td>"));
            html.append("</tr>\n");
        }
        return html.append("</tbody>\n</table>\n").toString();
    }

    private static String patternTable(DesignTables tables) {
        Grid grid = PatternDocument.patternGrid(tables);
        StringBuilder html = new StringBuilder("<table class=\"patterns\">\n<thead><tr>");
        grid.header().forEach(cell -> html.append("<th>").append(escape(cell)).append("</th>"));
        html.append("<th>request</th></tr></thead>\n<tbody>\n");
        for (int i = 0; i < tables.patterns().size(); i++) {
            PatternRow pattern = tables.patterns().get(i);
            String view = pattern.tableOrIndex().equals("table") ? TABLE_VIEW : pattern.tableOrIndex();
            String items = pattern.expected().stream().map(s -> String.valueOf(s.id())).collect(Collectors.joining(" "));
            html.append("<tr class=\"pattern").append(pattern.scan() ? " scan" : "").append("\" tabindex=\"0\" data-pattern=\"")
                    .append(escape(pattern.name())).append("\" data-view=\"").append(escape(view)).append("\" data-items=\"").append(items)
                    .append("\">");
            grid.rows().get(i).forEach(cell -> html.append("<td>").append(escape(cell)).append("</td>"));
            html.append("<td><details><summary>").append(escape(pattern.explanation().operation())).append("</summary><pre>")
                    .append(escape(pattern.explanation().json())).append("</pre></details></td></tr>\n");
        }
        return html.append("</tbody>\n</table>\n").toString();
    }

    /** The findings of {@code singletable lint}, most severe first as the linter orders them, each with why and the fix. */
    private static String lintSection(List<Finding> findings) {
        StringBuilder html = new StringBuilder("<section id=\"lint\">\n<h2>Lint findings</h2>\n");
        if (findings.isEmpty()) {
            return html.append("<p class=\"note\">singletable lint finds nothing to flag in this design.</p>\n</section>\n").toString();
        }
        html.append("<p class=\"note\">").append(Counted.of(findings.size(), "finding", "findings"))
                .append(" of singletable lint (docs/lint-rules.md explains each rule).</p>\n");
        html.append("<table class=\"findings\">\n<thead><tr><th>severity</th><th>rule</th><th>concerns</th><th>finding</th><th>why</th>"
                + "<th>fix</th><th>where</th></tr></thead>\n<tbody>\n");
        for (Finding finding : findings) {
            html.append("<tr class=\"finding ").append(escape(finding.severity().label())).append("\" data-rule=\"").append(escape(finding.ruleId()))
                    .append("\"><td class=\"severity\">").append(escape(finding.severity().label())).append("</td><td>").append(escape(finding.ruleId()))
                    .append("</td><td>").append(escape(finding.subject().toString())).append("</td><td>").append(escape(finding.message()))
                    .append("</td><td>").append(escape(finding.why())).append("</td><td>").append(escape(finding.fix())).append("</td><td>")
                    .append(escape(finding.path() + (finding.line() > 0 ? " (line " + finding.line() + ")" : ""))).append("</td></tr>\n");
        }
        return html.append("</tbody>\n</table>\n</section>\n").toString();
    }

    /** Text as HTML text or attribute value: the five characters that could end either are replaced by references. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static final String STYLE = """
            body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #1d2530; }
            h1 { margin: 0 0 .2em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #d5dbe3; }
            .description, .note { color: #4b5766; }
            table { border-collapse: collapse; margin: .6em 0 1.2em; }
            th, td { border: 1px solid #d5dbe3; padding: .25em .5em; text-align: left; vertical-align: top; }
            th { background: #eef1f5; }
            td.key { font-family: ui-monospace, monospace; white-space: nowrap; }
            td.partition { background: #fff; font-weight: 600; }
            td.attribute .name { display: block; font-size: 11px; color: #5b6675; }
            td.attribute .value { font-family: ui-monospace, monospace; }
            .tabs { display: flex; gap: .3em; margin: .6em 0; }
            .tab { border: 1px solid #b8c2cf; background: #f6f8fa; padding: .35em .9em; border-radius: 4px; cursor: pointer; font: inherit; }
            .tab.selected { background: #1d4f91; border-color: #1d4f91; color: #fff; }
            .chip { display: inline-block; padding: .1em .6em; margin-right: .4em; border-radius: 3px; border: 1px solid #c9d1db; }
            .view.highlighting tr.item:not(.hit) td:not(.partition) { opacity: .3; }
            .view.highlighting tr.item.hit td:not(.partition) { box-shadow: inset 0 2px 0 #d9480f, inset 0 -2px 0 #d9480f; font-weight: 600; }
            tr.finding.error td.severity { color: #c92a2a; font-weight: 600; }
            tr.finding.warning td.severity { color: #b35c00; font-weight: 600; }
            tr.pattern { cursor: pointer; }
            tr.pattern:hover, tr.pattern:focus { background: #f3f6fa; }
            tr.pattern.selected { background: #fff4e6; outline: 2px solid #d9480f; outline-offset: -2px; }
            tr.pattern.scan td:nth-child(6) { color: #c92a2a; font-weight: 600; }
            details pre { max-width: 48em; overflow-x: auto; font-size: 12px; }
            .entity-0 { background: #e7f0fd; } .entity-1 { background: #e6f6ec; } .entity-2 { background: #fdf1e3; }
            .entity-3 { background: #f3e8fb; } .entity-4 { background: #fde8ec; } .entity-5 { background: #e5f6f6; }
            .entity-6 { background: #f6f3df; } .entity-7 { background: #eceff3; } .entity-8 { background: #f9e9dc; }
            .entity-9 { background: #e4ecdf; }
            """;

    private static final String SCRIPT = """
            (function () {
              var tabs = Array.prototype.slice.call(document.querySelectorAll('.tab'));
              var views = Array.prototype.slice.call(document.querySelectorAll('.view'));
              var patterns = Array.prototype.slice.call(document.querySelectorAll('tr.pattern'));
              function show(name) {
                tabs.forEach(function (tab) {
                  var on = tab.dataset.view === name;
                  tab.classList.toggle('selected', on);
                  tab.setAttribute('aria-selected', String(on));
                });
                views.forEach(function (view) { view.hidden = view.dataset.view !== name; });
              }
              function clear() {
                views.forEach(function (view) { view.classList.remove('highlighting'); });
                document.querySelectorAll('tr.item.hit').forEach(function (row) { row.classList.remove('hit'); });
                patterns.forEach(function (row) { row.classList.remove('selected'); });
              }
              function select(pattern) {
                var wasSelected = pattern.classList.contains('selected');
                clear();
                if (wasSelected) { return; }
                pattern.classList.add('selected');
                show(pattern.dataset.view);
                var ids = pattern.dataset.items.split(' ').filter(function (id) { return id !== ''; });
                views.forEach(function (view) {
                  if (view.dataset.view !== pattern.dataset.view) { return; }
                  view.classList.add('highlighting');
                  view.querySelectorAll('tr.item').forEach(function (row) {
                    if (ids.indexOf(row.dataset.item) >= 0) { row.classList.add('hit'); }
                  });
                });
                document.getElementById('items').scrollIntoView({block: 'start'});
              }
              tabs.forEach(function (tab) { tab.addEventListener('click', function () { clear(); show(tab.dataset.view); }); });
              patterns.forEach(function (row) {
                row.addEventListener('click', function (event) {
                  if (event.target.closest('details')) { return; }
                  select(row);
                });
                row.addEventListener('keydown', function (event) {
                  if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); select(row); }
                });
              });
            })();
            """;
}
