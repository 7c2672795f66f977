package dev.singletable.cli.design;

import dev.singletable.cli.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable describe}, {@code patterns} and {@code view}: exit codes and whole outputs against
 * golden files (regenerate them with {@code -Dsingletable.golden.update=true} and review the diff).
 */
class DesignCommandsTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Path DESIGNS = Path.of("../designs");

    static String golden(String path, String actual) throws IOException {
        return DesignViewBrowserTest.golden(GOLDEN.resolve(path), actual);
    }

    private static String extension(String format) {
        return switch (format) {
            case "text" -> "txt";
            case "markdown" -> "md";
            default -> "json";
        };
    }

    @ParameterizedTest
    @CsvSource({"blog, text", "blog, markdown", "blog, json", "ecommerce, text", "ecommerce, markdown", "ecommerce, json", "shapes, text",
            "patterns, text"})
    void describe_whenDesignIsASeedDesign_printsTheGoldenDocument(String design, String format) throws IOException {
        CommandRun run = run("describe", DESIGNS.resolve(design + ".singletable.yaml").toString(), "--format", format);

        assertThat(run).isEqualTo(new CommandRun(0, golden("describe/" + design + "." + extension(format), run.out()), ""));
    }

    @ParameterizedTest
    @CsvSource({"blog, text", "blog, markdown", "blog, json", "ecommerce, text", "ecommerce, markdown", "ecommerce, json", "shapes, text",
            "patterns, text"})
    void patterns_whenDesignIsASeedDesign_printsTheGoldenDocument(String design, String format) throws IOException {
        CommandRun run = run("patterns", DESIGNS.resolve(design + ".singletable.yaml").toString(), "--format", format);

        assertThat(run).isEqualTo(new CommandRun(0, golden("patterns/" + design + "." + extension(format), run.out()), ""));
    }

    /** A pattern with {@code consistentRead: true} says so in its operation and sends ConsistentRead on the engine. */
    @Test
    void patterns_whenPatternsReadStronglyConsistent_showItInOperationAndRequest() throws IOException {
        CommandRun run = run("patterns", "src/test/resources/cost/consistent.singletable.yaml");

        assertThat(run).isEqualTo(new CommandRun(0, golden("patterns/consistent.txt", run.out()), ""));
    }

    /** A Query of a KEYS_ONLY local index for whole items sends Select=ALL_ATTRIBUTES: its operation and request say so. */
    @Test
    void patterns_whenAQueryOfAKeysOnlyLocalIndexReadsWholeItems_showItsSelect() throws IOException {
        CommandRun run = run("patterns", "src/test/resources/cost/lsi-keys-only.singletable.yaml");

        assertThat(run).isEqualTo(new CommandRun(0, golden("patterns/lsi-keys-only.txt", run.out()), ""));
        assertThat(run.out()).contains("Select ALL_ATTRIBUTES", "Select: ALL_ATTRIBUTES");
    }

    @Test
    void describe_whenDesignIsTheProcessorsOutput_describesEveryEntityWithItsExampleItems() throws IOException {
        CommandRun run = run("describe", "../singletable-examples/target/classes");

        assertThat(run).isEqualTo(new CommandRun(0, golden("describe/apptable-processor.txt", run.out()), ""));
    }

    @Test
    void describe_whenTheDesignHasOneError_saysFixItFirst(@TempDir Path directory) throws IOException {
        Path design = directory.resolve("one.singletable.yaml");
        Files.writeString(design, Files.readString(DESIGNS.resolve("blog.singletable.yaml")).replaceFirst("type: instant", "type: instnt"));

        CommandRun run = run("describe", design.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).endsWith(design + ": 1 error; fix it first ('singletable check " + design + "' lists it too)\n");
    }

    @Test
    void describe_whenDirectoryHoldsSeveralDesigns_printsOneDocumentPerTable(@TempDir Path directory) throws IOException {
        Files.copy(DESIGNS.resolve("blog.singletable.yaml"), directory.resolve("blog.singletable.yaml"));
        Files.copy(DESIGNS.resolve("blog-comments.jsonl"), directory.resolve("blog-comments.jsonl"));
        Files.copy(DESIGNS.resolve("ecommerce.singletable.yaml"), directory.resolve("ecommerce.singletable.yaml"));

        CommandRun run = run("describe", directory.toString());

        assertThat(run).isEqualTo(new CommandRun(0, Files.readString(GOLDEN.resolve("describe/blog.txt")) + "\n"
                + Files.readString(GOLDEN.resolve("describe/ecommerce.txt")), ""));
    }

    @Test
    void view_whenDesignIsBlog_writesTheGoldenPageAndSaysWhat(@TempDir Path directory) throws IOException {
        Path page = directory.resolve("blog.html");

        CommandRun run = run("view", DESIGNS.resolve("blog.singletable.yaml").toString(), "-o", page.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + page + ": table BlogTable, 11 items, 1 index, 8 access patterns\n", ""));
        assertThat(Files.readString(page)).isEqualTo(golden("view/blog.html", Files.readString(page)));
    }

    @Test
    void view_whenDataValuesHoldMarkup_writesThemEscaped(@TempDir Path directory) throws IOException {
        Path page = directory.resolve("hostile.html");
        Path data = GOLDEN.resolve("view/hostile.jsonl");

        CommandRun run = run("view", DESIGNS.resolve("blog.singletable.yaml").toString(), "--data", data.toString(), "-o", page.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + page + ": table BlogTable, 2 items, 1 index, 8 access patterns\n", ""));
        assertThat(Files.readString(page)).isEqualTo(golden("view/hostile.html", Files.readString(page)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"describe", "patterns", "view"})
    void help_whenAsked_printsTheGoldenUsageAndExitsZero(String command) throws IOException {
        CommandRun run = run(command, "--help");

        assertThat(run).isEqualTo(new CommandRun(0, golden("help/" + command + ".txt", run.out()), ""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"describe", "patterns"})
    void format_whenUnknown_isAUsageError(String command) {
        CommandRun run = run(command, DESIGNS.resolve("blog.singletable.yaml").toString(), "--format", "html");

        assertThat(run).isEqualTo(new CommandRun(2, "", "Invalid value for option '--format': expected one of [text, markdown, json] "
                + "(case-insensitive) but was 'html'\nRun 'singletable " + command + " --help' for its options.\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"describe", "patterns", "view"})
    void design_whenMissing_isAUsageError(String command) {
        CommandRun run = run(command, "no/such.singletable.yaml");

        assertThat(run).isEqualTo(new CommandRun(2, "", "no/such.singletable.yaml: no such file or directory; DESIGN is a schema file, "
                + "or a directory or jar holding schema files\nRun 'singletable " + command + " --help' for its options.\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"describe", "patterns", "view"})
    void design_whenItHasErrors_listsThemAsCheckDoesAndExitsOne(String command) throws IOException {
        Path design = GOLDEN.resolve("../check/many-mistakes.singletable.yaml").normalize();

        CommandRun run = run(command, design.toString());

        assertThat(run).isEqualTo(new CommandRun(1, "", golden("design-errors.txt", run.err())));
    }

    @Test
    void patterns_whenAPatternCannotRun_failsWithTheLibrarysReasonAndExitsOne(@TempDir Path directory) throws IOException {
        Path design = directory.resolve("shop.singletable.yaml");
        Files.writeString(design, Files.readString(DESIGNS.resolve("ecommerce.singletable.yaml"))
                .replace("      description: \"Sparse: only orders that have shipped, by shipping time\"\n", "")
                .replace("        name: GSI3SK\n        type: S\n      projection:\n        type: ALL", "        name: GSI3SK\n        type: S\n      projection:\n        type: KEYS_ONLY"));

        CommandRun run = run("patterns", design.toString());

        assertThat(run).isEqualTo(new CommandRun(1, "", golden("patterns/keys-only.err.txt", run.err())));
    }

    @Test
    void view_whenDataNamesAnUnknownEntity_namesFileLineAndEntityAndWritesNothing(@TempDir Path directory) {
        Path data = GOLDEN.resolve("view/unknown-entity.jsonl");

        CommandRun run = run("view", DESIGNS.resolve("blog.singletable.yaml").toString(), "--data", data.toString(), "-o",
                directory.resolve("blog.html").toString());

        assertThat(run).isEqualTo(new CommandRun(1, "", data + ":3: no entity 'Author' in table BlogTable; the entities are User, Post, "
                + "Comment, PostTag\n--data " + data + ": nothing written\n"));
        assertThat(directory).isEmptyDirectory();
    }

    @Test
    void view_whenDataHasAValueOfTheWrongType_namesFileLineAndAttribute(@TempDir Path directory) throws IOException {
        Path data = GOLDEN.resolve("view/wrong-type.jsonl");

        CommandRun run = run("view", DESIGNS.resolve("blog.singletable.yaml").toString(), "--data", data.toString(), "-o",
                directory.resolve("blog.html").toString());

        assertThat(run).isEqualTo(new CommandRun(1, "", golden("view/wrong-type.err.txt", run.err())));
        assertThat(directory).isEmptyDirectory();
    }

    @Test
    void view_whenDataHasSeveralBadLines_namesEveryOneInLineOrderAndWritesNothing(@TempDir Path directory) {
        Path data = GOLDEN.resolve("view/three-mistakes.jsonl");

        CommandRun run = run("view", DESIGNS.resolve("blog.singletable.yaml").toString(), "--data", data.toString(), "-o",
                directory.resolve("blog.html").toString());

        assertThat(run).isEqualTo(new CommandRun(1, "", data + ":1: Post.extra: unknown attribute 'extra'; the attributes are username, "
                + "postId, title, content, published, createdAt, updatedAt\n"
                + data + ":2: Post: the example lacks required attribute 'title'; give it a value\n"
                + data + ":2: Post: the example lacks required attribute 'published'; give it a value\n"
                + data + ":3: no \"entity\" field naming the item's entity; the entities are User, Post, Comment, PostTag\n"
                + "--data " + data + ": nothing written\n"));
        assertThat(directory).isEmptyDirectory();
    }

    @Test
    void view_whenDataIsNotJson_namesFileAndLine(@TempDir Path directory) throws IOException {
        Path data = GOLDEN.resolve("view/not-json.jsonl");

        CommandRun run = run("view", DESIGNS.resolve("blog.singletable.yaml").toString(), "--data", data.toString(), "-o",
                directory.resolve("blog.html").toString());

        assertThat(run).isEqualTo(new CommandRun(1, "", golden("view/not-json.err.txt", run.err())));
    }

    @Test
    void view_whenDataFileIsMissing_saysSoAndExitsOne(@TempDir Path directory) {
        CommandRun run = run("view", DESIGNS.resolve("blog.singletable.yaml").toString(), "--data", "no/such.jsonl", "-o",
                directory.resolve("blog.html").toString());

        assertThat(run).isEqualTo(new CommandRun(1, "", "no/such.jsonl: no such file; --data takes a JSON Lines file of sample items\n"
                + "--data no/such.jsonl: nothing written\n"));
    }
    @Test
    void view_whenTwoFilesOfADirectoryAreOfOneTable_writesNothingAndNamesBoth(@TempDir Path directory) throws IOException {
        Files.copy(DESIGNS.resolve("blog.singletable.yaml"), directory.resolve("a.singletable.yaml"));
        Files.copy(DESIGNS.resolve("blog.singletable.yaml"), directory.resolve("b.singletable.yaml"));
        Files.copy(DESIGNS.resolve("blog-comments.jsonl"), directory.resolve("blog-comments.jsonl"));

        CommandRun run = run("view", directory.toString());

        assertThat(run).isEqualTo(new CommandRun(1, "", directory.resolve("b.singletable.yaml") + ": table BlogTable is also the table of "
                + directory.resolve("a.singletable.yaml") + ", and both pages would be BlogTable.html; nothing written: view the files "
                + "one at a time, each with -o FILE, or rename one table\n"));
        assertThat(Path.of("BlogTable.html")).doesNotExist();
    }
}
