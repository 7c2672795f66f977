package dev.singletable.cli.data;

import dev.singletable.DynamicItem;
import dev.singletable.cli.options.ItemArguments;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;

/**
 * What the commands of one item ({@code get}, {@code put}, {@code update}, {@code delete}) take alike: DESIGN ENTITY
 * NAME=VALUE... ({@link ItemArguments}), {@code --format text|json} ({@link TextOrJson}) and the engine ({@link EngineOptions}), as
 * {@link DesignOnEngine} is DESIGN and the engine of the commands of a design. {@code text} prints everything on standard
 * output for people: the engine, the request, the item one attribute a line, the capacity. {@code json} prints the item
 * alone on standard output, as {@link ItemJson} makes it, for scripts and the MCP server, and the rest on standard error.
 *
 * <pre>{@code
 * @Mixin
 * private ItemOnEngine item;
 *
 * DataDesign loaded = item.load();
 * try (DataTable data = item.open(loaded)) {
 *     item.request("GetItem " + ...);
 *     item.print(data, read);
 *     item.info().println(data.usage("RCU"));
 * }
 * }</pre>
 */
final class ItemOnEngine {
    @Mixin
    private ItemArguments arguments;

    @Mixin
    private TextOrJson format;

    @Mixin
    private EngineOptions engine;

    /** The command this is mixed into: its standard output and error, and the command line of its usage errors. */
    CommandSpec spec() {
        return engine.spec();
    }

    /** DESIGN, ENTITY and the NAME=VALUE arguments as given. */
    ItemArguments arguments() {
        return arguments;
    }

    /** The engine options. */
    EngineOptions engine() {
        return engine;
    }

    /** DESIGN loaded, the table {@code --table} picks (or renames). */
    DataDesign load() {
        return engine.load(arguments.design());
    }

    /** The design's table on the engine, what was done to it said on {@link #info()}. */
    DataTable open(DataDesign loaded) {
        return DataTable.open(loaded, engine, info());
    }

    /** Where the lines for people go (engine, table, request, capacity, what was not found): standard output in text. */
    PrintWriter info() {
        return format.info();
    }

    /** Prints {@code Request  text} on {@link #info()}, its label in the run's style. */
    void request(String text) {
        info().println(DataTable.label(engine.style(), "Request") + text);
    }

    /** Prints the item on standard output: after a blank line one attribute a line (text), or one JSON object (json). */
    void print(DataTable data, DynamicItem item) {
        PrintWriter out = format.out();
        if (!format.json()) {
            out.println();
            ItemLines.of(data.table(), item).forEach(out::println);
        } else {
            out.println(ItemJson.of(data.table().schema(), item).toPrettyString());
        }
    }
}
