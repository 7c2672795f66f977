package dev.singletable.cli.design;

import dev.singletable.cli.CommandRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * patterns and view keep each design's results in the cache directory ({@link PatternRunCache#DIRECTORY_PROPERTY},
 * which {@code Main.main} sets and {@code Main.run} leaves unset) and answer an unchanged input from it.
 */
class PatternRunCacheTest {
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
    void patterns_whenRunFirst_printsTheEnginesResultsAndKeepsThemInOneFile() throws IOException {
        CommandRun run = run("patterns", BLOG.toString());

        assertThat(run).isEqualTo(new CommandRun(0, Files.readString(GOLDEN.resolve("patterns/blog.txt")), ""));
        assertThat(keptFiles()).hasSize(1);
        assertThat(Files.readString(keptFiles().get(0))).isEqualTo(golden("cache/blog.json", Files.readString(keptFiles().get(0))));
    }

    @Test
    void patterns_whenTheDesignWasRunBefore_answersFromTheKeptResults() throws IOException {
        run("patterns", BLOG.toString());
        Path kept = keptFiles().get(0);
        // a kept result no engine would return (user-profile gives bob's profile): printed, so the engine did not run
        Files.writeString(kept, Files.readString(kept).replace(
                "\"user-profile\":[{\"pk\":{\"S\":\"USER#alice\"},\"sk\":{\"S\":\"USER#alice\"}}]",
                "\"user-profile\":[{\"pk\":{\"S\":\"USER#bob\"},\"sk\":{\"S\":\"USER#bob\"}}]"));
        String golden = Files.readString(GOLDEN.resolve("patterns/blog.txt"));
        String fromKept = golden.replaceFirst("    USER#alice / USER#alice \\(User\\)\n", "    USER#bob / USER#bob (User)\n");

        CommandRun run = run("patterns", BLOG.toString());

        assertThat(fromKept).isNotEqualTo(golden);
        assertThat(run).isEqualTo(new CommandRun(0, fromKept, ""));
    }

    @Test
    void patterns_whenNoCacheIsGiven_runsTheEngineAndKeepsItsResultsInstead() throws IOException {
        run("patterns", BLOG.toString());
        Path kept = keptFiles().get(0);
        String engineResults = Files.readString(kept);
        Files.writeString(kept, engineResults.replace("USER#alice", "USER#bob"));

        CommandRun run = run("patterns", "--no-cache", BLOG.toString());

        assertThat(run).isEqualTo(new CommandRun(0, Files.readString(GOLDEN.resolve("patterns/blog.txt")), ""));
        assertThat(keptFiles()).containsExactly(kept);
        assertThat(Files.readString(kept)).isEqualTo(engineResults);
    }

    @Test
    void patterns_whenTheKeptFileIsDamaged_runsTheEngineAndKeepsItsResultsAgain() throws IOException {
        run("patterns", BLOG.toString());
        Path kept = keptFiles().get(0);
        String engineResults = Files.readString(kept);
        Files.writeString(kept, "{\"format\": \"singletable-pattern-runs/1\", \"runs\": [{\"table\": ");

        CommandRun run = run("patterns", BLOG.toString());

        assertThat(run).isEqualTo(new CommandRun(0, Files.readString(GOLDEN.resolve("patterns/blog.txt")), ""));
        assertThat(Files.readString(kept)).isEqualTo(engineResults);
    }

