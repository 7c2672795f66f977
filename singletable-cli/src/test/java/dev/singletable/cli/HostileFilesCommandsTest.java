package dev.singletable.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The catalogue of hostile files, given to every command that reads one: each ends with a typed error placed at a line
 * and column of the file, no stack trace and no raw exception, and writes nothing. (How long each takes is in
 * singletable-bench's README, measured by its {@code hostile-files.sh}: no timed assertion here.)
 */
class HostileFilesCommandsTest {
    private static final String HEAD = "format: singletable/1\ntable: {name: T, partitionKey: PK}\n";

    @TempDir
    Path directory;

    /** A hostile design file: its name and bytes. */
    private record Hostile(String kind, String fileName, byte[] bytes) {
        @Override
        public String toString() {
            return kind;
        }
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static List<Hostile> designs() {
        return List.of(
                new Hostile("larger than 3 MB", "big.singletable.yaml", utf8(HEAD + "x: \"" + "a".repeat(3 * 1024 * 1024) + "\"\n")),
                new Hostile("a YAML line of 1 MB", "long.singletable.yaml", utf8(HEAD + "x: " + "a".repeat(1024 * 1024) + "\n")),
                new Hostile("JSON nested 100,000 deep", "deep.singletable.json",
                        utf8("{\"format\": \"singletable/1\", \"x\": " + "[".repeat(100_000) + "]".repeat(100_000) + "}")),
                new Hostile("YAML nested 10,000 deep", "deep.singletable.yaml", utf8(HEAD + "x: " + "[".repeat(10_000) + "]".repeat(10_000))),
                new Hostile("YAML aliases", "alias.singletable.yaml",
                        utf8(HEAD + "a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b]\n")),
                new Hostile("binary garbage", "garbage.singletable.yaml", new byte[]{'f', 'o', (byte) 0xFF, (byte) 0xFE, 0, 1, 2, 3, (byte) 0x80}),
                new Hostile("UTF-16", "utf16.singletable.yaml", HEAD.getBytes(StandardCharsets.UTF_16)),
                new Hostile("truncated JSON", "cut.singletable.json", utf8("{\"format\": \"singletable/1\",\n \"table\": {\"name\": \"T\"")),
                new Hostile("truncated YAML", "cut.singletable.yaml", utf8(HEAD + "entities:\n  Order:\n    description: \"half a sen")));
    }

    /** Every command that reads a DESIGN, with what it writes under OUT (a directory that must stay empty). */
    static List<List<String>> designCommands() {
        return List.of(
                List.of("check", "DESIGN"),
                List.of("lint", "DESIGN"),
                List.of("lint", "--format", "sarif", "DESIGN"),
                List.of("describe", "DESIGN"),
                List.of("patterns", "DESIGN"),
                List.of("view", "-o", "OUT/view.html", "DESIGN"),
                List.of("cost", "DESIGN"),
                List.of("export", "cloudformation", "-o", "OUT/table.yaml", "DESIGN"),
                List.of("export", "terraform", "-o", "OUT/table.tf", "DESIGN"),
                List.of("export", "nosql-workbench", "-o", "OUT/model.json", "DESIGN"),
                List.of("run", "DESIGN", "some-pattern"),
                List.of("get", "DESIGN", "Order", "id=1"),
                List.of("verify-relation", "DESIGN", "Membership"),
                List.of("load", "--dry-run", "DESIGN", "OUT/../items.jsonl"));
    }

    static Stream<Arguments> everyDesignCommandOnEveryHostileFile() {
        return designCommands().stream().flatMap(command -> designs().stream().map(hostile -> Arguments.of(String.join(" ",
                command.subList(0, command.get(0).equals("export") ? 2 : 1)), command, hostile)));
    }

    @ParameterizedTest(name = "{0} on {2}")
    @MethodSource("everyDesignCommandOnEveryHostileFile")
    void command_whenTheDesignIsHostile_endsWithALocatedErrorAndWritesNothing(String name, List<String> command, Hostile hostile)
            throws IOException {
        Path design = Files.write(directory.resolve(hostile.fileName()), hostile.bytes());
        Files.writeString(directory.resolve("items.jsonl"), "{\"id\": \"1\"}\n");
        Path out = Files.createDirectories(directory.resolve("out"));

        CommandRun run = run(arguments(command, design, out));

        assertFailedAtAPlace(run, design);
        try (Stream<Path> written = Files.list(out)) {
            assertThat(written).isEmpty();
        }
    }

    static Stream<Arguments> importsOfHostileModels() {
        return Stream.of("nosql-workbench", "dynatable", "onetable", "dynamodb-toolbox").flatMap(format -> Stream.of(
                Arguments.of(format, new Hostile("larger than 16 MB", "big.json", utf8("{\"x\": \"" + "a".repeat(16 * 1024 * 1024) + "\"}"))),
                Arguments.of(format, new Hostile("JSON nested 100,000 deep", "deep.json",
                        utf8("{\"ModelName\": " + "[".repeat(100_000) + "]".repeat(100_000) + "}"))),
                Arguments.of(format, new Hostile("binary garbage", "garbage.json", new byte[]{'{', (byte) 0xC3, (byte) 0x28, 0, 1})),
                Arguments.of(format, new Hostile("UTF-16", "utf16.json", "{\"ModelName\": \"m\"}".getBytes(StandardCharsets.UTF_16))),
                Arguments.of(format, new Hostile("truncated", "cut.json", utf8("{\"ModelName\": \"m\",\n \"DataModel\": [")))));
    }

    @ParameterizedTest(name = "import {0} of {1}")
    @MethodSource("importsOfHostileModels")
    void import_whenTheModelIsHostile_endsWithALocatedErrorAndWritesNothing(String format, Hostile hostile) throws IOException {
        Path model = Files.write(directory.resolve(hostile.fileName()), hostile.bytes());
        Path out = Files.createDirectories(directory.resolve("out"));

        List<String> args = new ArrayList<>(List.of("import", format, model.toString(), "-o", out.resolve("design.singletable.yaml").toString()));
        if (!format.equals("nosql-workbench")) {
            args.addAll(List.of("--table", "T"));
        }
        CommandRun run = run(args);

        assertFailedAtAPlace(run, model);
        try (Stream<Path> written = Files.list(out)) {
            assertThat(written).isEmpty();
        }
    }

    static Stream<Hostile> hostileDataFiles() {
        return Stream.of(
                new Hostile("a line of 5 MB", "items.jsonl", utf8("{\"id\": \"" + "a".repeat(5 * 1024 * 1024) + "\"}\n")),
                new Hostile("binary garbage", "items.jsonl", new byte[]{'{', '"', (byte) 0xFF, (byte) 0xFE, 0, 1, 2, 3}),
                new Hostile("UTF-16", "items.jsonl", "{\"id\": \"1\"}\n".getBytes(StandardCharsets.UTF_16)));
    }

    @ParameterizedTest(name = "load of {0}")
    @MethodSource("hostileDataFiles")
    void load_whenTheDataFileIsHostile_endsWithALocatedError(Hostile hostile) throws IOException {
        Path design = Path.of("../designs/blog.singletable.yaml");
        Path data = Files.write(directory.resolve(hostile.fileName()), hostile.bytes());

        CommandRun run = run(List.of("load", "--dry-run", design.toString(), data.toString()));

        assertFailedAtAPlace(run, data);
    }

    @org.junit.jupiter.api.Test
    void cost_whenThePriceFileIsLargerThanASettingsFile_endsWithALocatedError() throws IOException {
        Path prices = Files.writeString(directory.resolve("prices.json"), "{\"x\": \"" + "a".repeat(2 * 1024 * 1024) + "\"}");

        CommandRun run = run(List.of("cost", "--prices", prices.toString(), "../designs/blog.singletable.yaml"));

        assertFailedAtAPlace(run, prices);
    }

    private static List<String> arguments(List<String> command, Path design, Path out) {
        return command.stream().map(arg -> arg.equals("DESIGN") ? design.toString() : arg.replace("OUT", out.toString())).toList();
    }

    private static void assertFailedAtAPlace(CommandRun run, Path file) {
        String output = run.out() + run.err();
        assertThat(run.exitCode()).as(output).isIn(1, 2);
        assertThat(output).as("located at a line and column of the file")
                .containsPattern(Pattern.quote(file.toString()) + ":\\d+:\\d+: |\"uri\" : \"[^\"]*" + Pattern.quote(file.getFileName().toString()));
        assertThat(output).as("no stack trace, no raw exception").doesNotContain("\tat ", "java.", "com.fasterxml")
                .doesNotContainPattern("unexpected [A-Z]\\w+(Exception|Error)").doesNotContainPattern("[A-Z]\\w+Exception: ");
    }
}
