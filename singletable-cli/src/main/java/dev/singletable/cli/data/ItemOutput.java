package dev.singletable.cli.data;

import dev.singletable.DynamicItem;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;

/**
 * {@code --format text|json} of the commands of one item ({@code get}, {@code put}, {@code update}, {@code delete}),
 * mixed in with {@code @Mixin private ItemOutput output;}. {@code text} prints everything on standard output for people:
 * the engine, the request, the item one attribute a line, the capacity. {@code json} prints the item alone on standard
 * output, as {@link ItemJson} makes it, for scripts and the MCP server, and the rest on standard error ({@link #info()}).
 */
final class ItemOutput {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text")
    private Format format;

    /** How the item is printed. */
    enum Format { text, json }

    /** Where the lines for people go (engine, table, request, capacity, what was not found): standard output in text. */
    PrintWriter info() {
        return format == Format.text ? spec.commandLine().getOut() : spec.commandLine().getErr();
    }

    /** Prints the item on standard output: after a blank line one attribute a line (text), or one JSON object (json). */
    void item(DataTable data, DynamicItem item) {
        PrintWriter out = spec.commandLine().getOut();
        if (format == Format.text) {
            out.println();
            ItemLines.of(data.table(), item).forEach(out::println);
        } else {
            out.println(ItemJson.of(data.table().schema(), item).toPrettyString());
        }
    }
}
