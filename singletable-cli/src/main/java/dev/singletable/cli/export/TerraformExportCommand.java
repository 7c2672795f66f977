package dev.singletable.cli.export;

import dev.singletable.design.internal.export.TerraformResource;
import picocli.CommandLine.Command;

/** {@code singletable export terraform DESIGN}: an {@code aws_dynamodb_table} resource per table, in HCL. */
@Command(name = "terraform", mixinStandardHelpOptions = true, optionListHeading = "Options:%n")
public final class TerraformExportCommand extends TableExportCommand {
    /** For picocli. */
    public TerraformExportCommand() {
        super("Terraform resource", TerraformResource::hcl);
    }
}
