package dev.singletable.cli.data.load;

import dev.singletable.cli.output.Style;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;

/**
 * How a long run (load, migrate) shows its progress: the picocli mixin {@code --progress-every}. Use it with
 * {@code @Mixin private ProgressOptions progressOptions;}, {@link #check()} it with the command's other options, and
 * make the run's {@link LoadProgress} with {@link #progress}.
 */
public final class ProgressOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--progress-every", paramLabel = "SECONDS", defaultValue = "10")
    private long progressEvery;

    /** A usage error (exit 2) for a negative interval, which picocli cannot check. */
    void check() {
        if (progressEvery < 0) {
            throw new ParameterException(spec.commandLine(), "--progress-every " + progressEvery + ": give 0 (no lines) or more seconds");
        }
    }

    /**
     * A progress bar labelled {@code barLabel} on a terminal ({@code style} is a terminal's), else a line of the items
     * {@code counted} every {@code --progress-every} seconds, or none for 0.
     */
    LoadProgress progress(Style style, PrintWriter out, String barLabel, String counted) {
        if (style.isAnsi()) {
            return LoadProgress.bar(barLabel);
        }
        return progressEvery == 0 ? LoadProgress.none() : LoadProgress.lines(out, counted, Duration.ofSeconds(progressEvery));
    }
}
