package dev.singletable.cli;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * {@code singletable completion}: the bash (and zsh) completion script of every command and option, which picocli writes
 * from the same declarations the command parses with, so it never falls behind a new command.
 */
@Command(name = "completion", mixinStandardHelpOptions = true)
final class CompletionCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine root = spec.root().commandLine();
        spec.commandLine().getOut().print(AutoComplete.bash(root.getCommandName(), root));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
