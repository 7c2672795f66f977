package dev.singletable.cli.data.load;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.cli.CommandRun;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The input files load tells apart by their JSON (not their line breaks), and the messages each format's rows get. */
class LoadInputFormatsTest {
    private static final String DESIGN = "../designs/blog.singletable.yaml";
    private static final SchemaFile BLOG = SchemaFile.load(Path.of(DESIGN));
    private static final AtomicInteger TABLES = new AtomicInteger();

    static {
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn"); // as Main sets it
    }

    @RegisterExtension
    static final LocalDynamoDbExtension DB = LocalDynamoDbExtension.engineOnly();

    @TempDir
    Path directory;

    private final String tableName = "LoadInputFormatsTest-" + TABLES.incrementAndGet() + "-" + System.nanoTime();

    private CommandRun load(String... args) {
        List<String> all = new ArrayList<>(List.of("load", DESIGN));
        all.addAll(List.of(args));
        all.addAll(List.of("--endpoint", DB.engine().endpoint().toString(), "--table", tableName, "--progress-every", "0"));
        return CommandRun.run(all).mapOutputs(text -> text.replace(directory.toString(), "<dir>").replace(System.lineSeparator(), "\n"));
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(directory.resolve(name), text, StandardCharsets.UTF_8);
    }

    private Table table() {
        return Table.of(BLOG.tableSchema().toBuilder().name(tableName).build(), DB.client());
    }

    private static String putJson(String username) {
        CommandRun put = CommandRun.run(List.of("put", DESIGN, "User", "username=" + username, "name=N", "email=" + username + "@example.com",
                "--format", "json"));
        assertThat(put.exitCode()).isZero();
        return put.out();
    }

    @Test
    void load_whenFileIsWhatPutFormatJsonPrints_loadsTheItem() throws IOException {
        String printed = putJson("erin");
        assertThat(printed.lines().count()).isGreaterThan(1); // pretty-printed: the case that was taken for an empty model
        Path file = write("erin.json", printed);

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("<dir>/erin.json: JSON Lines, 1 item\n", "written       1 item in 1 BatchWriteItem request");
        assertThat(table().get(BLOG.entity("User"), KeyValues.of("username", "erin")).orElseThrow().getString("email"))
                .isEqualTo("erin@example.com");
    }

    @Test
    void load_whenPrettyObjectsFollowOneAnotherOrStandInAnArray_loadsEach() throws IOException {
        Path sequence = write("two.json", putJson("fred") + putJson("gina"));
        Path array = write("array.json", "[\n" + putJson("hank") + ",\n" + putJson("ivy") + "]\n");

        CommandRun run = load(sequence.toString(), array.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("<dir>/two.json: JSON Lines, 2 items\n", "<dir>/array.json: JSON Lines, 2 items\n", "written       4 items");
        assertThat(table().scan(BLOG.entity("User")).count()).isEqualTo(4);
    }

    @Test
    void load_whenAPrettyObjectIsNeitherItemNorModel_refusesItAtItsLine() throws IOException {
        Path file = write("other.json", "{\n  \"foo\": 1\n}\n\n{\n  \"entity\": \"User\",\n  \"username\": \"x\"\n");

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("<dir>/other.json: JSON Lines, 2 items\n",
                "<dir>/other.json:1: no \"entity\" field naming the item's entity; add one, or give --entity\n",
                "<dir>/other.json:5: not JSON: the file ends inside this value (a closing } or ] is missing); the file's items span "
                        + "lines, so where the next one starts is not known and nothing after this was read\n")
                .doesNotContain("NoSQL Workbench");
    }

    @Test
    void load_whenANoSqlWorkbenchModelHasNoItems_refusesIt() throws IOException {
        Path file = write("model.json", "{\n  \"ModelName\": \"Blog\",\n  \"DataModel\": [{\"TableName\": \"BlogTable\"}]\n}\n");

        CommandRun run = load(file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith(file + ": a NoSQL Workbench model with no items (its tables have no TableData); nothing to load");
    }

    @Test
    void load_whenDynamoDbJsonValuesAreOfTheWrongType_namesEntityAttributeTypeAndTheDynamoDbJsonFix() throws IOException {
        Path file = write("ddb.json", """
                {"Item": {"entityType": {"S": "Post"}, "username": {"S": "alice"}, "postId": {"S": "P1"}, "title": {"S": "t"}, "published": {"BOOL": "yes"}}}
                {"Item": {"entityType": {"S": "Post"}, "username": {"S": "alice"}, "postId": {"S": "P2"}, "title": {"N": "12"}, "published": {"BOOL": true}}}
                """);

        CommandRun run = load(file.toString(), "--dry-run");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains(
                "<dir>/ddb.json:1: Post.published is boolean: BOOL takes true or false, found the string \"yes\"\n",
                "<dir>/ddb.json:2: Post.title is string: got {\"N\": \"12\"}; give {\"S\": \"12\"}\n");
    }
}
