package dev.singletable.cli.design;

import dev.singletable.cli.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A design with one of everything (entity, index, example item, access pattern): each count the commands print says
 * its noun in the singular. The designs with several are the other commands' goldens.
 */
class OneOfEachCountsTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/one-of-each");
    private static final Path DESIGN = GOLDEN.resolve("notes.singletable.yaml");

    @Test
    void check_whenTheDesignHasOneOfEach_countsThemInTheSingular() {
        assertThat(run("check", DESIGN.toString())).isEqualTo(new CommandRun(0, DESIGN + ": OK, table Notes: 1 entity, 1 index, 0 collections, "
                + "1 access pattern\n", ""));
    }

    @Test
    void view_whenTheDesignHasOneOfEach_saysOneItemIndexAndPattern(@TempDir Path directory) throws IOException {
        Path page = directory.resolve("notes.html");

        CommandRun run = run("view", DESIGN.toString(), "-o", page.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + page + ": table Notes, 1 item, 1 index, 1 access pattern\n", ""));
        assertThat(Files.readString(page)).isEqualTo(DesignViewBrowserTest.golden(GOLDEN.resolve("notes.html"), Files.readString(page)));
    }

    @Test
    void patterns_whenTheDesignHasOneAccessPattern_saysPatternInTheSingular() throws IOException {
        CommandRun run = run("patterns", DESIGN.toString());

        assertThat(run).isEqualTo(new CommandRun(0, DesignViewBrowserTest.golden(GOLDEN.resolve("notes.patterns.txt"), run.out()), ""));
    }

    @Test
    void exportNoSqlWorkbench_whenTheDesignHasOneEntityAndExample_saysOneFacetAndSampleItem(@TempDir Path directory) {
        Path model = directory.resolve("notes.json");

        CommandRun run = run("export", "nosql-workbench", DESIGN.toString(), "-o", model.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "not exported: entities.Note.attributes.author.required: true (a model's attributes are all optional)\n"
                + "not exported: accessPatterns: 1 named access pattern\n"
                + "wrote " + model + ": table Notes, 1 facet, 1 sample item\n", ""));
    }
}
