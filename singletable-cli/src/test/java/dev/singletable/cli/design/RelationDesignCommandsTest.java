package dev.singletable.cli.design;

import dev.singletable.cli.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * describe, patterns and view of a design with a relation (seed 000's memberships, {@code designs/memberships.singletable.yaml}):
 * the relation's row and its adjacency items in the key design, the adjacency items of every pair of examples, and
 * {@code related} from each side as a query; and the view of designs declaring states (seed 001's products) and slots
 * (paths, buckets, shards), which lists them under the key design as describe does. Whole outputs against golden files (regenerate them with
 * {@code -Dsingletable.golden.update=true} and review the diff).
 */
class RelationDesignCommandsTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Path MEMBERSHIPS = Path.of("../designs/memberships.singletable.yaml");

    private static String golden(String path, String actual) throws IOException {
        return DesignViewBrowserTest.golden(GOLDEN.resolve(path), actual);
    }

    @ParameterizedTest
    @CsvSource({"text, txt", "markdown, md", "json, json"})
    void describe_whenDesignHasARelation_showsItsSidesItemTypesCopiesAndAdjacencyRows(String format, String extension) throws IOException {
        CommandRun run = CommandRun.run("describe", "--format", format, MEMBERSHIPS.toString());

        assertThat(run).isEqualTo(new CommandRun(0, golden("describe/memberships." + extension, run.out()), ""));
    }

    @Test
    void patterns_whenDesignHasARelation_listsRelatedFromEachSideWithItsQueryAndItems() throws IOException {
        CommandRun run = CommandRun.run("patterns", MEMBERSHIPS.toString());

        assertThat(run).isEqualTo(new CommandRun(0, golden("patterns/memberships.txt", run.out()), ""));
    }

    @Test
    void view_whenDesignHasARelation_drawsTheAdjacencyItemsOfEveryPairOfExamples(@TempDir Path directory) throws IOException {
        Path page = directory.resolve("memberships.html");

        CommandRun run = CommandRun.run("view", MEMBERSHIPS.toString(), "-o", page.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + page + ": table MembershipTable, 12 items, 0 indexes, 3 access patterns\n", ""));
        assertThat(Files.readString(page)).isEqualTo(golden("view/memberships.html", Files.readString(page)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "products | table ProductTable, 4 items, 1 index, 4 access patterns",
            "patterns | table PatternsTable, 7 items, 1 index, 4 access patterns"})
    void view_whenDesignDeclaresStatesOrSlots_listsThemUnderTheKeyDesign(String design, String summary, @TempDir Path directory)
            throws IOException {
        Path page = directory.resolve(design + ".html");

        CommandRun run = CommandRun.run("view", "../designs/" + design + ".singletable.yaml", "-o", page.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + page + ": " + summary + "\n", ""));
        assertThat(Files.readString(page)).isEqualTo(golden("view/" + design + ".html", Files.readString(page)));
    }
}
