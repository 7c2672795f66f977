package dev.singletable.cli.data.load;

import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.DesignOnEngine;
import dev.singletable.cli.data.EngineOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * What the commands that write many items into the design's table ({@code load}, {@code migrate}) share: DESIGN, the
 * engine options, {@code --no-capacity}, {@code --progress-every}, {@code --dry-run}, {@code --resume} and
 * {@code --checkpoint} (each command's help says what they mean for it), the checks of those options together, and
 * loading the target design before the run. A subclass declares its own options, checks them and {@link #run runs}.
 */
abstract class BulkWriteCommand implements Callable<Integer> {

    @Mixin
    private DesignOnEngine design;

    @Option(names = "--no-capacity")
    private boolean noCapacity;

    @Mixin
    ProgressOptions progressOptions;

    @Option(names = "--dry-run")
    boolean dryRun;

    @Option(names = "--resume")
    boolean resume;

    @Option(names = "--checkpoint", paramLabel = "FILE")
    private Path checkpointFile;

    @Override
    public final Integer call() {
        PrintWriter out = design.spec().commandLine().getOut();
        checkOptions();
        return run(out, design.load());
    }

    /** The engine options: where the target table is, and the run's style and clock. */
    final EngineOptions engine() {
        return design.engine();
    }

    /**
     * The subclass's option combinations and files that picocli cannot check, as usage errors (exit 2); it calls
     * {@link #checkRun}.
     */
    abstract void checkOptions();

    /** Checks {@code --progress-every}, and {@code --dry-run} against {@code --resume} and {@code --no-capacity}. */
    final void checkRun() {
        progressOptions.check();
        if (dryRun && resume) {
            throw usage("--dry-run writes nothing, so there is nothing to --resume: give one of the two");
        }
        if (dryRun && noCapacity) {
            throw usage("--dry-run writes nothing, so there is no capacity to ask for: give one of --dry-run and --no-capacity");
        }
    }

    /** {@code --checkpoint} when given, else {@code otherwise}. */
    final Path checkpointPath(Path otherwise) {
        return checkpointFile != null ? checkpointFile : otherwise;
    }

    /**
     * Where the run writes, as its checkpoint records it: the engine's data location; lasting unless it is the embedded
     * engine in memory.
     */
    final LoadCheckpoint.Target checkpointTarget(dev.singletable.cli.data.DataEngine db) {
        return new LoadCheckpoint.Target(engine().dataLocation(db), !engine().inProcess() || engine().persistent());
    }

    /** The run, into {@code target}, printing on {@code out}; its exit code. */
    abstract int run(PrintWriter out, DataDesign target);

    /** What counts the run's consumed capacity: asking DynamoDB for it, or not with {@code --no-capacity}. */
    final CapacityMeter meter() {
        return noCapacity ? CapacityMeter.notRequesting() : CapacityMeter.requesting();
    }

    /** A usage error (exit 2) saying {@code message}. */
    final ParameterException usage(String message) {
        return design.usage(message);
    }
}
