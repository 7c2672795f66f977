package dev.singletable.cli;

import dev.singletable.cli.output.Style;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class SingletableCommandTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC);
    private final CommandFactory factory = new CommandFactory(Style.plain(), CLOCK, InputStream.nullInputStream(),
            new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));

    @Test
    void commandLine_whenNoCommandIsNamed_holdsEveryDeclaredCommandInHelpOrder() {
        CommandLine commandLine = SingletableCommand.commandLine(new String[] {"--help"}, factory);

        assertThat(commandLine.getSubcommands().keySet()).containsExactly("demo", "check", "describe", "patterns", "view",
                "lint", "cost", "import", "export", "generate", "keys", "run", "get", "put", "delete", "update", "transact", "load", "migrate",
                "migrations", "watch", "relate", "unrelate", "verify-relation", "mcp", "completion");
        assertThat(commandLine.getSubcommands().get("migrations").getSubcommands().keySet()).containsExactly("status", "up", "down");
    }

    @Test
    void commandLine_whenACommandIsNamed_holdsThatCommandOnlyUnderTheTopLevelName() {
        CommandLine commandLine = SingletableCommand.commandLine(new String[] {"export", "cloudformation", "x.yaml"}, factory);

        assertThat(commandLine.getSubcommands().keySet()).containsExactly("export");
        assertThat(commandLine.getSubcommands().get("export").getCommandSpec().qualifiedName()).isEqualTo("singletable export");
        assertThat(commandLine.getSubcommands().get("export").getSubcommands()).containsKeys("cloudformation", "terraform");
    }

    @Test
    void commandLine_whenCompletionIsNamed_holdsEveryCommandForItsScript() {
        CommandLine commandLine = SingletableCommand.commandLine(new String[] {"completion"}, factory);

        assertThat(commandLine.getSubcommands()).hasSize(26);
    }

    @Test
    void create_whenTheConstructorAsksForTheRunsObjects_passesThemByType() throws Exception {
        Probe probe = factory.create(Probe.class);

        assertThat(probe.style).isSameAs(Style.plain());
        assertThat(probe.clock).isSameAs(CLOCK);
    }

    @Test
    void create_whenNoConstructorCanBeServed_usesTheOneWithoutParameters() throws Exception {
        assertThat(new CommandFactory(Style.plain()).create(Probe.class).clock).isNull();
    }

    @Command(name = "probe")
    static final class Probe {
        final Style style;
        final Clock clock;

        Probe() {
            this(null, null);
        }

        Probe(Style style, Clock clock) {
            this.style = style;
            this.clock = clock;
        }
    }
}
