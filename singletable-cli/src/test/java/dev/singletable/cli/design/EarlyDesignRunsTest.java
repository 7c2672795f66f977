package dev.singletable.cli.design;

import dev.singletable.cli.design.DesignCommandsTest.Run;
import dev.singletable.cli.design.EarlyDesignRuns.Guess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static dev.singletable.cli.design.DesignCommandsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Main.main begins patterns' and view's DesignRuns before picocli parses the command line ({@link EarlyDesignRuns});
 * the command takes that start only when picocli's parse names the same inputs.
 */
class EarlyDesignRunsTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Path BLOG = Path.of("../designs/blog.singletable.yaml");

    @TempDir
    Path cache;

    @BeforeEach
    void useCache() {
        System.setProperty(PatternRunCache.DIRECTORY_PROPERTY, cache.toString());
    }

    @AfterEach
    void noCache() {
        System.clearProperty(PatternRunCache.DIRECTORY_PROPERTY);
    }

    @Test
    void guess_whenPatternsNamesADesign_isThatDesignWithTheCache() {
        assertThat(EarlyDesignRuns.guess(new String[] {"patterns", "d.singletable.yaml"}))
                .contains(new Guess(Path.of("d.singletable.yaml"), Optional.empty(), true));
    }

    @Test
    void guess_whenPatternsHasAFormatAndNoCache_skipsTheFormatsValue() {
        assertThat(EarlyDesignRuns.guess(new String[] {"patterns", "--format", "json", "--no-cache", "d.singletable.yaml"}))
                .contains(new Guess(Path.of("d.singletable.yaml"), Optional.empty(), false));
        assertThat(EarlyDesignRuns.guess(new String[] {"patterns", "--format=markdown", "d.singletable.yaml"}))
                .contains(new Guess(Path.of("d.singletable.yaml"), Optional.empty(), true));
    }

    @Test
    void guess_whenViewHasAnOutputAndData_isTheDesignWithThatData() {
        assertThat(EarlyDesignRuns.guess(new String[] {"view", "-o", "page.html", "d.singletable.yaml", "--data", "items.jsonl"}))
                .contains(new Guess(Path.of("d.singletable.yaml"), Optional.of(Path.of("items.jsonl")), true));
        assertThat(EarlyDesignRuns.guess(new String[] {"view", "--output=page.html", "--data=items.jsonl", "--no-cache", "d.singletable.yaml"}))
                .contains(new Guess(Path.of("d.singletable.yaml"), Optional.of(Path.of("items.jsonl")), false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"patterns", "patterns --help d.yaml", "view d.yaml -h", "patterns -V d.yaml", "describe d.yaml",
            "patterns a.yaml b.yaml", "patterns d.yaml --format", "view -opage.html d.yaml", "patterns -- d.yaml",
            "view --data a.jsonl --data b.jsonl d.yaml", "patterns --output page.html d.yaml", "patterns --endpoint http://x d.yaml",
            "patterns d\u0000.yaml"})
    void guess_whenTheCommandLineIsNotPlainPatternsOrView_isNone(String commandLine) {
        assertThat(EarlyDesignRuns.guess(commandLine.split(" "))).isEmpty();
    }

    @Test
    void patterns_whenBegunEarlyForTheSameInputs_usesTheEarlyStart() throws IOException {
        Path kept = keptAndTampered();
        EarlyDesignRuns.begin(new String[] {"patterns", "--format", "text", BLOG.toString()});
        EarlyDesignRuns.pending().orElseThrow().join(); // it has read the tampered results
        // damaged now: a start of the command's own would run the engine and print the golden table
        Files.writeString(kept, "{\"format\": \"singletable-pattern-runs/1\", \"runs\": [{\"table\": ");

        Run run = run("patterns", BLOG.toString());

        assertThat(run).isEqualTo(new Run(0, fromKept(), ""));
        assertThat(EarlyDesignRuns.pending()).isEmpty();
    }

    @Test
    void patterns_whenBegunEarlyForOtherInputs_closesItAndStartsItsOwn() throws IOException {
        keptAndTampered();
        EarlyDesignRuns.begin(new String[] {"patterns", "--no-cache", BLOG.toString()}); // the engine, not the kept results

        Run run = run("patterns", BLOG.toString());

        assertThat(run).isEqualTo(new Run(0, fromKept(), ""));
        assertThat(EarlyDesignRuns.pending()).isEmpty();
    }

    @Test
    void view_whenBegunEarlyForAnotherDesign_writesThePageOfItsOwn(@TempDir Path directory) throws IOException {
        Path page = directory.resolve("blog.html");
        EarlyDesignRuns.begin(new String[] {"view", "../designs/shapes.singletable.yaml", "-o", page.toString()});

        Run run = run("view", BLOG.toString(), "-o", page.toString());

        assertThat(run).isEqualTo(new Run(0, "wrote " + page + ": table BlogTable, 11 items, 1 index, 8 access patterns\n", ""));
        assertThat(Files.readString(page)).isEqualTo(Files.readString(GOLDEN.resolve("view/blog.html")));
        assertThat(EarlyDesignRuns.pending()).isEmpty();
    }

    /** blog's results kept by a run on the engine, then changed so that user-profile gives bob's profile. */
    private Path keptAndTampered() throws IOException {
        run("patterns", BLOG.toString());
        Path kept = keptFiles().get(0);
        Files.writeString(kept, Files.readString(kept).replace(
                "\"user-profile\":[{\"pk\":{\"S\":\"USER#alice\"},\"sk\":{\"S\":\"USER#alice\"}}]",
                "\"user-profile\":[{\"pk\":{\"S\":\"USER#bob\"},\"sk\":{\"S\":\"USER#bob\"}}]"));
        return kept;
    }

    private static String fromKept() throws IOException {
        String golden = Files.readString(GOLDEN.resolve("patterns/blog.txt"));
        String fromKept = golden.replaceFirst("    USER#alice / USER#alice \\(User\\)\n", "    USER#bob / USER#bob (User)\n");
        assertThat(fromKept).isNotEqualTo(golden);
        return fromKept;
    }

    private List<Path> keptFiles() throws IOException {
        try (Stream<Path> files = Files.list(cache.resolve("patterns"))) {
            return files.sorted().toList();
        }
    }
}
