package dev.singletable.cli.design;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the commands that run a design's patterns on the engine ({@code patterns}, {@code view}) share: {@code --no-cache},
 * and the start of those runs with it ({@link DesignRuns#start}). Mixed in with {@code @Mixin private PatternRunOptions runs;}.
 */
final class PatternRunOptions {
    @Option(names = "--no-cache")
    private boolean noCache;

    /** The runs of {@code design} with {@code data} (the designs' examples when empty), from the cache unless {@code --no-cache}. */
    DesignRuns start(Path design, Optional<Path> data) {
        return DesignRuns.start(design, data, !noCache);
    }
}
