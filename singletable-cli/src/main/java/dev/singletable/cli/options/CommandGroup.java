package dev.singletable.cli.options;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.Locale;

/**
 * A command that only groups its subcommands, such as {@code export FORMAT}: run without one, it is a usage error that
 * names them, {@code Missing format: nosql-workbench, onetable ... or terraform}, in the word of its
 * {@code synopsisSubcommandLabel} and the order of its {@code subcommands}. A group declares itself with
 * {@code @Command(subcommands = {...}, synopsisSubcommandLabel = "FORMAT")} on {@code final class ExportCommand extends CommandGroup}.
 */
public abstract class CommandGroup implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        List<String> names = List.copyOf(spec.subcommands().keySet());
        String last = names.get(names.size() - 1);
        String listed = names.size() == 1 ? last : String.join(", ", names.subList(0, names.size() - 1)) + " or " + last;
        throw new ParameterException(spec.commandLine(),
                "Missing " + spec.usageMessage().synopsisSubcommandLabel().toLowerCase(Locale.ROOT) + ": " + listed);
    }
}
