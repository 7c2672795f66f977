package dev.singletable.cli.options;

import picocli.CommandLine.Parameters;

import java.nio.file.Path;

/**
 * The DESIGN argument, first of a command's parameters: a schema file, or a directory or jar holding schema files.
 * Mixed into a command with {@code @Mixin private DesignArgument design;} and read with {@code design.path()}.
 */
public final class DesignArgument {
    @Parameters(index = "0", paramLabel = "DESIGN")
    private Path path;

    /** The design as given on the command line. */
    public Path path() {
        return path;
    }
}
