package dev.singletable.cli.generate;

import dev.singletable.cli.options.CommandGroup;
import picocli.CommandLine.Command;

/** {@code singletable generate LANGUAGE DESIGN}: code from a design, one subcommand per language. */
@Command(name = "generate",
        mixinStandardHelpOptions = true,
        subcommands = {JavaGenerateCommand.class},
        synopsisSubcommandLabel = "LANGUAGE",
        commandListHeading = "%nLanguages:%n",
        optionListHeading = "Options:%n")
public final class GenerateCommand extends CommandGroup {
}
