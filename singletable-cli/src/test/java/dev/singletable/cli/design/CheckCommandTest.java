package dev.singletable.cli.design;

import dev.singletable.cli.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code singletable check}: exit codes and whole outputs, against golden files. */
class CheckCommandTest {
    private static final Path CHECK = Path.of("src/test/resources/check");

    @Test
    void check_whenFileIsValid_printsOneSummaryLineAndExitsZero() {
        CommandRun run = run("check", CHECK.resolve("blog.singletable.yaml").toString());

        assertThat(run).isEqualTo(new CommandRun(0, "src/test/resources/check/blog.singletable.yaml: OK, table BlogTable: 4 entities, 1 index, "
                + "1 collection, 8 access patterns\n", ""));
    }

    /** Designs whose whole check output is a file beside them: the case, the design, the exit code, the expected output. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "mistakes: lists every error                               | many-mistakes.singletable.yaml      | 1 | many-mistakes.check.txt",
            "examples with an empty path segment: each at its path     | empty-path-segment.singletable.yaml | 1 | empty-path-segment.check.txt",
            "two files of a directory declare one table: warns of both | shared-table                        | 0 | shared-table.check.txt",
            "states of one primary key: says to key sparse indexes     | states-same-primary-key.singletable.yaml | 1 | states-same-primary-key.check.txt",
    })
    void check_whenTheDesignHasMistakesOrWarnings_printsEachAndExitsWithItsCode(String when, String design, int exitCode, String expected)
            throws IOException {
        CommandRun run = run("check", CHECK.resolve(design).toString());

        assertThat(run).isEqualTo(new CommandRun(exitCode, Files.readString(CHECK.resolve(expected)), ""));
    }

    @Test
    void check_whenDirectoryHoldsProcessorOutputs_checksEachFile(@TempDir Path classes) throws IOException {
        Path outputs = Files.createDirectories(classes.resolve("META-INF/singletable"));
        Files.copy(CHECK.resolve("blog.singletable.yaml"), outputs.resolve("Blog.singletable.yaml"));
        Files.copy(CHECK.resolve("blog-comments.jsonl"), outputs.resolve("blog-comments.jsonl"));

        CommandRun run = run("check", classes.toString());

        assertThat(run).isEqualTo(new CommandRun(0, outputs.resolve("Blog.singletable.yaml") + ": OK, table BlogTable: 4 entities, 1 index, "
                + "1 collection, 8 access patterns\n", ""));
    }

    @Test
    void check_whenATableNameIsRefused_reportsTheOtherMistakesOfTheFileToo(@TempDir Path directory) throws IOException {
        Path design = Files.writeString(directory.resolve("bad.singletable.yaml"), """
                format: singletable/1
                table: {name: T2, partitionKey: {name: pk, type: S}}
                entities:
                  User:
                    attributes: {userId: {type: string, required: true}, age: {type: integer}}
                    keys: {pk: "USER#{userId}"}
                    examples: [{userId: u1, age: forty}]
                """);

        CommandRun run = run("check", design.toString());

        assertThat(run).isEqualTo(new CommandRun(1, design + ":2:9: table.name: 'T2' is not a DynamoDB table name: 3 to 255 letters, digits, "
                + "'_', '-' and '.'\n" + design + ":7:29: entities.User.examples[0].age: attribute 'age' is integer: 'forty' is not an "
                + "integer (32 bits)\n" + design + ": 2 errors\n", ""));
    }

    @Test
    void check_whenJarHoldsABadSchemaFile_namesTheEntryInEachError(@TempDir Path directory) throws IOException {
        Path jar = directory.resolve("app.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("META-INF/singletable/AppTable.singletable.json"));
            out.write("{\"format\": \"singletable/1\", \"table\": {\"name\": \"AppTable\"}, \"entities\": {}}".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }

        CommandRun run = run("check", jar.toString());

        String entry = jar + "!/META-INF/singletable/AppTable.singletable.json";
        assertThat(run).isEqualTo(new CommandRun(1, entry + ":1:29: table: required property 'partitionKey' not found\n"
                + entry + ":1:60: entities: must have at least 1 properties\n"
                + entry + ": 2 errors; the rest of the file (entities, key templates, examples, access patterns) was not checked: fix "
                + "these, then check again\n", ""));
    }

    @Test
    void check_whenDirectoryHasNoSchemaFiles_saysSoAndExitsOne(@TempDir Path empty) {
        CommandRun run = run("check", empty.toString());

        assertThat(run).isEqualTo(new CommandRun(1, empty + ": no schema files (names ending in .singletable.yaml, .singletable.yml, "
                + ".singletable.json)\n", ""));
    }
}
