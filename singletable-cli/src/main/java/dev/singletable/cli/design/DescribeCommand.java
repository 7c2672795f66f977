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
@Command(name = "describe",
        mixinStandardHelpOptions = true,
        header = "Prints the key-design table of a design and an example item per entity.",
        description = {
                "Prints a design's key-design table: one row per entity with its partition and sort key templates, its key "
                        + "templates on each GSI and LSI (or 'not in index', or the sparse condition that keeps it there), its TTL and "
                        + "version attributes and its entity-type value; then the indexes, and the first example item of each entity "
                        + "with its keys composed exactly as they are stored.",
                "",
                "DESIGN is a schema file, or a directory or jar holding schema files (such as target/classes, where the "
                        + "annotation processor writes META-INF/singletable/<Table>.singletable.json); one document per table.",
                "",
                "Sends nothing: no engine, credentials or network are needed.",
                "",
                "Exit code 0 on success, 1 when a design has errors (listed as 'singletable check' lists them), 2 on a usage error.",
                ""},
        optionListHeading = "Options:%n")
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
