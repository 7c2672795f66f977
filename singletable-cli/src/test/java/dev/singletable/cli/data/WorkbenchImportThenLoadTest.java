package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code import nosql-workbench} of a model, then {@code load} of the same model's sample data into the design it made:
 * Workbench items carry neither an entity-type attribute nor the attributes the importer turned into key slots, so each
 * item's entity and slot values come from its keys, read back by the design's templates.
 */
class WorkbenchImportThenLoadTest {
    /** Authors, books on a GSI and loans, with key templates the importer infers from the items (no facets). */
    private static final String LIBRARY = "src/test/resources/workbench/library.nosql-workbench.json";
    /** AWS's ChatSystem sample (MIT-0), as the schema module's tests hold it. */
    private static final String CHAT = "../singletable-schema/src/test/resources/imports/reference/ChatSystemSchema.json";

    @TempDir
    Path dir;

    /** The model copied into the test's directory: load writes its checkpoint and report beside its input. */
    private String copied(String model) throws java.io.IOException {
        Path copy = dir.resolve(Path.of(model).getFileName());
        java.nio.file.Files.copy(Path.of(model), copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return copy.toString();
    }

    @Test
    void load_whenWorkbenchModelImportedFirst_writesEveryItemUnderItsOwnKeys() throws java.io.IOException {
        String model = copied(LIBRARY);
        String design = imported(model, "library.singletable.yaml");

        CliRun load = CliRun.of("load", design, model, "--data-dir", dir.resolve("data").toString(), "--progress-every", "0")
                .replacing(dir.toString(), "<dir>");
        CliRun book = CliRun.of("get", design, "AuthorBook", "id=ursula", "id2=earthsea", "--data-dir",
                dir.resolve("data").toString(), "--format", "json");

        load.matchesGolden("load/workbench-import-then-load.txt");
        assertThat(book.exitCode()).as(book.err()).isZero();
        assertThat(book.out()).isEqualTo("""
                {
                  "entity" : "AuthorBook",
                  "id" : "ursula",
                  "id2" : "earthsea",
                  "title" : "A Wizard of Earthsea",
                  "year" : 1968
                }
                """);
    }

    @Test
    void load_whenReferenceChatModelImportedFirst_writesAllItsItems() throws java.io.IOException {
        String model = copied(CHAT);
        String design = imported(model, "chat.singletable.yaml");

        CliRun load = CliRun.of("load", design, model, "--data-dir", dir.resolve("data").toString(), "--progress-every", "0");

        assertThat(load.exitCode()).as(load.out() + load.err()).isZero();
        assertThat(load.out()).contains("NoSQL Workbench model, 8 items", "written       8 items", "refused       0 rows");
    }

    @Test
    void load_whenEntityNamedButKeysAreAnothers_refusesTheRowSayingWhichTemplate() throws java.io.IOException {
        String model = copied(LIBRARY);
        String design = imported(model, "library.singletable.yaml");

        CliRun load = CliRun.of("load", design, model, "--entity", "AuthorProfile", "--dry-run", "--progress-every", "0");

        assertThat(load.exitCode()).isEqualTo(1);
        assertThat(load.out() + load.err()).contains("Key 'BOOK#earthsea' does not match AuthorProfile primary sort key template 'PROFILE'");
    }

    @Test
    void load_whenNoEntitysTemplatesComposeTheKey_refusesTheRowNamingTheKey() throws java.io.IOException {
        String design = imported(copied(LIBRARY), "library.singletable.yaml");

        CliRun load = CliRun.of("load", design, copied(CHAT), "--dry-run", "--progress-every", "0");

        assertThat(load.exitCode()).isEqualTo(1);
        assertThat(load.out() + load.err()).contains("no entity of the design composes the key PK=User:UserA, SK=2023-04-01T12:00:00.001Z");
    }

    private String imported(String model, String name) {
        String design = dir.resolve(name).toString();
        CliRun run = CliRun.of("import", "nosql-workbench", model, "-o", design);
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        return design;
    }
}
