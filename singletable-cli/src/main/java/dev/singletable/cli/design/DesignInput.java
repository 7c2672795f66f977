package dev.singletable.cli.design;

import dev.singletable.design.internal.text.Counted;
import dev.singletable.cli.options.DesignFiles;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The designs a DESIGN argument names, loaded: a schema file, or every schema file in a directory or
 * jar. A design with errors gets them listed as {@code check} lists them, and nothing is rendered.
 */
final class DesignInput {
    private DesignInput() {
    }

    /** A schema file of DESIGN and its design, loaded. */
    record Loaded(DesignFiles.DesignFile file, SchemaFile design) {
    }

    /**
     * The loaded designs, in file order; empty when a file had errors or there was none (printed to
     * {@code err}).
     *
     * @throws CommandLine.ParameterException when DESIGN does not exist (a usage error, exit 2)
     */
    static Optional<List<SchemaFile>> load(CommandSpec spec, Path design) {
        return DesignFiles.ofArgument(spec, design, spec.commandLine().getErr()).flatMap(files -> load(spec, files))
                .map(loaded -> loaded.stream().map(Loaded::design).toList());
    }

    /**
     * The designs of the schema files a command listed once ({@link DesignFiles#ofArgument}), each with its file, in their
     * order; empty when a file had errors (printed to {@code err}).
     */
    static Optional<List<Loaded>> load(CommandSpec spec, List<DesignFiles.DesignFile> files) {
        PrintWriter err = spec.commandLine().getErr();
        List<Loaded> loaded = new ArrayList<>();
        boolean failed = false;
        for (DesignFiles.DesignFile file : files) {
            try {
                loaded.add(new Loaded(file, file.load()));
            } catch (SchemaFileException e) {
                failed = true;
                e.errors().stream().map(SchemaError::toString).forEach(err::println);
                String them = e.errors().size() == 1 ? "it" : "them";
                err.println(file.name() + ": " + Counted.of(e.errors().size(), "error", "errors")
                        + "; fix " + them + " first ('singletable check " + file.name() + "' lists " + them + " too)");
            }
        }
        return failed ? Optional.empty() : Optional.of(loaded);
    }
}
