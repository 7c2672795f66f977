package dev.singletable.cli.data;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;

/**
 * {@code --format text|json} of the commands that print one result ({@code get}, {@code put}, {@code update},
 * {@code delete}, {@code transact}, {@code keys}): {@code text} (the default) prints everything on standard output for
 * people; {@code json} prints the result alone on standard output, for scripts and the MCP server, and the rest (the
 * engine, the request, the capacity) on standard error. Each command's help says what its result is.
 *
 * <pre>{@code
 * @Mixin
 * private TextOrJson format;
 *
 * format.info().println("Engine  " + engine);
 * if (format.json()) {
 *     format.out().println(result.toPrettyString());
 * }
 * }</pre>
 */
final class TextOrJson {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text")
    private Format format;

    /** The values of {@code --format}. */
    enum Format { text, json }

    /** Whether the result is printed as JSON. */
    boolean json() {
        return format == Format.json;
    }

    /** Standard output: where the result goes, in either format. */
    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** Where the lines for people go (engine, table, request, capacity): standard output in text, standard error in json. */
    PrintWriter info() {
        return json() ? spec.commandLine().getErr() : out();
    }
}
