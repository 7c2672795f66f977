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

/** {@code singletable describe DESIGN}: the key-design table and an example item per entity. */
@Command(name = "describe", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class DescribeCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignDocumentOptions document;

    @Override
    public Integer call() {
        Optional<List<SchemaFile>> designs = DesignInput.load(spec, document.design());
        if (designs.isEmpty()) {
            return 1;
        }
        List<DesignTables> tables = designs.get().stream().map(d -> DesignTables.offline(d, SampleItems.examplesOf(d))).toList();
        spec.commandLine().getOut().print(DesignDocuments.describe(tables, document.format));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
