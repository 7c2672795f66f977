package dev.singletable.cli;

import dev.singletable.cli.output.Style;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One run of the {@code singletable} command in this JVM, plain style: its exit code and whole outputs, which the
 * command tests compare whole, as in {@code assertThat(run("check", design)).isEqualTo(new CommandRun(0, "...", ""))}.
 * (The data commands' tests, on a fixed clock and with golden transcripts, use {@code data.CliRun}.)
 */
public record CommandRun(int exitCode, String out, String err) {
    static {
        Main.configureLogging(false);
    }

    public static CommandRun run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Style.plain());
        return new CommandRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    public static CommandRun run(List<String> args) {
        return run(args.toArray(String[]::new));
    }

    /** This run with {@code text} rewritten in both outputs (such as a temporary directory written as a placeholder). */
    public CommandRun mapOutputs(UnaryOperator<String> text) {
        return new CommandRun(exitCode, text.apply(out), text.apply(err));
    }

    /** This run with {@code text} rewritten in its standard error only. */
    public CommandRun mapErr(UnaryOperator<String> text) {
        return new CommandRun(exitCode, out, text.apply(err));
    }

    /** This run with only the first line of its standard error: the error, without the usage hint that follows it. */
    public CommandRun withFirstErrLine() {
        return mapErr(text -> text.lines().findFirst().orElse(""));
    }

    /** This run with its standard error on one line: a paragraph whose breaks move with a path's or a port's length. */
    public CommandRun withErrOnOneLine() {
        return mapErr(text -> text.strip().replace("\n", " "));
    }

    /** This run with the platform's line separator written as {@code \n} in both outputs. */
    public CommandRun withUnixLineBreaks() {
        return mapOutputs(text -> text.replace(System.lineSeparator(), "\n"));
    }
}
