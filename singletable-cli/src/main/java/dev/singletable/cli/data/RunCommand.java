package dev.singletable.cli.data;

import dev.singletable.design.internal.text.Counted;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.Explanation;
import dev.singletable.InvalidCursorException;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.Query;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.cli.output.ItemTable;
import dev.singletable.cli.output.Style;
import dev.singletable.design.internal.text.RequestText;
import dev.singletable.design.internal.tables.RelationTables;
import dev.singletable.schema.AccessPatternDefinition;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable run DESIGN PATTERN [name=value ...]}: one named access pattern of a schema file, run. */
@Command(name = "run", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class RunCommand implements Callable<Integer> {
    private static final int WIDTH = 100;

    @Mixin
    private DesignOnEngine design;

    @Parameters(index = "1", paramLabel = "PATTERN")
    private String patternName;

    @Parameters(index = "2..*", paramLabel = "NAME=VALUE")
    private List<String> arguments = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table")
    private OutputFormat format;

    @Option(names = "--limit", paramLabel = "N")
    private Integer limit;

    @Option(names = "--cursor", paramLabel = "CURSOR")
    private String cursor;

    @Option(names = "--cursor-key-file", paramLabel = "FILE", defaultValue = "${env:" + CursorKeyFile.ENVIRONMENT + "}")
    private java.nio.file.Path cursorKeyFile;

    @Option(names = "--explain")
    private boolean explain;

    @Override
    public Integer call() {
        if (limit != null && limit < 1) {
            throw design.usage("--limit " + limit + ": give a number of items, 1 or more");
        }
        DataDesign loaded = design.load();
        if (loaded.file().document().accessPatterns().stream().noneMatch(p -> p.name().equals(patternName))) {
            Optional<RelationTables.RelationRead> read = RelationTables.named(loaded.file(), patternName, givenNames());
            if (read.isPresent()) {
                return runRelationRead(loaded, read.get());
            }
        }
        PatternCall call = PatternCall.of(loaded, patternName, given(loaded), design::usage);
        AccessPatternDefinition pattern = call.pattern();
        PrintWriter out = design.spec().commandLine().getOut();
        PrintWriter info = format == OutputFormat.table ? out : design.spec().commandLine().getErr();

        if (explain) {
            return explain(loaded, call, out, info);
        }
        if (cursor != null && pattern.operation() != AccessPatternDefinition.Operation.QUERY) {
            throw design.usage("--cursor: " + pattern.name() + " is a " + pattern.operation().name().toLowerCase(java.util.Locale.ROOT)
                    + " pattern, which reads at most its limit of items and gives no cursor; leave --cursor out");
        }

        try (DataTable data = open(loaded, info)) {
            Table table = data.table();
            printPattern(info, call);
            printRequest(info, call.explanation(table, limit));
            Read read;
            try {
                read = read(call, table);
            } catch (InvalidCursorException e) {
                throw design.usage("--cursor: " + e.getMessage() + " (" + e.reason().name().toLowerCase(java.util.Locale.ROOT)
                        + "); give the cursor a run of " + pattern.name() + " with the same parameters printed, or leave --cursor out to read from the start");
            } catch (ValidationException e) {
                throw design.usage(e.getMessage());
            } catch (RuntimeException e) {
                throw data.failure("Access pattern " + pattern.name() + " failed", e);
            }
            List<DynamicItem> items = read.items();
            switch (format) {
                case table -> {
                    info.println();
                    (pattern.select().isEmpty() ? new ItemTable(table, style()).render(items, "") : selectedTable(pattern, items))
                            .forEach(out::println);
                }
                case json -> {
                    ArrayNode array = ItemJson.JSON.createArrayNode();
                    items.forEach(item -> array.add(ItemJson.of(loaded.schema(), item)));
                    out.println(pretty(array));
                }
                case jsonl -> items.forEach(item -> out.println(ItemJson.of(loaded.schema(), item).toString()));
            }
            info.println(Counted.of(items.size(), "item", "items") + "; " + data.usage("RCU"));
            printMore(info, read);
            out.flush();
            info.flush();
            return 0;
        }
    }

    /** The table, its cursors signed with the key of {@code --cursor-key-file} when given (read before the engine starts). */
    private DataTable open(DataDesign loaded, PrintWriter info) {
        return DataTable.open(loaded, design.engine(), info, design.engine().style(), CursorKeyFile.read(cursorKeyFile, design::usage));
    }

    /** That more items may match, with the cursor to read on with, or why there is none. */
    private void printMore(PrintWriter info, Read read) {
        read.next().ifPresent(next -> info.println("More items may match: run again with --cursor " + next));
        if (read.unsigned() && read.items().size() >= limit) {
            info.println("More items may match, but no cursor is printed: " + CursorKeyFile.NO_KEY);
        }
    }

    /** The items a run read, and the cursor to read on with when {@code --limit} cut a query pattern's read short. */
    private record Read(List<DynamicItem> items, Optional<String> next, boolean unsigned) {
    }

    /**
     * The items the pattern reads: with {@code --limit} or {@code --cursor}, a query pattern's page (as {@code aws dynamodb
     * query --max-items} and {@code --starting-token}), else all of them. A limited query on an engine whose cursors the
     * library would not sign (Amazon DynamoDB without {@code --cursor-key-file}) reads its items without a cursor, and says
     * so ({@code unsigned}).
     */
    private Read read(PatternCall call, Table table) {
        if (limit == null && cursor == null) {
            return new Read(call.items(table, null), Optional.empty(), false);
        }
        int size = limit != null ? limit : call.pattern().limit().orElse(Integer.MAX_VALUE);
        Optional<Page<DynamicItem>> page;
        try {
            page = call.page(table, size, cursor);
        } catch (ValidationException e) {
            if (cursor != null) {
                throw e;
            }
            page = Optional.empty(); // no cursor to sign (or the parameters are refused, which reading them again says)
        }
        return page.map(read -> new Read(read.items(), read.cursor(), false))
                .orElseGet(() -> new Read(call.items(table, limit), Optional.empty(), limit != null));
    }

    /**
     * The items of a pattern that selects attributes: a column for each, as their items hold nothing else (not even
     * their keys).
     */
    private List<String> selectedTable(AccessPatternDefinition pattern, List<DynamicItem> items) {
        if (items.isEmpty()) {
            return List.of(style().dim("(no items)"));
        }
        List<String> header = new ArrayList<>(List.of("type"));
        header.addAll(pattern.select());
        List<List<String>> rows = new ArrayList<>();
        for (DynamicItem item : items) {
            List<String> row = new ArrayList<>(List.of(item.entityType()));
            pattern.select().forEach(name -> row.add(item.find(name).map(PatternCall::fileText).orElse("-")));
            rows.add(row);
        }
        int[] widths = new int[header.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = header.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add(style().dim(line(header, widths)));
        rows.forEach(row -> lines.add(line(row, widths)));
        return lines;
    }

    /** How the run's output looks. */
    private Style style() {
        return design.engine().style();
    }

    private static String line(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            line.append(cells.get(i)).append(i < cells.size() - 1 ? " ".repeat(widths[i] - cells.get(i).length() + 2) : "");
        }
        return line.toString().stripTrailing();
    }

    /** The names of the NAME=VALUE arguments that parse; the others are refused where the read or pattern is known. */
    private java.util.Set<String> givenNames() {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        arguments.forEach(argument -> ArgumentValues.Argument.parse(argument).ifPresent(parsed -> names.add(parsed.name())));
        return names;
    }

    /**
     * {@code run DESIGN Relation.related [slot=value ...]}: the query {@code related} sends for the near entity named by the
     * values (by default the first example's), and the adjacency items it reads.
     */
    /** The relation read's parameters: each slot of the near side's key from NAME=VALUE, else from its example. */
    private Map<String, PatternCall.Parameter> relationParameters(DataDesign loaded, RelationTables.RelationRead read) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String argument : arguments) {
            ArgumentValues.Argument parsed = ArgumentValues.Argument.parse(argument).filter(p -> read.slots().contains(p.name()))
                    .orElseThrow(() -> design.usage("run " + read.name() + ": '" + argument
                            + "' is not one of its parameters " + read.slots() + " (the " + read.near() + "'s key), as NAME=VALUE"));
            given.put(parsed.name(), parsed.text());
        }
        Map<String, PatternCall.Parameter> parameters = new LinkedHashMap<>();
        for (String slot : read.slots()) {
            Object value;
            String text;
            if (given.containsKey(slot)) {
                text = given.get(slot);
                try {
                    value = ArgumentValues.parse(loaded.attribute(read.near(), slot).orElseThrow(), text);
                } catch (IllegalArgumentException e) {
                    throw design.usage("run " + read.name() + ": parameter " + slot + "=" + text
                            + " is not " + e.getMessage());
                }
            } else {
                value = read.partition().value(slot).orElseThrow(() -> design.usage("run "
                        + read.name() + ": give " + slot + "=VALUE, the " + read.near() + " to read from; " + read.near()
                        + " has no example to take it from"));
                text = PatternCall.fileText(value);
            }
            parameters.put(slot, new PatternCall.Parameter(slot, text, value, given.containsKey(slot)));
        }
        return parameters;
    }

    private int runRelationRead(DataDesign loaded, RelationTables.RelationRead read) {
        if (cursor != null) {
            throw design.usage("--cursor: " + read.name() + " is a relation read, which gives no cursor; leave --cursor out");
        }
        Map<String, PatternCall.Parameter> parameters = relationParameters(loaded, read);
        KeyValues partition = KeyValues.none();
        for (PatternCall.Parameter parameter : parameters.values()) {
            partition = partition.and(parameter.name(), parameter.value());
        }
        RelationTables.RelationRead chosen = read.withPartition(partition);
        PrintWriter out = design.spec().commandLine().getOut();
        PrintWriter info = format == OutputFormat.table ? out : design.spec().commandLine().getErr();
        if (explain) {
            // offline: --explain renders the request and sends nothing
            Table table = Table.offlineBuilder(loaded.schema()).clock(design.engine().clock()).build();
            Query<DynamicItem> query = chosen.query(table);
            printRelationRead(info, chosen, parameters);
            if (format == OutputFormat.table) {
                printRequest(info, (limit == null ? query : query.limit(limit)).explain());
                info.println(style().dim("(--explain: nothing sent)"));
            } else {
                out.println((limit == null ? query : query.limit(limit)).explain().json());
            }
            return 0;
        }
        try (DataTable data = DataTable.open(loaded, design.engine(), info)) {
            Table table = data.table();
            Query<DynamicItem> query = chosen.query(table);
            query = limit == null ? query : query.limit(limit);
            printRelationRead(info, chosen, parameters);
            printRequest(info, query.explain());
            List<DynamicItem> items;
            try {
                items = query.list();
            } catch (RuntimeException e) {
                throw data.failure("Relation read " + chosen.name() + " failed", e);
            }
            printItems(loaded, table, out, items, loaded.schema().relation(chosen.relation()).orElseThrow().edgeAttributes().stream()
                    .map(Attribute::name).toList());
            info.println(Counted.of(items.size(), "item", "items") + "; " + data.usage("RCU"));
            out.flush();
            info.flush();
            return 0;
        }
    }

    private void printRelationRead(PrintWriter info, RelationTables.RelationRead read, Map<String, PatternCall.Parameter> parameters) {
        info.println(DataTable.label(style(), "Read") + read.name() + ": the " + read.near() + "'s " + read.itemType()
                + " adjacency items of " + read.relation() + ", as related reads them");
        for (PatternCall.Parameter parameter : parameters.values()) {
            info.println(DataTable.label(style(), "") + parameter.name() + "=" + parameter.text()
                    + (parameter.given() ? "" : style().dim(" (the " + read.near() + "'s first example)")));
        }
    }

    /** The items in the run's format; in a table, each item's usual attributes then the edge's ({@code edge}, shown whole). */
    private void printItems(DataDesign loaded, Table table, PrintWriter out, List<DynamicItem> items, List<String> edge) {
        switch (format) {
            case table -> {
                out.println();
                new ItemTable(table, style()).render(items, "", edge).forEach(out::println);
            }
            case json -> {
                ArrayNode array = ItemJson.JSON.createArrayNode();
                items.forEach(item -> array.add(ItemJson.of(loaded.schema(), item)));
                out.println(pretty(array));
            }
            case jsonl -> items.forEach(item -> out.println(ItemJson.of(loaded.schema(), item).toString()));
        }
    }

    /** {@code --explain}: the request rendered offline, nothing sent. */
    private int explain(DataDesign loaded, PatternCall call, PrintWriter out, PrintWriter info) {
        Table table = Table.offlineBuilder(loaded.schema()).clock(design.engine().clock()).build();
        Explanation explanation = call.explanation(table, limit);
        printPattern(info, call);
        if (format == OutputFormat.table) {
            printRequest(info, explanation);
            info.println(style().dim("(--explain: nothing sent)"));
        } else {
            out.println(explanation.json());
        }
        return 0;
    }

    private void printPattern(PrintWriter info, PatternCall call) {
        AccessPatternDefinition pattern = call.pattern();
        info.println(DataTable.label(style(), "Pattern") + pattern.name() + pattern.description().map(d -> ": " + d).orElse(""));
        for (PatternCall.Parameter parameter : call.parameters().values()) {
            info.println(DataTable.label(style(), "") + parameter.name() + "=" + parameter.text()
                    + (parameter.given() ? "" : style().dim(" (the file's example value)")));
        }
    }

    private void printRequest(PrintWriter info, Explanation explanation) {
        List<String> segments;
        if (explanation.request() instanceof QueryRequest query) {
            segments = RequestText.segments(query);
        } else if (explanation.request() instanceof GetItemRequest get) {
            segments = RequestText.segments(get);
        } else {
            segments = RequestText.segments((ScanRequest) explanation.request());
        }
        String label = DataTable.label(style(), "Request");
        List<String> lines = RequestText.lines(segments, WIDTH - 8);
        info.println(label + lines.get(0));
        lines.subList(1, lines.size()).forEach(line -> info.println(" ".repeat(8) + line));
        explanation.notes().forEach(note -> info.println(" ".repeat(8) + style().dim(note)));
    }

    /** The NAME=VALUE arguments as text by name; each name is checked against the pattern's parameters by {@link PatternCall}. */
    private Map<String, String> given(DataDesign loaded) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String argument : arguments) {
            ArgumentValues.Argument parsed = ArgumentValues.Argument.parse(argument).orElseThrow(() -> design.usage(
                    "run " + patternName + ": '" + argument + "' is not NAME=VALUE; its parameters are "
                    + PatternCall.parameterNames(pattern(loaded))));
            if (given.put(parsed.name(), parsed.text()) != null) {
                throw design.usage("run " + patternName + ": parameter '" + parsed.name() + "' given twice");
            }
        }
        return given;
    }

    private AccessPatternDefinition pattern(DataDesign loaded) {
        try {
            return loaded.file().pattern(patternName);
        } catch (SchemaDefinitionException e) {
            throw design.usage(e.getMessage());
        }
    }

    private static String pretty(ArrayNode array) {
        try {
            return ItemJson.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(array);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
