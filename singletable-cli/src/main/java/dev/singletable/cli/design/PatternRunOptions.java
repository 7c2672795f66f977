package dev.singletable.cli.design;

import dev.singletable.cli.options.DesignFiles;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the commands that run a design's patterns on the engine ({@code patterns}, {@code view}) share: {@code --no-cache},
 * and the start of those runs with it ({@link DesignRuns#start}). Mixed in with {@code @Mixin private PatternRunOptions runs;}.
 */
final class PatternRunOptions {
    @Option(names = "--no-cache")
    private boolean noCache;

    /**
     * The runs of the schema files of DESIGN, as the command listed them, with {@code data} (the designs' examples when
     * empty), from the cache unless {@code --no-cache}.
     */
    DesignRuns start(List<DesignFiles.DesignFile> files, Optional<Path> data) {
        return DesignRuns.start(files, data, !noCache);
    }
}
