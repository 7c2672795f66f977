package dev.singletable.cli.export;

import dev.singletable.cli.export.CloudFormationExportCommand;
import dev.singletable.cli.export.TerraformExportCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code singletable export FORMAT DESIGN}: the formats as subcommands, each with its own options. */
@Command(name = "export",
        mixinStandardHelpOptions = true,
        description = {
                "Exports a design: as a NoSQL Workbench data model, a OneTable or Dynatable schema, a DynamoDB MCP schema.json, "
                        + "DynamoDB-Toolbox entity DTOs, an AWS CloudFormation template (AWS::DynamoDB::Table) or a Terraform resource (aws_dynamodb_table).",
                ""},
        subcommands = {NoSqlWorkbenchExportCommand.class, SchemaExportCommand.OneTable.class, SchemaExportCommand.Dynatable.class,
                SchemaExportCommand.McpSchema.class, SchemaExportCommand.DynamodbToolbox.class, CloudFormationExportCommand.class, TerraformExportCommand.class},
        synopsisSubcommandLabel = "FORMAT",
        commandListHeading = "%nFormats:%n",
        optionListHeading = "Options:%n")
public final class ExportCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing format: nosql-workbench, onetable, dynatable, mcp-schema, dynamodb-toolbox, cloudformation or terraform");
    }
}
