package dev.singletable.cli.design;

import dev.singletable.design.internal.tables.DesignDocuments;
import dev.singletable.design.internal.tables.DesignTables;
import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.schema.SchemaFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code singletable patterns DESIGN}: the access-pattern table, each pattern run on the design's examples. */
@Command(name = "patterns",
        mixinStandardHelpOptions = true,
        header = "Prints the access-pattern table of a design, each pattern run on its examples.",
        description = {
                "Prints a design's access-pattern table (seed 002's form): each named access pattern with its description, the "
                        + "table or index it reads, its key condition and filter with the design's example values in place, the "
                        + "operation (GetItem, Query, or Scan: a pattern only a Scan serves is marked so), and the items it returns; "
                        + "then the exact request each renders to (KeyConditionExpression, FilterExpression, names and values), as the "
                        + "library sends it.",
                "",
                "The expected items are found by running every pattern, through the library, on Dynoxide, the embedded engine, "
                        + "on a fresh table holding the design's examples: what DynamoDB returns, not an imitation of it. "
                        + "The engine starts while the design is read; the results are kept in "
                        + "$XDG_CACHE_HOME/singletable (else ~/.cache/singletable), by the hash of the design's bytes and of this "
                        + "build, so that the next run of an unchanged design answers without starting it (--no-cache runs it "
                        + "again).",
                "",
                "DESIGN is a schema file, or a directory or jar holding schema files; one document per table.",
                "",
                "Exit code 0 on success, 1 when a design has errors or a pattern fails, 2 on a usage error.",
                ""},
        optionListHeading = "Options:%n")
public final class PatternsCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignDocumentOptions document;

    @Mixin
    private PatternRunOptions runOptions;

    @Override
    public Integer call() {
        try (DesignRuns runs = runOptions.start(document.design(), Optional.empty())) {
            Optional<List<SchemaFile>> designs = DesignInput.load(spec, document.design());
            if (designs.isEmpty()) {
                return 1;
            }
            List<DesignTables> tables = designs.get().stream().map(d -> runs.tables(d, SampleItems.examplesOf(d))).toList();
            runs.finish();
            spec.commandLine().getOut().print(DesignDocuments.patterns(tables, document.format));
            spec.commandLine().getOut().flush();
            return 0;
        }
    }
}
