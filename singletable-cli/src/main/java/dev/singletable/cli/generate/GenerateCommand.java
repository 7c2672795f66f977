package dev.singletable.cli.generate;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code singletable generate LANGUAGE DESIGN}: code from a design, one subcommand per language. */
@Command(name = "generate",
        mixinStandardHelpOptions = true,
        description = {
                "Generates code from a design: Java records, the @TableDesign class and an @AccessPatterns interface for the "
                        + "annotation processor.",
                ""},
        subcommands = {JavaGenerateCommand.class},
        synopsisSubcommandLabel = "LANGUAGE",
        commandListHeading = "%nLanguages:%n",
        optionListHeading = "Options:%n")
public final class GenerateCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing language: java");
    }
}
