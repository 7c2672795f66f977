package dev.singletable.cli.data.load;

import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.EngineOptions;
import dev.singletable.cli.options.DesignArgument;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * What the commands that write many items into the design's table ({@code load}, {@code migrate}) share: DESIGN, the
 * engine options, {@code --no-capacity} and {@code --progress-every}, the checks of those against {@code --dry-run}
 * and {@code --resume}, and loading the target design before the run. A subclass declares its own options (its
 * {@code --dry-run} and {@code --resume} say what they mean for it), checks them and {@link #run runs}.
 */
abstract class BulkWriteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    EngineOptions engine;

    @Mixin
    private DesignArgument design;

    @Option(names = "--no-capacity")
    private boolean noCapacity;

    @Mixin
    ProgressOptions progressOptions;

    @Override
    public final Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        checkOptions();
        return run(out, DataDesign.load(spec, design.path(), engine));
    }

    /**
     * The subclass's option combinations and files that picocli cannot check, as usage errors (exit 2); it calls
     * {@link #checkRun} with its {@code --dry-run} and {@code --resume}.
     */
    abstract void checkOptions();

    /** Checks {@code --progress-every}, and {@code --dry-run} against {@code --resume} and {@code --no-capacity}. */
    final void checkRun(boolean dryRun, boolean resume) {
        progressOptions.check();
        if (dryRun && resume) {
            throw usage("--dry-run writes nothing, so there is nothing to --resume: give one of the two");
        }
        if (dryRun && noCapacity) {
            throw usage("--dry-run writes nothing, so there is no capacity to ask for: give one of --dry-run and --no-capacity");
        }
    }

    /** The run, into {@code target}, printing on {@code out}; its exit code. */
    abstract int run(PrintWriter out, DataDesign target);

    /** What counts the run's consumed capacity: asking DynamoDB for it, or not with {@code --no-capacity}. */
    final CapacityMeter meter() {
        return noCapacity ? CapacityMeter.notRequesting() : CapacityMeter.requesting();
    }

    /** A usage error (exit 2) saying {@code message}. */
    final ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
