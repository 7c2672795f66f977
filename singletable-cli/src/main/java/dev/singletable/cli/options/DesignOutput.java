package dev.singletable.cli.options;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Optional;

/**
 * DESIGN and {@code -o}/{@code --output}, the file a command writes what it makes of the design to: what {@code view} and
 * the exports take. Mixed in with {@code @Mixin private DesignOutput files;} and read with {@code files.design()} and
 * {@code files.output()}; each command's help says what it writes and where without {@code -o}.
 */
public final class DesignOutput {
    @Mixin
    private DesignArgument design;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE")
    private Path output;

    /** The design as given on the command line. */
    public Path design() {
        return design.path();
    }

    /** The file {@code -o} names; empty without it (the command's default: a file per table, or standard output). */
    public Optional<Path> output() {
        return Optional.ofNullable(output);
    }
}
