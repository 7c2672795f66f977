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
@Command(name = "patterns", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
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
