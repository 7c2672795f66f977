package dev.singletable.cli;

import dev.singletable.design.internal.text.Counted;
import dev.singletable.schema.ExportResult;
import dev.singletable.schema.SchemaError;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileException;
import dev.singletable.schema.SchemaFileExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
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

/**
 * What the exports to other libraries' schemas share: DESIGN (one file per table), {@code -o}, a
 * {@code not exported:} line for everything the format cannot hold, by its path in the design.
 */
abstract class SchemaExportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DESIGN", description = "A schema file, or a directory or jar holding schema files.")
    private Path design;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Where to write the schema (default: <Table>.<format>.json in the current directory).")
    private Path output;

    /** The design in the format. */
    abstract ExportResult export(SchemaFile design);

    /** The format's name in file names ({@code onetable}). */
    abstract String suffix();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Optional<List<DesignFiles.DesignFile>> found = DesignFiles.ofArgument(spec, design, out);
        if (found.isEmpty()) {
            return 1;
        }
        List<DesignFiles.DesignFile> files = found.get();
        if (files.size() > 1 && output != null) {
            out.println(design + ": holds " + files.size() + " schema files; -o names one schema: leave it out to write one per table");
            return 1;
        }
        int failed = 0;
        for (DesignFiles.DesignFile file : files) {
            SchemaFile schemaFile;
            try {
                schemaFile = file.load();
            } catch (SchemaFileException e) {
                failed++;
                e.errors().stream().map(SchemaError::toString).forEach(out::println);
                out.println(file.name() + ": " + Counted.of(e.errors().size(), "error", "errors") + "; nothing exported");
                continue;
            }
            ExportResult result = export(schemaFile);
            Path target = output != null ? output : Path.of(schemaFile.document().table().name() + "." + suffix() + ".json");
            try {
                Files.writeString(target, result.text(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot write " + target + ": " + e.getMessage(), e);
            }
            result.notes().forEach(out::println);
            out.println("wrote " + target + ": table " + schemaFile.document().table().name() + ", "
                    + Counted.of(schemaFile.document().entities().size(), "entity", "entities") + ", "
                    + Counted.of(result.notes().size(), "thing", "things") + " not exported");
        }
        return failed == 0 ? 0 : 1;
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
        @Override
        ExportResult export(SchemaFile design) {
            return SchemaFileExport.oneTable(design);
        }

        @Override
        String suffix() {
            return "onetable";
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
        @Override
        ExportResult export(SchemaFile design) {
            return SchemaFileExport.mcpSchema(design);
        }

        @Override
        String suffix() {
            return "schema";
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
        @Override
        ExportResult export(SchemaFile design) {
            return SchemaFileExport.dynamodbToolbox(design);
        }

        @Override
        String suffix() {
            return "toolbox";
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
        @Override
        ExportResult export(SchemaFile design) {
            return SchemaFileExport.dynatable(design);
        }

        @Override
        String suffix() {
            return "dynatable";
        }
    }
}
