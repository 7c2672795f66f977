package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

import dev.singletable.cli.output.Style;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/** DESIGN and the engine options as one mixin: the design loaded with {@code --table}, usage errors of the command. */
class DesignOnEngineTest {
    private static final Path SHOP = Path.of("../designs/ecommerce.singletable.yaml");
    private static final Path PRODUCTS = Path.of("../designs/products.singletable.yaml");

    /** A command with DESIGN and a parameter of its own after it, as run, watch and verify-relation have. */
    @Command(name = "probe")
    static final class ProbeCommand {
        @Mixin
        DesignOnEngine design;

        @Parameters(index = "1", paramLabel = "NAME", arity = "0..1")
        String name;
    }

    @Test
    void load_whenOneDesign_isItsTableUnderItsOwnName() {
        ProbeCommand probe = parsed(SHOP.toString(), "Order");

        DataDesign loaded = probe.design.load();

        assertThat(loaded.schema().name()).isEqualTo("ShopTable");
        assertThat(probe.design.path()).isEqualTo(SHOP);
        assertThat(probe.name).isEqualTo("Order");
    }

    @Test
    void load_whenTableGivenForOneDesign_renamesItsTable() {
        ProbeCommand probe = parsed(SHOP.toString(), "--table", "Other");

        DataDesign loaded = probe.design.load();

        assertThat(loaded.schema().name()).isEqualTo("Other");
        assertThat(probe.design.engine().table()).isEqualTo(Optional.of("Other"));
    }

    @Test
    void load_whenTablePicksOneOfSeveralDesigns_isThatDesign(@TempDir Path directory) throws IOException {
        Files.copy(SHOP, directory.resolve(SHOP.getFileName()));
        Files.copy(PRODUCTS, directory.resolve(PRODUCTS.getFileName()));
        ProbeCommand probe = parsed(directory.toString(), "--table", "ProductTable");

        DataDesign loaded = probe.design.load();

        assertThat(loaded.schema().name()).isEqualTo("ProductTable");
        assertThat(loaded.name()).endsWith("products.singletable.yaml");
    }

    @Test
    void load_whenTablePicksNone_isUsageErrorOfTheCommand(@TempDir Path directory) throws IOException {
        Files.copy(SHOP, directory.resolve(SHOP.getFileName()));
        Files.copy(PRODUCTS, directory.resolve(PRODUCTS.getFileName()));
        CommandLine commandLine = commandLine(new ProbeCommand());
        commandLine.parseArgs(directory.toString(), "--table", "Nope");
        ProbeCommand probe = commandLine.getCommand();

        assertThatThrownBy(() -> probe.design.load())
                .isInstanceOfSatisfying(ParameterException.class, e -> assertThat(e.getCommandLine()).isSameAs(commandLine))
                .hasMessage(directory + " has no table 'Nope'; its tables are ShopTable, ProductTable");
    }

    @Test
    void spec_whenMixedIntoACommand_isTheCommandsOwn() {
        ProbeCommand probe = parsed(SHOP.toString());

        assertThat(probe.design.spec().name()).isEqualTo("probe");
        assertThat(probe.design.engine().spec().name()).isEqualTo("probe");
    }

    @Test
    void usage_whenMixedIntoACommand_isAUsageErrorOfTheCommand() {
        ProbeCommand probe = parsed(SHOP.toString());

        ParameterException usage = probe.design.usage("--limit 0: give a number of items, 1 or more");

        assertThat(usage.getCommandLine().getCommandSpec().name()).isEqualTo("probe");
        assertThat(usage).hasMessage("--limit 0: give a number of items, 1 or more");
    }

    private static ProbeCommand parsed(String... args) {
        CommandLine commandLine = commandLine(new ProbeCommand());
        commandLine.parseArgs(args);
        return commandLine.getCommand();
    }

    /** The command with the engine options a run gives (CommandFactory's Style and Clock). */
    private static CommandLine commandLine(ProbeCommand probe) {
        return new CommandLine(probe, new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == EngineOptions.class ? type.cast(new EngineOptions(Style.plain(), Clock.systemUTC()))
                        : CommandLine.defaultFactory().create(type);
            }
        });
    }
}
