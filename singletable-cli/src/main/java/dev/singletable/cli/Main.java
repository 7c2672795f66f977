package dev.singletable.cli;

import dev.singletable.cli.output.Failures;
import dev.singletable.cli.output.Style;
import dev.singletable.cli.design.PatternRunCache;
import picocli.CommandLine;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * The {@code singletable} command. {@link #main} configures logging before anything logs, runs
 * the command and exits with its code: 0 on success, 1 when the command failed, 2 on a usage error.
 */
public final class Main {
    /** slf4j-simple's properties; read when the first logger is created, so set before that. */
    private static final String SLF4J_DEFAULT_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";
    private static final String SLF4J_REQUEST_LOG = "org.slf4j.simpleLogger.log.dev.singletable.requests";

    private Main() {
    }

    public static void main(String[] args) {
        boolean verbose = List.of(args).contains("--verbose");
        configureLogging(verbose);
        configureCache();
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        int code = run(args, out, System.err, Style.forTerminal());
        out.flush();
        System.exit(code); // the SDK's client threads must not keep the JVM alive
    }

    /**
     * Runs the command in this JVM, printing to {@code out} and {@code err}.
     *
     * @return the exit code: 0 on success, 1 when the command failed, 2 on a usage error
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Style style) {
        return run(args, out, err, style, Clock.systemUTC());
    }

    /**
     * Runs the command in this JVM with {@code clock} for the timestamps items are written with.
     *
     * @return the exit code: 0 on success, 1 when the command failed, 2 on a usage error
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Style style, Clock clock) {
        PrintWriter outWriter = new PrintWriter(out, true);
        PrintWriter errWriter = new PrintWriter(err, true);
        CommandLine commandLine = SingletableCommand.commandLine(args, new CommandFactory(style, clock, System.in, out));
        commandLine
                // an argument is what it says: picocli would read '@FILE' as the words of FILE, so an entity, a value or a
                // design named '@...' (from a shell, a script or an MCP tool's arguments) would read a file instead
                .setExpandAtFiles(false)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(outWriter)
                .setErr(errWriter)
                .setParameterExceptionHandler(Main::usageError)
                .setExecutionExceptionHandler((exception, failed, parseResult) -> {
                    boolean verbose = false;
                    for (CommandLine.ParseResult command = parseResult; command != null; command = command.subcommand()) {
                        verbose |= command.hasMatchedOption("--verbose");
                    }
                    outWriter.flush();
                    errWriter.println();
                    errWriter.println(Failures.paragraph(failed.getCommandSpec().qualifiedName(" ").replaceFirst("^singletable ", ""), exception));
                    if (verbose) {
                        exception.printStackTrace(errWriter);
                    } else if (failed.getCommandSpec().findOption("--verbose") != null) {
                        // only where the command has it: the design commands have no --verbose, and would refuse it
                        errWriter.println("(Run again with --verbose for the details.)");
                    }
                    errWriter.flush();
                    return 1;
                });
        int code = commandLine.execute(args);
        outWriter.flush();
        errWriter.flush();
        return code;
    }

    /** A usage error: what was wrong, the likely fix, then the usage (top level) or where to find it. */
    private static int usageError(CommandLine.ParameterException exception, String[] args) {
        CommandLine failed = exception.getCommandLine();
        PrintWriter err = failed.getErr();
        err.println(exception.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(exception, err);
        if (failed.getParent() == null) {
            err.println();
            failed.usage(err);
        } else {
            err.println("Run '" + failed.getCommandSpec().qualifiedName() + " --help' for its options.");
        }
        err.flush();
        return failed.getCommandSpec().exitCodeOnInvalidInput();
    }

    /**
     * Quiet by default: warnings and errors only, from every library. {@code --verbose} shows
     * INFO logs and one DEBUG line per DynamoDB request.
     */
    public static void configureLogging(boolean verbose) {
        System.getProperties().putIfAbsent(SLF4J_DEFAULT_LEVEL, verbose ? "info" : "warn");
        if (verbose) {
            System.getProperties().putIfAbsent(SLF4J_REQUEST_LOG, "debug");
        }
    }

    /**
     * Where patterns and view keep what each design's access patterns returned on the embedded engine, so that the next
     * run of an unchanged design needs no engine: {@code $XDG_CACHE_HOME/singletable}, else
     * {@code ~/.cache/singletable}. Set for the command line only ({@link #main}); {@link #run} caches nothing unless
     * the property is set.
     */
    static void configureCache() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        System.getProperties().putIfAbsent(PatternRunCache.DIRECTORY_PROPERTY, base.resolve("singletable").toString());
    }
}
