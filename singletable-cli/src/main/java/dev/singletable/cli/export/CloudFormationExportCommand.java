package dev.singletable.cli.export;

import dev.singletable.design.internal.export.CloudFormationTemplate;
import picocli.CommandLine.Command;

/** {@code singletable export cloudformation DESIGN}: an {@code AWS::DynamoDB::Table} resource per table, in a YAML template. */
@Command(name = "cloudformation",
        mixinStandardHelpOptions = true,
        description = {
                "Exports a design's table as an AWS CloudFormation template (YAML): an AWS::DynamoDB::Table with its key schema, "
                        + "the definitions of its key attributes, its GSIs and LSIs with their projections, billing mode (and "
                        + "throughput when provisioned), TTL, point-in-time recovery and deletion protection (both on unless "
                        + "turned off) and tags.",
                "",
                "DESIGN is a schema file, or a directory or jar holding schema files (one resource per table).",
                ""},
        optionListHeading = "Options:%n")
public final class CloudFormationExportCommand extends TableExportCommand {
    /** For picocli. */
    public CloudFormationExportCommand() {
        super("CloudFormation template", CloudFormationTemplate::yaml);
    }
}
