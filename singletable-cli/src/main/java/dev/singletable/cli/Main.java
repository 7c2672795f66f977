package dev.singletable.cli;

import dev.singletable.cli.data.DeleteCommand;
import dev.singletable.cli.data.GetCommand;
import dev.singletable.cli.data.MigrationsCommand;
import dev.singletable.cli.data.PutCommand;
import dev.singletable.cli.data.RunCommand;
import dev.singletable.cli.data.load.LoadCommand;
import dev.singletable.cli.data.load.MigrateCommand;
import dev.singletable.cli.design.DescribeCommand;
import dev.singletable.cli.design.PatternRunCache;
import dev.singletable.cli.design.PatternsCommand;
import dev.singletable.cli.design.ViewCommand;
import dev.singletable.cli.lint.LintCommand;
import dev.singletable.cli.relations.VerifyRelationCommand;
import picocli.CommandLine;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

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
        Map<String, Supplier<Object>> subcommands = new LinkedHashMap<>();
        subcommands.put("demo", () -> new DemoCommand(style));
        subcommands.put("check", () -> new CheckCommand());      // lambdas, not constructor references: those load the class
        subcommands.put("describe", () -> new DescribeCommand());
        subcommands.put("patterns", () -> new PatternsCommand());
        subcommands.put("view", () -> new ViewCommand());
        subcommands.put("lint", () -> new LintCommand());
        subcommands.put("cost", () -> new dev.singletable.cli.design.CostCommand());
        subcommands.put("import", () -> new ImportCommand());
        subcommands.put("export", () -> new ExportCommand());
        subcommands.put("generate", () -> new dev.singletable.cli.generate.GenerateCommand());
        subcommands.put("run", () -> new RunCommand(style, clock));
        subcommands.put("get", () -> new GetCommand(style, clock));
        subcommands.put("put", () -> new PutCommand(style, clock));
        subcommands.put("delete", () -> new DeleteCommand(style, clock));
        subcommands.put("update", () -> new dev.singletable.cli.data.UpdateCommand(style, clock));
        subcommands.put("load", () -> new LoadCommand(style, clock));
        subcommands.put("migrate", () -> new MigrateCommand(style, clock));
        subcommands.put("migrations", () -> MigrationsCommand.commandLine(style, clock));
        subcommands.put("watch", () -> new dev.singletable.cli.data.WatchCommand(style, clock));
        subcommands.put("verify-relation", () -> new VerifyRelationCommand(style, clock));
        subcommands.put("mcp", () -> new dev.singletable.cli.mcp.McpCommand(clock, System.in, out));
        subcommands.put("completion", () -> new CompletionCommand());
        CommandLine commandLine = new CommandLine(new SingletableCommand());
        // picocli reads every subcommand's annotations when it is added: add only the one named, unless the
        // top level must list them all (help, a usage error, the completion script), so that a design command starts sooner
        String named = args.length > 0 ? args[0] : "";
        boolean all = !subcommands.containsKey(named) || named.equals("completion");
        subcommands.forEach((name, subcommand) -> {
            if (all || name.equals(named)) {
                commandLine.addSubcommand(name, subcommand.get());
            }
        });
        commandLine
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
