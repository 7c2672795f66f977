package dev.singletable.cli.data;

import dev.singletable.design.internal.text.Counted;
import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.cli.engine.EmbeddedEngineNames;
import dev.singletable.cli.output.Failures;
import dev.singletable.cli.engine.RequestMeter;
import dev.singletable.cli.output.Style;
import dev.singletable.schema.JavaConditionException;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The table a data command works on, with its engine and a meter of its requests. On the
 * in-process engine, which starts empty, it creates the table when missing and writes the
 * design's example items into it, saying so.
 */
public final class DataTable implements AutoCloseable {
    private final DataEngine engine;
    private final Table table;
    private final RequestMeter meter;
    private final SentRequests sent;

    private DataTable(DataEngine engine, Table table, RequestMeter meter, SentRequests sent) {
        this.engine = engine;
        this.table = table;
        this.meter = meter;
        this.sent = sent;
    }

    /**
     * Opens the engine and prints what it is and what was done to the table on {@code info}, in the run's style; the
     * table writes timestamps by the run's clock.
     */
    public static DataTable open(DataDesign design, EngineOptions options, PrintWriter info) {
        return open(design, options, info, options.style(), UnaryOperator.identity());
    }

    /**
     * {@link #open(DataDesign, EngineOptions, PrintWriter)} printing in {@code style}, with more settings of the table
     * ({@code configure}), such as its cursor key.
     */
    public static DataTable open(DataDesign design, EngineOptions options, PrintWriter info, Style style,
                                 UnaryOperator<Table.Builder> configure) {
        Clock clock = options.clock();
        DataEngine engine = options.open();
        try {
            info.println(label(style, "Engine") + engine.description());
            RequestMeter meter = new RequestMeter();
            SentRequests sent = new SentRequests();
            Table.Builder builder = Table.builder(design.schema(), sent.recording(engine.client())).listener(meter).clock(clock);
            if (!Table.publishedCursorKeyRefused(engine.client())) {
                builder.cursorKey(CursorKeyFile.LOCAL_KEY); // rather than the library's published key, which it warns of on stderr
            }
            Table table = configure.apply(builder).build();
            String name = design.schema().name();
            if (engine.inProcess()) {
                EmbeddedEngineNames.check(design.schema(), "create table " + name);
                try {
                    table.createTable();
                } catch (RuntimeException e) {
                    throw Failures.atEndpoint("Could not create table " + name, engine.description(), false, e);
                }
                if (meter.succeeded("CreateTable") > 0) {
                    writeExamples(design, table, engine, options, info, style);
                } else {
                    info.println(label(style, "Table") + name + " (kept from an earlier run)");
                }
            } else {
                info.println(label(style, "Table") + name);
            }
            meter.reset();
            sent.clear();
            return new DataTable(engine, table, meter, sent);
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    /**
     * Writes the design's example items into the table just created, but those the schema refuses because they would
     * decide whether they are on an index conditioned on a Java method ({@link JavaConditionException}): written from
     * here they would enter that index whenever its key slots have values, as the put command refuses too; a line per
     * such entity says which were left out and why.
     */
    private static void writeExamples(DataDesign design, Table table, DataEngine engine, EngineOptions options, PrintWriter info,
                                      Style style) {
        Map<String, String> refusals = new LinkedHashMap<>(); // entity type -> why its examples are not written
        Map<String, Integer> skipped = new LinkedHashMap<>();
        List<DynamicItem> written = new ArrayList<>();
        try {
            for (DynamicItem example : design.examples()) {
                try {
                    table.put(example);
                    written.add(example);
                } catch (JavaConditionException refused) {
                    refusals.putIfAbsent(example.entityType(), refused.getMessage());
                    skipped.merge(example.entityType(), 1, Integer::sum);
                }
            }
        } catch (RuntimeException e) {
            throw Failures.atEndpoint("Could not write the examples of " + design.name(), engine.description(), false, e);
        }
        String name = design.schema().name();
        info.println(label(style, "Table") + name + " created and the design's "
                + Counted.of(written.size(), "example item", "example items") + " written (" + (options.persistent() ? "the data directory had no such table)"
                : "the embedded Dynoxide starts empty)"));
        skipped.forEach((type, count) -> info.println(label(style, "Skipped") + Counted.of(count, "example item", "example items")
                + " of " + type + ": " + refusals.get(type)));
    }

    public Table table() {
        return table;
    }

    /** The engine the table is on. */
    public DataEngine engine() {
        return engine;
    }

    RequestMeter meter() {
        return meter;
    }

    /** The requests sent since the table was opened (and made ready), in order. */
    List<SentRequests.Sent> sent() {
        return sent.requests();
    }

    /** A failed request as a message that says where and how to fix it. */
    public RuntimeException failure(String what, RuntimeException e) {
        return Failures.atEndpoint(what, engine.description(), !engine.inProcess(), e);
    }

    /** {@code 1 request, 0.5 RCU consumed}; failed requests (sent all the same) counted and named: {@code 2 requests (1 failed: ...), ...}. */
    public String usage(String unit) {
        return usage(amount(meter.capacity()) + " " + unit + " consumed", meter.capacity());
    }

    /** {@link #usage(String)} of a command that reads and writes: {@code 9 requests, 3 WCU and 4.5 RCU consumed}. */
    public String readWriteUsage() {
        return usage(amount(meter.writeCapacity()) + " WCU and " + amount(meter.readCapacity()) + " RCU consumed", meter.capacity());
    }

    private String usage(String consumed, double units) {
        int requests = meter.requests();
        String failed = RequestMeter.failuresText(meter.failures());
        return Counted.of(requests, "request", "requests") + (failed.isEmpty() ? "" : " (" + failed + ")") + ", "
                + (meter.unreported().isEmpty() ? consumed
                : (units == 0 ? "" : consumed + ", ") + "no capacity reported by the engine for " + String.join(", ", meter.unreported()));
    }

    private static String amount(double units) {
        return units == Math.rint(units) ? String.format(Locale.ROOT, "%.0f", units) : String.format(Locale.ROOT, "%.1f", units);
    }

    /** {@code Request } and the other labels of the lines for people, padded and in the run's style. */
    public static String label(Style style, String label) {
        return style.dim(String.format(Locale.ROOT, "%-8s", label));
    }

    @Override
    public void close() {
        engine.close();
    }
}
