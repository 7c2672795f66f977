package dev.singletable.cli;

import dev.singletable.cli.output.Style;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The help texts bundle ({@link SingletableCommand#HELP_TEXTS}) and the commands' declarations in step: every command,
 * option and positional parameter has its text there, found by the key picocli looks it up by, and every text there is
 * one that some command, option or parameter reads.
 */
class HelpTextsTest {
    private final CommandFactory factory = new CommandFactory(Style.plain(), Clock.systemUTC(), InputStream.nullInputStream(),
            new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
    private final CommandLine root = SingletableCommand.commandLine(new String[0], factory);
    private final ResourceBundle texts = ResourceBundle.getBundle(SingletableCommand.HELP_TEXTS);

    @Test
    void commandLine_whenNoHelpIsMade_givesNoCommandTheHelpTexts() {
        CommandLine named = SingletableCommand.commandLine(new String[] {"migrations", "up"}, factory);

        assertThat(named.getResourceBundle()).isNull();
        assertThat(named.getSubcommands().get("migrations").getSubcommands().get("up").getResourceBundle()).isNull();
    }

    @Test
    void commandLine_whenHelpIsMade_givesEveryCommandTheHelpTexts() {
        CommandLine named = SingletableCommand.commandLine(new String[] {"migrations", "up"}, factory);
        CommandLine up = named.getSubcommands().get("migrations").getSubcommands().get("up");

        up.getHelp();

        assertThat(List.of(named.getResourceBundle(), up.getResourceBundle())).allSatisfy(bundle ->
                assertThat(bundle.getBaseBundleName()).isEqualTo(SingletableCommand.HELP_TEXTS));
        assertThat(up.getCommandSpec().findOption("--to").description()).containsExactly("The last version to apply (default: all).");
    }

    @Test
    void description_whenACommandOptionOrParameterIsDeclared_isReadFromTheHelpTexts() {
        List<String> missing = new ArrayList<>();
        for (CommandSpec command : commands()) {
            String description = lines(command.qualifiedName(".") + ".usage.description");
            if (description.isBlank()) {
                missing.add(command.qualifiedName() + ": no " + command.qualifiedName(".") + ".usage.description");
            }
            for (ArgSpec arg : arguments(command)) {
                Optional<String> key = keyOf(command, arg);
                if (key.isEmpty() || lines(key.get()).isBlank()) {
                    missing.add(command.qualifiedName() + " " + label(arg) + ": no text under any of " + candidateKeys(command, arg));
                }
            }
        }

        assertThat(missing).isEmpty();
    }

    @Test
    void helpTexts_whenEveryCommandOptionAndParameterHasReadItsText_holdNoOtherKey() {
        Set<String> read = new TreeSet<>();
        Set<String> commandNames = new TreeSet<>();
        for (CommandSpec command : commands()) {
            commandNames.add(command.qualifiedName("."));
            for (ArgSpec arg : arguments(command)) {
                keyOf(command, arg).ifPresent(read::add);
            }
        }
        List<String> unread = new ArrayList<>();
        for (String key : Collections.list(texts.getKeys())) {
            String text = key.replaceFirst("\\.\\d+$", "");
            int usage = text.indexOf(".usage.");
            boolean commandText = usage > 0 && commandNames.contains(text.substring(0, usage));
            if (!commandText && !read.contains(text)) {
                unread.add(key);
            }
        }

        assertThat(unread).isEmpty();
    }

    private List<CommandSpec> commands() {
        root.getHelp(); // gives every command the help texts
        List<CommandSpec> commands = new ArrayList<>();
        collect(root, commands);
        return commands;
    }

    private static void collect(CommandLine line, List<CommandSpec> commands) {
        commands.add(line.getCommandSpec());
        line.getSubcommands().values().forEach(sub -> collect(sub, commands));
    }

    /** The options and positional parameters of {@code command}, but picocli's own --help and --version. */
    private static List<ArgSpec> arguments(CommandSpec command) {
        return command.args().stream()
                .filter(arg -> !(arg instanceof OptionSpec option) || !(option.usageHelp() || option.versionHelp()))
                .toList();
    }

    /** The key whose text picocli shows for {@code arg}: the first of its candidate keys that the bundle holds. */
    private Optional<String> keyOf(CommandSpec command, ArgSpec arg) {
        return candidateKeys(command, arg).stream().filter(key -> !lines(key).isEmpty()).findFirst();
    }

    /**
     * The keys picocli tries, in its order ({@code ArgSpec.description()}): the description key, then an option's names
     * without dashes or a positional parameter's {@code LABEL[INDEX]}, each first qualified by the command's name.
     */
    private static List<String> candidateKeys(CommandSpec command, ArgSpec arg) {
        List<String> unqualified = new ArrayList<>();
        if (!arg.descriptionKey().isEmpty()) {
            unqualified.add(arg.descriptionKey());
        }
        if (arg instanceof OptionSpec option) {
            for (String name : option.names()) {
                unqualified.add(name.replaceFirst("^-+", ""));
            }
        } else {
            PositionalParamSpec positional = (PositionalParamSpec) arg;
            unqualified.add(positional.paramLabel() + "[" + positional.index() + "]");
        }
        List<String> keys = new ArrayList<>();
        for (String key : unqualified) {
            keys.add(command.qualifiedName(".") + "." + key);
            keys.add(key);
        }
        return keys;
    }

    /** The text under {@code key}, its lines {@code key.0, key.1...} joined; empty when the bundle has none. */
    private String lines(String key) {
        StringBuilder text = new StringBuilder(texts.containsKey(key) ? texts.getString(key) : "");
        for (int i = 0; texts.containsKey(key + "." + i); i++) {
            text.append(texts.getString(key + "." + i)).append('\n');
        }
        return text.toString();
    }

    private static String label(ArgSpec arg) {
        return arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
    }
}
