package dev.singletable.cli.design;

import dev.singletable.cli.options.DesignArgument;
import dev.singletable.design.internal.tables.DesignTables;
import dev.singletable.design.internal.tables.DesignView;
import dev.singletable.design.internal.tables.SampleDataException;
import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.design.internal.lint.LintFindings;
import dev.singletable.schema.SchemaFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable view DESIGN}: the design as one self-contained HTML page. */
@Command(name = "view",
        mixinStandardHelpOptions = true,
        header = "Writes a design as one self-contained HTML page: items, indexes, key design, access patterns.",
        description = {
                "Writes a design as one self-contained HTML page (styles and script inline, nothing fetched from the network): "
                        + "the items as NoSQL Workbench's aggregate view draws them (grouped by partition, sorted by sort key, coloured "
                        + "by entity, key attributes first), one view per GSI and LSI with the items re-keyed (items a sparse index "
                        + "leaves out are absent), the key-design table, the access-pattern table (selecting a pattern shows the "
                        + "view it reads with its items highlighted) and the findings of 'singletable lint'.",
                "",
                "The items are the design's examples, or the rows of --data. Each pattern's items are found by running it, "
                        + "through the library, on Dynoxide, the embedded engine, on a fresh table holding those items. "
                        + "The results are kept in $XDG_CACHE_HOME/singletable (else ~/.cache/singletable), by the hash of the design's "
                        + "and the data file's bytes and of this build, so that the next run of unchanged input starts no engine "
                        + "(--no-cache runs it again).",
                "",
                "DESIGN is a schema file, or a directory or jar holding schema files; one page per table.",
                "",
                "Exit code 0 on success, 1 when a design or the data file has errors, 2 on a usage error.",
                ""},
        optionListHeading = "Options:%n")
public final class ViewCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignArgument design;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Where to write the page (default: <Table>.html in the current directory).")
    private Path output;

    @Option(names = "--data", paramLabel = "FILE",
            description = "Sample items in place of the design's examples: JSON Lines, one item a line, its entity in an \"entity\" "
                    + "field and its attributes by name, such as {\"entity\": \"Post\", \"username\": \"alice\", \"postId\": \"P1\"}.")
    private Path data;

    @Mixin
    private PatternRunOptions runOptions;

    @Override
    public Integer call() {
        try (DesignRuns runs = runOptions.start(design.path(), Optional.ofNullable(data))) {
            return write(runs);
        }
    }

    private int write(DesignRuns runs) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<List<SchemaFile>> designs = DesignInput.load(spec, design.path());
        if (designs.isEmpty()) {
            return 1;
        }
        if (designs.get().size() > 1 && (output != null || data != null)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), design.path() + ": holds " + designs.get().size()
                    + " schema files; -o and --data are for one design: name the schema file itself");
        }
        for (SchemaFile schemaFile : designs.get()) {
            SampleItems samples;
            try {
                samples = data == null ? SampleItems.examplesOf(schemaFile) : SampleItems.fromFile(schemaFile, data);
            } catch (SampleDataException e) {
                err.println(e.getMessage());
                err.println("--data " + data + ": nothing written");
                return 1;
            }
            DesignTables tables = runs.tables(schemaFile, samples);
            Path target = output != null ? output : Path.of(tables.table() + ".html");
            try {
                Files.writeString(target, DesignView.page(tables, LintFindings.of(schemaFile)), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot write " + target + ": " + e.getMessage(), e);
            }
            out.println("wrote " + target + ": table " + tables.table() + ", " + Counted.of(tables.samples().size(), "item", "items") + ", "
                    + Counted.of(tables.indexes().size(), "index", "indexes") + ", "
                    + Counted.of(tables.patterns().size(), "access pattern", "access patterns"));
        }
        runs.finish();
        return 0;
    }
}
