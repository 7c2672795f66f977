package dev.singletable.cli.export;

import dev.singletable.cli.export.CloudFormationExportCommand;
import dev.singletable.cli.export.TerraformExportCommand;
import dev.singletable.cli.options.CommandGroup;
import picocli.CommandLine.Command;

/** {@code singletable export FORMAT DESIGN}: the formats as subcommands, each with its own options. */
@Command(name = "export",
        mixinStandardHelpOptions = true,
        subcommands = {NoSqlWorkbenchExportCommand.class, SchemaExportCommand.OneTable.class, SchemaExportCommand.Dynatable.class,
                SchemaExportCommand.McpSchema.class, SchemaExportCommand.DynamodbToolbox.class, CloudFormationExportCommand.class, TerraformExportCommand.class},
        synopsisSubcommandLabel = "FORMAT",
        commandListHeading = "%nFormats:%n",
        optionListHeading = "Options:%n")
public final class ExportCommand extends CommandGroup {
}
