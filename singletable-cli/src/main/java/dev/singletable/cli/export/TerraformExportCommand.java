package dev.singletable.cli.export;

import dev.singletable.design.internal.export.TerraformResource;
import picocli.CommandLine.Command;

/** {@code singletable export terraform DESIGN}: an {@code aws_dynamodb_table} resource per table, in HCL. */
@Command(name = "terraform",
        mixinStandardHelpOptions = true,
        description = {
                "Exports a design's table as a Terraform aws_dynamodb_table resource (HCL): key schema, the definitions of its "
                        + "key attributes, its GSIs and LSIs with their projections, billing mode (and capacity when provisioned), "
                        + "TTL, point-in-time recovery and deletion protection (both on unless turned off) and tags.",
                "",
                "DESIGN is a schema file, or a directory or jar holding schema files (one resource per table).",
                ""},
        optionListHeading = "Options:%n")
public final class TerraformExportCommand extends TableExportCommand {
    /** For picocli. */
    public TerraformExportCommand() {
        super("Terraform resource", TerraformResource::hcl);
    }
}
