package dev.singletable.cli.data;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code --table NAME}, the table name to use instead of the design's (with several tables in the design, also which
 * one), and DESIGN loaded as it says: the picocli mixin of {@link EngineOptions} and of the offline {@code keys}.
 *
 * <pre>{@code
 * @Mixin
 * private TableOption table;
 *
 * DataDesign loaded = table.load(design);
 * }</pre>
 */
final class TableOption {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--table", paramLabel = "NAME")
    private String name;

    /** The table name given with {@code --table}. */
    Optional<String> name() {
        return Optional.ofNullable(name);
    }

    /**
     * DESIGN loaded, the table {@code --table} picks (or renames).
     *
     * @throws ParameterException when DESIGN is missing, holds no schema file, or {@code --table} picks none
     * @throws dev.singletable.cli.output.DemoFailure when the schema file has mistakes (listed)
     */
    DataDesign load(Path design) {
        return DataDesign.load(spec, design, name());
    }
}
