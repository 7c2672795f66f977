package dev.singletable.cli.export;

import dev.singletable.cli.options.DesignArgument;
import dev.singletable.design.internal.text.Counted;
import dev.singletable.schema.ExportNote;
import dev.singletable.schema.ExportResult;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
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
    private DesignArgument design;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Where to write the schema (default: <Table>.<format>.json in the current directory).")
    private Path output;

    private final String suffix;
    private final Function<SchemaFile, ExportResult> export;

    /** An export to files named {@code <Table>.<suffix>.json}. */
    SchemaExportCommand(String suffix, Function<SchemaFile, ExportResult> export) {
        this.suffix = suffix;
        this.export = export;
    }

    @Override
    public Integer call() {
        return PerTableExport.each(spec, design.path(), output, "schema", suffix, schemaFile -> {
            ExportResult result = export.apply(schemaFile);
            return new PerTableExport.Written(result.text(), result.notes().stream().map(ExportNote::toString).toList(),
                    Counted.of(schemaFile.document().entities().size(), "entity", "entities") + ", "
                            + Counted.of(result.notes().size(), "thing", "things") + " not exported");
        });
    }

    /** {@code singletable export onetable DESIGN}. */
    @Command(name = "onetable",
            mixinStandardHelpOptions = true,
            description = {
                    "Exports a design as a OneTable schema (onetable:1.1.0, JSON: the object given to new Table({schema})): the "
                            + "indexes with their projections, a model per entity whose key fields hold its templates as "
                            + "$${attribute} values, and its attributes (type, required, enum, generate, ttl; created and updated "
                            + "timestamps as params when every entity has them alike).",
                    "",
                    "Prints a 'not exported:' line, with its path in the design, for everything a OneTable schema cannot hold "
                            + "(examples, access patterns, sparse conditions, types it narrows, ...). 'singletable import onetable' "
                            + "reads the schema back into the same table, entities and templates.",
                    ""},
            optionListHeading = "Options:%n")
    static final class OneTable extends SchemaExportCommand {
        OneTable() {
            super("onetable", SchemaFileExport::oneTable);
        }
    }

    /** {@code singletable export mcp-schema DESIGN}. */
    @Command(name = "mcp-schema",
            mixinStandardHelpOptions = true,
            description = {
                    "Exports a design as the schema.json of AWS's DynamoDB MCP server (its repository generation tool): the "
                            + "table with its GSIs, each entity's pk_template, sk_template, gsi_mappings and typed fields, and the "
                            + "access patterns under their entity (a collection's under its first member, as mixed_data).",
                    "",
                    "Prints a 'not exported:' line, with its path in the design, for everything the schema cannot hold (LSIs, "
                            + "examples, the patterns' values, filters, limits, types it narrows, ...). 'singletable import "
                            + "mcp-schema' reads it back into the same table, entities, templates and patterns.",
                    ""},
            optionListHeading = "Options:%n")
    static final class McpSchema extends SchemaExportCommand {
        McpSchema() {
            super("schema", SchemaFileExport::mcpSchema);
        }
    }

    /** {@code singletable export dynamodb-toolbox DESIGN}. */
    @Command(name = "dynamodb-toolbox",
            mixinStandardHelpOptions = true,
            description = {
                    "Exports a design as DynamoDB-Toolbox (v2) entity DTOs (JSON: a list of what Entity.build(EntityDTO) gives, "
                            + "one per entity, each with the table's DTO, for fromDTO): a key template PREFIX#{slot} is the slot's "
                            + "attribute saved as the key attribute with a prefix transformer, a constant primary key a hidden key "
                            + "attribute with the constant as its key default, the created and updated instants the entity's "
                            + "timestamps; the attributes keep their types, enums and whether they are optional.",
                    "",
                    "Prints a 'not exported:' line, with its path in the design, for everything the DTOs cannot hold: templates "
                            + "of several slots or with a suffix, or whose slot is already another key (they need links or "
                            + "computeKey, functions a DTO does not hold), collections, access patterns, examples, types it narrows, "
                            + "... 'singletable import dynamodb-toolbox' reads the DTOs back into the same table, entities and the "
                            + "templates they hold.",
                    ""},
            optionListHeading = "Options:%n")
    static final class DynamodbToolbox extends SchemaExportCommand {
        DynamodbToolbox() {
            super("toolbox", SchemaFileExport::dynamodbToolbox);
        }
    }

    /** {@code singletable export dynatable DESIGN}. */
    @Command(name = "dynatable",
            mixinStandardHelpOptions = true,
            description = {
                    "Exports a design as a Dynatable schema (dynatable:1.0.0, JSON): as the onetable export, each model's "
                            + "primary key fields under 'key' and its other fields under 'attributes'.",
                    "",
                    "Prints a 'not exported:' line, with its path in the design, for everything a Dynatable schema cannot hold. "
                            + "'singletable import dynatable' reads the schema back into the same table, entities and templates.",
                    ""},
            optionListHeading = "Options:%n")
    static final class Dynatable extends SchemaExportCommand {
        Dynatable() {
            super("dynatable", SchemaFileExport::dynatable);
        }
    }
}
