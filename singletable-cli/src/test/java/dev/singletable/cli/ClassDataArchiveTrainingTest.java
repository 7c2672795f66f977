package dev.singletable.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.cli.design.PatternRunCache;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The archive's training, run by {@code ./singletable} after each build, leaves each seed design's pattern results in
 * the user's cache under the key the user's own run computes, so that the first {@code patterns FILE} after a build
 * answers from it.
 */
class ClassDataArchiveTrainingTest {
    private static final Path DESIGNS = Path.of("../designs");
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    @TempDir
    Path cache;

    @BeforeEach
    void useCache() {
        System.setProperty(PatternRunCache.DIRECTORY_PROPERTY, cache.toString()); // Main.configureCache keeps a set one
    }

    @AfterEach
    void noCache() {
        System.clearProperty(PatternRunCache.DIRECTORY_PROPERTY);
    }

    @Test
    void main_whenGivenADirectory_keepsEachSchemaFilesResultsByItselfInTheUsersCache(@TempDir Path designs) throws IOException {
        copySeeds(designs);

        ClassDataArchiveTraining.main(new String[] {designs.toString()});

        assertThat(tablesOfKeptFiles()).containsExactlyInAnyOrder(List.of("BlogTable"), List.of("ShapesTable"));
    }

    @Test
    void patterns_afterTraining_answersTheFileFromTheTrainingsResults(@TempDir Path designs) throws IOException {
        copySeeds(designs);
        ClassDataArchiveTraining.main(new String[] {designs.resolve("blog.singletable.yaml").toString(), designs.toString()});
        Path kept = keptFile("BlogTable");
        // a kept result no engine would return (user-profile gives bob's profile): printed, so the engine did not run
        Files.writeString(kept, Files.readString(kept).replace(
                "\"user-profile\":[{\"pk\":{\"S\":\"USER#alice\"},\"sk\":{\"S\":\"USER#alice\"}}]",
                "\"user-profile\":[{\"pk\":{\"S\":\"USER#bob\"},\"sk\":{\"S\":\"USER#bob\"}}]"));
        String golden = Files.readString(GOLDEN.resolve("patterns/blog.txt"));
        String fromKept = golden.replaceFirst("    USER#alice / USER#alice \\(User\\)\n", "    USER#bob / USER#bob (User)\n");

        // the seed design where it lives: the key is the design's bytes and the build, not the path
        CommandRun run = run("patterns", DESIGNS.resolve("blog.singletable.yaml").toString());

        assertThat(fromKept).isNotEqualTo(golden);
        assertThat(run).isEqualTo(new CommandRun(0, fromKept, ""));
        assertThat(tablesOfKeptFiles()).containsExactlyInAnyOrder(List.of("BlogTable"), List.of("ShapesTable"));
    }

    private static void copySeeds(Path designs) throws IOException {
        for (String file : List.of("blog.singletable.yaml", "blog-comments.jsonl", "shapes.singletable.yaml")) {
            Files.copy(DESIGNS.resolve(file), designs.resolve(file));
        }
    }

    /** The tables of each kept file's runs, one list per file. */
    private List<List<String>> tablesOfKeptFiles() throws IOException {
        List<List<String>> tables = new ArrayList<>();
        for (Path file : keptFiles()) {
            List<String> runs = new ArrayList<>();
            new ObjectMapper().readTree(file.toFile()).path("runs").forEach(run -> runs.add(run.path("table").asText()));
            tables.add(runs);
        }
        return tables;
    }

    private Path keptFile(String table) throws IOException {
        for (Path file : keptFiles()) {
            JsonNode runs = new ObjectMapper().readTree(file.toFile()).path("runs");
            if (runs.size() == 1 && runs.get(0).path("table").asText().equals(table)) {
                return file;
            }
        }
        throw new AssertionError("no kept file of " + table + " alone in " + keptFiles());
    }

    private List<Path> keptFiles() throws IOException {
        try (Stream<Path> files = Files.list(cache.resolve("patterns"))) {
            return files.sorted().toList();
        }
    }
}
