package dev.singletable.cli.data;

import dev.singletable.cli.options.DesignArgument;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.nio.file.Path;

/**
 * DESIGN and the engine a data command works on: the picocli mixin of {@link DesignArgument} and {@link EngineOptions}
 * for the commands whose DESIGN is followed by their own parameters ({@code run}, {@code watch}, {@code verify-relation},
 * {@code mcp}, {@code migrations}, {@code load}, {@code migrate}), with the design loaded as {@code --table} says:
 *
 * <pre>{@code
 * @Mixin
 * private DesignOnEngine design;
 *
 * DataDesign loaded = design.load();
 * try (DataTable data = DataTable.open(loaded, design.engine(), out)) {
 *     ...
 * }
 * }</pre>
 */
public final class DesignOnEngine {
    @Mixin
    private DesignArgument design;

    @Mixin
    private EngineOptions engine;

    /** DESIGN as given on the command line. */
    public Path path() {
        return design.path();
    }

    /** The command this is mixed into: its standard output and error, and the command line of its usage errors. */
    public CommandSpec spec() {
        return engine.spec();
    }

    /** A usage error of the command (exit 2) saying {@code message}. */
    public ParameterException usage(String message) {
        return engine.usage(message);
    }

    /** The engine options, to open the design's table with. */
    public EngineOptions engine() {
        return engine;
    }

    /**
     * DESIGN loaded, the table {@code --table} picks (or renames).
     *
     * @throws ParameterException when DESIGN is missing, holds no schema file, or {@code --table} picks none
     * @throws dev.singletable.cli.output.DemoFailure when the schema file has mistakes (listed)
     */
    public DataDesign load() {
        return engine.load(design.path());
    }
}
