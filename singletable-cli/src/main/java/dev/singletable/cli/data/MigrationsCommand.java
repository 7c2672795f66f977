package dev.singletable.cli.data;

import dev.singletable.cli.options.CommandGroup;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.cli.engine.MeteredClient;
import dev.singletable.cli.output.DemoFailure;
import dev.singletable.migrations.Migration;
import dev.singletable.migrations.MigrationFailedException;
import dev.singletable.migrations.MigrationRunner;
import dev.singletable.migrations.MigrationStep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.io.File;
import java.io.PrintWriter;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;

/** {@code singletable migrations status|up|down}: schema evolution for the items of a table, steps written in Java. */
@Command(name = "migrations",
        mixinStandardHelpOptions = true,
        subcommands = {MigrationsCommand.Status.class, MigrationsCommand.Up.class, MigrationsCommand.Down.class},
        synopsisSubcommandLabel = "COMMAND",
        commandListHeading = "%nCommands:%n")
public final class MigrationsCommand extends CommandGroup {

    /** What every subcommand takes and does before its own work. */
    abstract static class Step implements Callable<Integer> {

        @Mixin
        DesignOnEngine design;

        @Option(names = "--classpath", paramLabel = "JAR_OR_DIR", required = true, split = ",")
        List<Path> classpath = new ArrayList<>();

        @Option(names = "--owner", paramLabel = "NAME")
        String owner;

        @Option(names = "--break-lock")
        boolean breakLock;

        /** Checks the subcommand's own options before anything is loaded or started. */
        void checkOptions() {
        }

        @Override
        public Integer call() {
            checkOptions();
            DataDesign loaded = design.load();
            List<Migration> migrations = migrations();
            PrintWriter out = design.spec().commandLine().getOut();
            try (DataTable data = DataTable.open(loaded, design.engine(), out)) {
                // the runner's lock and state items, its scans and the steps' own use of the client, counted with the table's
                DynamoDbClient metered = MeteredClient.of(data.engine().client(), data.meter(), true);
                MigrationRunner.Builder builder = MigrationRunner.builder(data.table(), metered)
                        .migrations(migrations).clock(design.engine().clock()).breakStaleLock(breakLock);
                if (owner != null) {
                    builder.owner(owner);
                }
                out.println(DataTable.label(design.engine().style(), "Steps") + Counted.of(migrations.size(), "step", "steps")
                        + " in " + String.join(",", classpath.stream().map(Path::toString).toList()));
                out.println();
                try {
                    return run(builder.build(), out);
                } finally {
                    out.println(data.readWriteUsage()); // a failed run sent requests too
                    out.flush();
                }
            }
        }

        abstract int run(MigrationRunner runner, PrintWriter out);

        private List<Migration> migrations() {
            List<URL> urls = new ArrayList<>();
            for (Path path : classpath) {
                if (!Files.exists(path)) {
                    throw design.usage("--classpath " + path + ": no such file or directory");
                }
                try {
                    urls.add(path.toUri().toURL());
                } catch (MalformedURLException e) {
                    throw design.usage("--classpath " + path + ": " + e.getMessage());
                }
            }
            // not closed: the steps' classes load lazily while they run; the process ends after the command
            URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), Migration.class.getClassLoader());
            List<Migration> migrations = new ArrayList<>();
            try {
                ServiceLoader.load(Migration.class, loader).forEach(migrations::add);
            } catch (ServiceConfigurationError e) {
                Throwable cause = e.getCause();
                boolean threw = cause != null && String.valueOf(e.getMessage()).endsWith("could not be instantiated")
                        && !(cause instanceof ReflectiveOperationException);
                throw new DemoFailure("Could not load the migration steps of --classpath " + classpath + ": " + e.getMessage()
                        + (threw ? ": its constructor threw " + cause.getClass().getName() + (cause.getMessage() == null ? ""
                        : ": " + cause.getMessage()) + ". Fix the constructor, or move what it does into up(MigrationContext)."
                        : ". Each class listed in META-INF/services/dev.singletable.migrations.Migration must implement Migration "
                        + "and have a public no-argument constructor."), e);
            }
            if (migrations.isEmpty()) {
                throw design.usage("--classpath " + classpath + " lists no Migration: name the "
                        + "classes in META-INF/services/dev.singletable.migrations.Migration of a jar or directory given");
            }
            return migrations;
        }

        /** Prints the steps {@code done} and their count ({@code 2 steps applied.}), or {@code nothing} when there are none; exit code 0. */
        int done(PrintWriter out, List<MigrationStep> steps, String done, String nothing) {
            if (steps.isEmpty()) {
                out.println(nothing);
            } else {
                print(out, steps);
                out.println(Counted.of(steps.size(), "step", "steps") + " " + done + ".");
            }
            return 0;
        }

        void print(PrintWriter out, List<MigrationStep> steps) {
            for (MigrationStep step : steps) {
                out.printf("%6d  %-11s  %-20s  %s%n", step.version(), step.state().name().toLowerCase(java.util.Locale.ROOT),
                        step.appliedAt().map(Object::toString).orElse(""), step.description());
            }
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
    static final class Status extends Step {
        @Override
        int run(MigrationRunner runner, PrintWriter out) {
            print(out, runner.status());
            return 0;
        }
    }

    /** What up and down share: {@code --to}, the version they leave the table at (each one's help says its default). */
    abstract static class ToVersion extends Step {
        @Option(names = "--to", paramLabel = "VERSION")
        Long to;

        @Override
        void checkOptions() {
            if (to != null && to < 0) {
                throw design.usage("--to " + to + ": give 0 (before every step) or a step's version");
            }
        }

        /**
         * Runs up or down; when a step fails, first prints the steps this run applied or reverted before it (they stay so),
         * then lets the failure be reported.
         */
        int runReporting(PrintWriter out, java.util.function.Supplier<Integer> work, boolean up) {
            try {
                return work.get();
            } catch (MigrationFailedException e) {
                List<MigrationStep> done = e.doneBefore();
                if (done.isEmpty()) {
                    out.println("No step " + (up ? "applied" : "reverted") + " before migration " + e.version() + " failed.");
                } else {
                    print(out, done);
                    out.println(Counted.of(done.size(), "step", "steps") + " " + (up ? "applied" : "reverted") + " before migration "
                            + e.version() + " failed; " + (done.size() == 1 ? "it stays " : "they stay ") + (up ? "applied." : "reverted."));
                }
                throw e;
            }
        }
    }

    @Command(name = "up", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
    static final class Up extends ToVersion {
        @Override
        int run(MigrationRunner runner, PrintWriter out) {
            return runReporting(out, () -> {
                List<MigrationStep> applied = runner.up(Optional.ofNullable(to).orElse(Long.MAX_VALUE));
                return done(out, applied, "applied", "Nothing to apply: every step" + (to == null ? "" : " up to " + to) + " is applied.");
            }, true);
        }
    }

    @Command(name = "down", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
    static final class Down extends ToVersion {
        @Override
        int run(MigrationRunner runner, PrintWriter out) {
            long target = to != null ? to : runner.status().stream()
                    .filter(s -> s.state() == MigrationStep.State.APPLIED || s.state() == MigrationStep.State.UNKNOWN)
                    .mapToLong(MigrationStep::version).max().stream().map(v -> v - 1).findFirst().orElse(Long.MAX_VALUE);
            return runReporting(out, () -> done(out, runner.down(target), "reverted",
                    "Nothing to revert" + (to == null ? ": no step is applied." : ": no step above " + to + " is applied.")), false);
        }
    }
}
