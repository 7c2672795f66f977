package dev.singletable.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top-level {@code singletable} command: subcommands and help only. */
@Command(name = "singletable",
        mixinStandardHelpOptions = true,
        versionProvider = SingletableCommand.Version.class,
        description = {"DynamoDB single-table design for Java: entities, key templates, access patterns.", ""},
        synopsisSubcommandLabel = "COMMAND",
        commandListHeading = "%nCommands:%n",
        footerHeading = "%n",
        footer = {"Run 'singletable COMMAND --help' for a command's options.",
                "Start with 'singletable demo': every access pattern of the examples, on Dynoxide, the embedded engine.",
                "Check a schema file with 'singletable check design.singletable.yaml'.",
                "Import a NoSQL Workbench, Dynatable, OneTable or DynamoDB MCP design with 'singletable import'; export to NoSQL "
                        + "Workbench, OneTable, Dynatable, DynamoDB MCP, CloudFormation or Terraform with 'singletable export'.",
                "Find single-table anti-patterns with 'singletable lint design.singletable.yaml'.",
                "Price a design's traffic with 'singletable cost design.singletable.yaml' ('--scale 10x': what breaks first).",
                "Run a design's access pattern with 'singletable run design.singletable.yaml PATTERN name=value'; read and write items with "
                        + "'singletable get|put|update|delete'; evolve stored items with 'singletable migrations'.",
                "Document a design with 'singletable describe' (key design), 'singletable patterns' (access patterns) and 'singletable view' (an HTML page).",
                "Serve a design and its table to coding agents (Model Context Protocol) with 'singletable mcp DESIGN'."})
final class SingletableCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: try 'singletable demo'");
    }

    /** The version of the singletable jar, from its manifest when packaged. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = SingletableCommand.class.getPackage().getImplementationVersion();
            return new String[] {"singletable " + (version == null ? "(development build)" : version)};
        }
    }
}
