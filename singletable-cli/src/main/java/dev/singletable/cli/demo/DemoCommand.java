package dev.singletable.cli.demo;

import dev.singletable.cli.output.Failures;
import dev.singletable.cli.output.StepText;
import dev.singletable.cli.data.DataEngine;
import dev.singletable.cli.data.EngineOptions;
import dev.singletable.cli.engine.RequestMeter;
import dev.singletable.cli.output.ItemTable;
import dev.singletable.cli.output.Style;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.IndexSchema;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.UnsupportedByEngineException;
import dev.singletable.examples.AccessPattern;
import dev.singletable.examples.AccessPatterns;
import dev.singletable.examples.PatternStep;
import dev.singletable.examples.AppTable;
import dev.singletable.examples.SampleData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code singletable demo}: every access pattern of the examples, run against a table full of sample data. */
@Command(name = "demo", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class DemoCommand implements Callable<Integer> {
    private static final String INDENT = "    ";
    /** Request lines wrap to fit this many columns. */
    private static final int WIDTH = 100;

    @Spec
    private CommandSpec spec;

    @Mixin
    private EngineOptions engine;

    private final Style style;

    DemoCommand(Style style) {
        this.style = style;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        long start = System.nanoTime();
        TableSchema schema = AppTable.schema(engine.tableName(AppTable.NAME));
        out.println(style.bold("singletable demo") + ": the seeds' access patterns on one DynamoDB table");
        out.println();
        try (DataEngine db = engine.open()) {
            out.println(label("Engine") + db.description());
            return demo(out, schema, db, start);
        }
    }

    private int demo(PrintWriter out, TableSchema schema, DataEngine db, long start) {
        RequestMeter meter = new RequestMeter();
        Table table = Table.builder(schema, db.client()).listener(meter).build();
        createAndLoad(out, table, schema, meter, db);
        List<AccessPattern> patterns = AccessPatterns.all(table);
        ItemTable items = new ItemTable(table, style);
        Totals totals = new Totals();
        long patternsStart = System.nanoTime();
        AccessPattern.Domain domain = null;
        for (int i = 0; i < patterns.size(); i++) {
            AccessPattern pattern = patterns.get(i);
            if (pattern.domain() != domain) {
                domain = pattern.domain();
                out.println();
                out.println(style.bold(domain.title()));
                out.println(style.bold("=".repeat(domain.title().length())));
            }
            run(out, i + 1, pattern, schema, items, meter, db, totals);
        }
        out.println();
        out.printf(Locale.ROOT, "%s %s%s in %s, %s RCU%s, %s (whole demo %s)%n",
                style.bold("Done:"), Counted.of(patterns.size() - totals.skipped, "access pattern", "access patterns"),
                totals.skipped == 0 ? "" : " (" + totals.skipped + " skipped: the engine lacks what they need)",
                requests(totals.requests, totals.failures), units(totals.readCapacity),
                (totals.writeCapacity == 0 ? "" : ", " + units(totals.writeCapacity) + " WCU")
                        + (totals.unreported.isEmpty() ? "" : " (" + String.join(", ", totals.unreported)
                        + " not counted: the engine reported no capacity)"),
                seconds(System.nanoTime() - patternsStart), seconds(System.nanoTime() - start));
        out.println("The e-commerce design as documents: ./singletable describe|patterns|view designs/ecommerce.singletable.yaml");
        out.flush();
        return 0;
    }

    /** What the access patterns sent and consumed, summed for the last line. */
    private static final class Totals {
        int requests;
        double readCapacity;
        double writeCapacity;
        int skipped;
        final Set<String> unreported = new LinkedHashSet<>();
        final Map<String, Integer> failures = new LinkedHashMap<>(); // failed requests are requests sent: counted, and named

        void add(RequestMeter meter) {
            requests += meter.requests();
            meter.failures().forEach((code, count) -> failures.merge(code, count, Integer::sum));
        }
    }

    /** Creates the table (or checks its keys) and writes the sample data, a line each. */
    private void createAndLoad(PrintWriter out, Table table, TableSchema schema, RequestMeter meter, DataEngine db) {
        try {
            table.createTable();
        } catch (RuntimeException e) {
            throw Failures.atEndpoint("Could not create or check table " + schema.name(), db.description(), !db.inProcess(), e);
        }
        out.println(label("Table") + schema.name() + (meter.succeeded("CreateTable") > 0 ? " created" : " exists, its keys match")
                + ": " + describe(schema));

        meter.reset();
        long loadStart = System.nanoTime();
        int written;
        try {
            written = SampleData.create().load(table);
        } catch (RuntimeException e) {
            throw Failures.atEndpoint("Could not write the sample data to " + schema.name(), db.description(), !db.inProcess(), e);
        }
        // some puts of the load query first: their read units are shown apart, never added to the write units
        double reads = meter.readCapacity();
        out.printf(Locale.ROOT, "%s%s written in %s (%s, %s WCU%s)%n", label("Data"), Counted.of(written, "sample item", "sample items"),
                seconds(System.nanoTime() - loadStart), requests(meter.requests(), meter.failures()), units(meter.writeCapacity()),
                reads == 0 ? "" : ", " + units(reads) + " RCU");
    }

    /** Runs access pattern {@code number}: its request, the items it returns, what it sent and consumed. */
    private void run(PrintWriter out, int number, AccessPattern pattern, TableSchema schema, ItemTable items, RequestMeter meter,
            DataEngine db, Totals totals) {
        out.println();
        out.printf(Locale.ROOT, "%2d. %s%n", number, style.bold(pattern.description()));
        out.println(INDENT + style.dim("seeds " + String.join(", ", pattern.seeds())));
        StepText.lines(pattern.step(), schema.name(), WIDTH - INDENT.length()).forEach(line -> out.println(INDENT + line));
        out.flush();
        meter.reset();
        List<?> found;
        try {
            found = pattern.step().run();
        } catch (UnsupportedByEngineException e) {
            out.println(INDENT + style.dim("skipped: " + e.getMessage()));
            totals.skipped++;
            totals.add(meter);
            return;
        } catch (RuntimeException e) {
            throw Failures.atEndpoint("Access pattern " + number + " (" + pattern.description() + ") failed", db.description(),
                    !db.inProcess(), e);
        }
        List<String> changed = pattern.step() instanceof PatternStep.Change<?> change
                ? change.changed().stream().map(a -> a.name()).toList() : List.of();
        items.render(found, INDENT, changed).forEach(out::println);
        boolean writes = pattern.step() instanceof PatternStep.Change<?> || pattern.step() instanceof PatternStep.Relate<?, ?>
                || pattern.step() instanceof PatternStep.Statements || pattern.step() instanceof PatternStep.Move<?>;
        // a move reads the item before and after its transaction: those reads count as reads
        double reads = writes ? meter.capacity("GetItem") : meter.capacity();
        double writeUnits = writes ? meter.capacity() - reads : 0;
        String consumed = !writes ? units(reads) + " RCU" : reads == 0 ? units(writeUnits) + " WCU"
                : units(reads) + " RCU and " + units(writeUnits) + " WCU";
        Set<String> notReported = meter.unreported();
        out.printf(Locale.ROOT, "%s%s, %s%n", INDENT, requests(meter.requests(), meter.failures()), notReported.isEmpty() ? consumed + " consumed"
                : (meter.capacity() == 0 ? "" : consumed + " consumed, ") + "no capacity reported by the engine for "
                + String.join(", ", notReported));
        totals.unreported.addAll(notReported);
        totals.add(meter);
        totals.readCapacity += reads;
        totals.writeCapacity += writeUnits;
    }

    private static String describe(TableSchema schema) {
        StringBuilder text = new StringBuilder(schema.partitionKeyAttribute());
        schema.sortKeyAttribute().ifPresent(sk -> text.append('/').append(sk));
        for (IndexSchema index : schema.indexes()) {
            text.append(", ").append(index.name()).append(" (").append(index.partitionKeyAttribute());
            index.sortKeyAttribute().ifPresent(sk -> text.append('/').append(sk));
            text.append(')');
        }
        schema.timeToLiveAttribute().ifPresent(ttl -> text.append(", TTL on ").append(ttl));
        return text.toString();
    }

    private String label(String label) {
        return style.dim(String.format(Locale.ROOT, "%-8s", label));
    }

    /** {@code 3 requests}, or {@code 2 requests (1 failed: TransactionCanceledException)}: a failed request was sent all the same. */
    private static String requests(int count, Map<String, Integer> failures) {
        String failed = RequestMeter.failuresText(failures);
        return Counted.of(count, "request", "requests") + (failed.isEmpty() ? "" : " (" + failed + ")");
    }

    private static String units(double units) {
        return units == Math.rint(units) ? String.format(Locale.ROOT, "%.0f", units) : String.format(Locale.ROOT, "%.1f", units);
    }

    private static String seconds(long nanos) {
        Duration duration = Duration.ofNanos(nanos);
        return duration.toMillis() < 1000 ? duration.toMillis() + " ms"
                : String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
    }
}
