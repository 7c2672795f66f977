package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The data commands run a schema file's entities, so the core's fixes they print are in schema-file words
 * ({@code required: true}), not the Java builder's ({@code Attribute.of(...)}), which the file's author never wrote.
 */
class SchemaFileFixesCommandTest {
    private static final String NOTES = """
            format: singletable/1
            table:
              name: NotesTable
              partitionKey: {name: pk, type: S}
              sortKey: {name: sk, type: S}
            entities:
              Note:
                attributes:
                  userId: {type: string, required: true}
                  noteId: {type: string, required: true}
                  title: {type: string%s}
                keys: {pk: "USER#{userId}", sk: "NOTE#{noteId}"}
            """;

    private static Path design(Path dir, String name, boolean titleRequired) throws IOException {
        return Files.writeString(dir.resolve(name), NOTES.formatted(titleRequired ? ", required: true" : ""));
    }

    @Test
    void get_whenTheStoredItemLacksARequiredAttribute_failsWithTheSchemaFileFix(@TempDir Path dir) throws IOException {
        String data = dir.resolve("data").toString();
        String before = design(dir, "notes-before.yaml", false).toString();
        String now = design(dir, "notes.yaml", true).toString();
        assertThat(CliRun.of("put", before, "Note", "userId=u1", "noteId=n1", "--data-dir", data).exitCode()).isZero();

        CliRun run = CliRun.of("get", now, "Note", "userId=u1", "noteId=n1", "--data-dir", data);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err().replaceAll("\\s+", " ").strip()).isEqualTo("singletable get failed. Could not read Note pk = \"USER#u1\", "
                + "sk = \"NOTE#n1\": Note [pk=USER#u1, sk=NOTE#n1] lacks required attribute 'title'; write it, or drop required: true "
                + "from it in the schema file to allow it to be missing (Run again with --verbose for the details.)");
    }

    @Test
    void update_whenRemovingARequiredAttribute_isUsageErrorWithTheSchemaFileFix(@TempDir Path dir) throws IOException {
        String notes = design(dir, "notes.yaml", true).toString();

        CliRun run = CliRun.of("update", notes, "Note", "userId=u1", "noteId=n1", "--remove", "title");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("""
                update Note: Update of Note cannot remove title: it is required (required: true in the schema file); set another value, or drop required: true to allow it to be absent
                Run 'singletable update --help' for its options.
                """);
    }
}
