package dev.singletable.cli.design;

import dev.singletable.cli.options.DesignFiles;
import dev.singletable.design.internal.tables.DesignDocuments;
import dev.singletable.design.internal.tables.DesignTables;
import dev.singletable.design.internal.tables.SampleItems;
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
        Optional<List<DesignFiles.DesignFile>> files = DesignFiles.ofArgument(spec, document.design(), spec.commandLine().getErr());
        if (files.isEmpty()) {
            return 1;
        }
        try (DesignRuns runs = runOptions.start(files.get(), Optional.empty())) {
            Optional<List<DesignInput.Loaded>> designs = DesignInput.load(spec, files.get());
            if (designs.isEmpty()) {
                return 1;
            }
            List<DesignTables> tables = designs.get().stream().map(d -> runs.tables(d.design(), SampleItems.examplesOf(d.design()))).toList();
            runs.finish();
            spec.commandLine().getOut().print(DesignDocuments.patterns(tables, document.format));
            spec.commandLine().getOut().flush();
            return 0;
        }
    }
}
