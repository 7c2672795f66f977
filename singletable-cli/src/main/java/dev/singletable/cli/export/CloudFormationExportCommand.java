package dev.singletable.cli.export;

import dev.singletable.design.internal.export.CloudFormationTemplate;
import picocli.CommandLine.Command;

/** {@code singletable export cloudformation DESIGN}: an {@code AWS::DynamoDB::Table} resource per table, in a YAML template. */
@Command(name = "cloudformation", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class CloudFormationExportCommand extends TableExportCommand {
    /** For picocli. */
    public CloudFormationExportCommand() {
        super("CloudFormation template", CloudFormationTemplate::yaml);
    }
}
