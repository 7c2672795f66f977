package dev.singletable.cli.generate;

import dev.singletable.cli.options.CommandGroup;
import picocli.CommandLine.Command;

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
public final class GenerateCommand extends CommandGroup {
}
