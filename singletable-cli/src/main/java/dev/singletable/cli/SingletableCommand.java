package dev.singletable.cli;

import dev.singletable.cli.demo.DemoCommand;
import dev.singletable.cli.design.CheckCommand;
import dev.singletable.cli.export.ExportCommand;
import dev.singletable.cli.imports.ImportCommand;
import dev.singletable.cli.data.DeleteCommand;
import dev.singletable.cli.data.GetCommand;
import dev.singletable.cli.data.KeysCommand;
import dev.singletable.cli.data.MigrationsCommand;
import dev.singletable.cli.data.PutCommand;
import dev.singletable.cli.data.RunCommand;
import dev.singletable.cli.data.TransactCommand;
import dev.singletable.cli.data.UpdateCommand;
import dev.singletable.cli.data.WatchCommand;
import dev.singletable.cli.data.load.LoadCommand;
import dev.singletable.cli.data.load.MigrateCommand;
import dev.singletable.cli.design.CostCommand;
import dev.singletable.cli.design.DescribeCommand;
import dev.singletable.cli.design.PatternsCommand;
import dev.singletable.cli.design.ViewCommand;
import dev.singletable.cli.generate.GenerateCommand;
import dev.singletable.cli.lint.LintCommand;
import dev.singletable.cli.mcp.McpCommand;
import dev.singletable.cli.relations.RelateCommand;
import dev.singletable.cli.relations.UnrelateCommand;
import dev.singletable.cli.relations.VerifyRelationCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.ResourceBundle;

/**
 * The top-level {@code singletable} command: its subcommands, in the order help lists them, and help only. A command's
 * constructor may take the run's {@code Style}, {@code Clock} and standard streams ({@link CommandFactory}).
 *
 * <p>Every help text (the commands' headers, descriptions and footers, the options' and parameters' descriptions) is in
 * one resource bundle, {@value #HELP_TEXTS}: the annotations hold what parses, the bundle what the user reads
 * ({@code HelpTextsTest} keeps the two in step). {@link HelpTexts} gives it to the commands when help is shown, so
 * that a run that shows none does not load it.
 */
@Command(name = "singletable",
        mixinStandardHelpOptions = true,
        versionProvider = SingletableCommand.Version.class,
        subcommands = {DemoCommand.class, CheckCommand.class, DescribeCommand.class, PatternsCommand.class, ViewCommand.class,
                LintCommand.class, CostCommand.class, ImportCommand.class, ExportCommand.class, GenerateCommand.class,
                KeysCommand.class, RunCommand.class, GetCommand.class, PutCommand.class, DeleteCommand.class, UpdateCommand.class,
                TransactCommand.class, LoadCommand.class, MigrateCommand.class, MigrationsCommand.class, WatchCommand.class,
                RelateCommand.class, UnrelateCommand.class, VerifyRelationCommand.class, McpCommand.class, CompletionCommand.class},
        synopsisSubcommandLabel = "COMMAND",
        commandListHeading = "%nCommands:%n",
        footerHeading = "%n")
final class SingletableCommand implements Runnable {
    /** The base name of the resource bundle of every help text. */
    static final String HELP_TEXTS = "dev.singletable.cli.help";

    @Spec
    private CommandSpec spec;

    /**
     * The command line of a run of {@code args}. picocli builds the whole tree of declared subcommands when a command
     * line is made (each one's annotations read, its fields reflected on, its instance made): that tree is built only
     * when the top level must list every command (no command named, an unknown one, {@code completion}); a run that
     * names a command gets a top level holding that one only, so that a design command starts without loading the data
     * commands and their engines.
     */
    static CommandLine commandLine(String[] args, CommandLine.IFactory factory) {
        String named = args.length > 0 ? args[0] : "";
        for (Class<?> command : SingletableCommand.class.getAnnotation(Command.class).subcommands()) {
            if (command.getAnnotation(Command.class).name().equals(named) && !command.equals(CompletionCommand.class)) {
                CommandLine top = new CommandLine(CommandSpec.wrapWithoutInspection(new SingletableCommand()).name("singletable"), factory);
                top.addSubcommand(named, new CommandLine(command, factory)); // picocli makes it with the factory
                return top.setHelpFactory(new HelpTexts());
            }
        }
        return new CommandLine(new SingletableCommand(), factory).setHelpFactory(new HelpTexts());
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: try 'singletable demo'");
    }

    /**
     * picocli's help, after giving the whole command tree the help texts ({@link #HELP_TEXTS}) the first time help is
     * made: picocli reads a bundle's every key when it is set, which a run that shows no help does not need (the bundle
     * would cost every start ResourceBundle's lookup and the parse of every text).
     */
    static final class HelpTexts implements CommandLine.IHelpFactory {
        private boolean given;

        @Override
        public CommandLine.Help create(CommandSpec spec, CommandLine.Help.ColorScheme colors) {
            if (!given) {
                given = true;
                spec.root().commandLine().setResourceBundle(ResourceBundle.getBundle(HELP_TEXTS));
            }
            return new CommandLine.Help(spec, colors);
        }
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
