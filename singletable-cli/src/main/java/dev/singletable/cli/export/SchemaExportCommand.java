package dev.singletable.cli.export;

import dev.singletable.cli.options.DesignOutput;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.schema.ExportNote;
import dev.singletable.schema.ExportResult;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;

/**
 * What the exports to other libraries' schemas share: DESIGN (one file per table), {@code -o}, a
 * {@code not exported:} line for everything the format cannot hold, by its path in the design.
 */
abstract class SchemaExportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private DesignOutput files;

    private final String suffix;
    private final Function<SchemaFile, ExportResult> export;

    /** An export to files named {@code <Table>.<suffix>.json}. */
    SchemaExportCommand(String suffix, Function<SchemaFile, ExportResult> export) {
        this.suffix = suffix;
        this.export = export;
    }

    @Override
    public Integer call() {
        return PerTableExport.each(spec, files, "schema", suffix, schemaFile -> {
            ExportResult result = export.apply(schemaFile);
            int entities = schemaFile.document().entities().size();
            // a file of none of the design's entities is of no use: its import refuses it
            Optional<String> nothing = result.entities() > 0 || entities == 0 ? Optional.empty()
                    : Optional.of((entities == 1 ? "the design's one entity cannot" : "none of the design's " + entities + " entities can")
                            + " be written in this format (see the notes above)");
            return new PerTableExport.Written(result.text(), result.notes().stream().map(ExportNote::toString).toList(),
                    Counted.of(result.entities(), "entity", "entities") + ", "
                            + Counted.of(result.notes().size(), "thing", "things") + " not exported", nothing);
        });
    }

    /** {@code singletable export onetable DESIGN}. */
    @Command(name = "onetable", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
    static final class OneTable extends SchemaExportCommand {
        OneTable() {
            super("onetable", SchemaFileExport::oneTable);
        }
    }

    /** {@code singletable export mcp-schema DESIGN}. */
    @Command(name = "mcp-schema", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
    static final class McpSchema extends SchemaExportCommand {
        McpSchema() {
            super("schema", SchemaFileExport::mcpSchema);
        }
    }

    /** {@code singletable export dynamodb-toolbox DESIGN}. */
    @Command(name = "dynamodb-toolbox", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
    static final class DynamodbToolbox extends SchemaExportCommand {
        DynamodbToolbox() {
            super("toolbox", SchemaFileExport::dynamodbToolbox);
        }
    }

    /** {@code singletable export dynatable DESIGN}. */
    @Command(name = "dynatable", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
    static final class Dynatable extends SchemaExportCommand {
        Dynatable() {
            super("dynatable", SchemaFileExport::dynatable);
        }
    }
}