    @Test
    void view_whenPatternsRanOnTheSameDesign_usesItsKeptResultsForTheSamePage(@TempDir Path directory) throws IOException {
        run("patterns", BLOG.toString());
        Path page = directory.resolve("blog.html");

        CommandRun run = run("view", BLOG.toString(), "-o", page.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + page + ": table BlogTable, 11 items, 1 index, 8 access patterns\n", ""));
        assertThat(Files.readString(page)).isEqualTo(Files.readString(GOLDEN.resolve("view/blog.html")));
        assertThat(keptFiles()).hasSize(1);
    }

    @Test
    void patterns_whenTheDesignChanges_keepsTheNewResultsInAnotherFile(@TempDir Path directory) throws IOException {
        Path design = directory.resolve("blog.singletable.yaml");
        Files.copy(BLOG.resolveSibling("blog-comments.jsonl"), directory.resolve("blog-comments.jsonl"));
        Files.writeString(design, Files.readString(BLOG));
        run("patterns", design.toString());
        List<Path> before = keptFiles();
        Files.writeString(design, Files.readString(BLOG) + "\n# a comment is a change too\n");

        CommandRun run = run("patterns", design.toString());

        assertThat(run).isEqualTo(new CommandRun(0, Files.readString(GOLDEN.resolve("patterns/blog.txt")), ""));
        assertThat(before).hasSize(1);
        assertThat(keptFiles()).hasSize(2).containsAll(before);
    }

    @Test
    void patterns_whenAnExampleFileOfTheDesignChanges_runsTheEngineOnTheNewItems(@TempDir Path directory) throws IOException {
        Path design = directory.resolve("blog.singletable.yaml");
        Path comments = directory.resolve("blog-comments.jsonl");
        Files.copy(BLOG, design);
        Files.copy(BLOG.resolveSibling("blog-comments.jsonl"), comments);
        run("patterns", design.toString());
        // bob's comments become carol's: the design's bytes are the same, its items are not
        Files.writeString(comments, Files.readString(comments).replace("\"bob\"", "\"carol\""));

        CommandRun run = run("patterns", design.toString());

        assertThat(run).isEqualTo(new CommandRun(0, golden("cache/blog-carol.txt", run.out()), ""));
        assertThat(run.out()).isNotEqualTo(Files.readString(GOLDEN.resolve("patterns/blog.txt")));
    }

    /** A file in the cache's directory, last modified {@code hoursAgo} hours ago. */
    private Path plant(String name, long hoursAgo) throws IOException {
        Path file = Files.createDirectories(cache.resolve("patterns")).resolve(name);
        Files.writeString(file, "{}");
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(Duration.ofHours(hoursAgo))));
        return file;
    }

    private List<String> keptNames() throws IOException {
        return keptFiles().stream().map(path -> path.getFileName().toString()).toList();
    }

    @Test
    void patterns_whenTheCacheHoldsFilesOfOtherBuilds_removesThemAndKeepsOnlyItsOwnAndForeignFiles() throws IOException {
        String build = PatternRunCache.buildKey();
        plant("0123456789abcdef-" + "a".repeat(64) + ".json", 1);      // another build's
        plant("b".repeat(64) + ".json", 1);                            // written before files were named by build
        plant(build + "-" + "c".repeat(64) + ".json.123.partial", 2);  // a write that never finished
        plant("notes.txt", 1);                                         // not the cache's: left alone

        CommandRun run = run("patterns", BLOG.toString());

        assertThat(run).isEqualTo(new CommandRun(0, Files.readString(GOLDEN.resolve("patterns/blog.txt")), ""));
        assertThat(keptNames()).hasSize(2).contains("notes.txt")
                .anySatisfy(name -> assertThat(name).startsWith(build + "-").endsWith(".json"));
    }

    @Test
    void patterns_whenThisBuildsFilesPassTheBound_keepsTheMostRecentlyUsed(@TempDir Path directory) throws IOException {
        String build = PatternRunCache.buildKey();
        run("patterns", BLOG.toString());
        Path blog = keptFiles().get(0);
        List<Path> planted = new java.util.ArrayList<>();
        for (int i = 1; i <= PatternRunCache.KEPT_FILES; i++) {
            planted.add(plant(build + "-" + String.format("%064d", i) + ".json", i)); // the last planted is the oldest
        }
        Files.setLastModifiedTime(blog, FileTime.from(Instant.now().minus(Duration.ofHours(1000))));
        run("patterns", BLOG.toString()); // answered from the blog's file, which counts as used
        Path design = directory.resolve("blog.singletable.yaml");
        Files.copy(BLOG.resolveSibling("blog-comments.jsonl"), directory.resolve("blog-comments.jsonl"));
        Files.writeString(design, Files.readString(BLOG) + "\n# a comment is a change too\n");

        CommandRun run = run("patterns", design.toString());

        assertThat(run).isEqualTo(new CommandRun(0, Files.readString(GOLDEN.resolve("patterns/blog.txt")), ""));
        List<Path> kept = keptFiles();
        assertThat(kept).hasSize(PatternRunCache.KEPT_FILES).contains(blog)
                .containsAll(planted.subList(0, PatternRunCache.KEPT_FILES - 2))
                .doesNotContainAnyElementsOf(planted.subList(PatternRunCache.KEPT_FILES - 2, PatternRunCache.KEPT_FILES));
    }

    @Test
    void patterns_whenPruningFails_printsTheResultsAndKeepsThem() throws IOException {
        // a directory where a file of another build would be: it cannot be deleted as a file (it is not empty)
        Path undeletable = Files.createDirectories(cache.resolve("patterns").resolve("0123456789abcdef-" + "d".repeat(64) + ".json"));
        Files.writeString(undeletable.resolve("inside"), "x");

        CommandRun run = run("patterns", BLOG.toString());

        assertThat(run).isEqualTo(new CommandRun(0, Files.readString(GOLDEN.resolve("patterns/blog.txt")), ""));
        assertThat(keptNames()).hasSize(2).contains(undeletable.getFileName().toString())
                .anySatisfy(name -> assertThat(name).startsWith(PatternRunCache.buildKey() + "-"));
    }

    private List<Path> keptFiles() throws IOException {
        Path directory = cache.resolve("patterns");
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.sorted().toList();
        }
    }

    private static String golden(String path, String actual) throws IOException {
        return DesignViewBrowserTest.golden(GOLDEN.resolve(path), actual);
    }
}
