package dev.singletable.cli;

import dev.singletable.cli.data.CliRun;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code singletable import dynamodb-toolbox} and {@code export dynamodb-toolbox}: whole outputs, the written design checks clean. */
class ToolboxCommandTest {
    private static final Path FIXTURE = Path.of("../singletable-schema/src/test/resources/imports/toolbox/library.toolbox.json");

    @Test
    void importThenExport_whenTheLibraryDtos_writesADesignThatChecksCleanAndExportsTheSameDtosBack(@TempDir Path dir) throws IOException {
        Path design = dir.resolve("library.singletable.yaml");

        CommandRun imported = run("import", "dynamodb-toolbox", FIXTURE.toString(), "-o", design.toString());

        assertThat(imported).isEqualTo(new CommandRun(0, "inferred: [0].table.indexes.byEmail: projected: all (a toolbox table does not say its "
                + "indexes' projections)\nwrote " + design + ": table Library, 2 entities, 1 index; 1 inferred, 0 not mapped\n", ""));
        assertThat(run("check", design.toString()).exitCode()).isZero();
        Path dtos = dir.resolve("library.toolbox.json");
        CommandRun exported = run("export", "dynamodb-toolbox", design.toString(), "-o", dtos.toString());
        assertThat(exported).isEqualTo(new CommandRun(0, "wrote " + dtos + ": table Library, 2 entities, 0 things not exported\n", ""));
        CommandRun again = run("import", "dynamodb-toolbox", dtos.toString(), "-o", dir.resolve("again.singletable.yaml").toString());
        assertThat(again.exitCode()).isZero();
        assertThat(Files.readString(dir.resolve("again.singletable.yaml"))).isEqualTo(Files.readString(design));
    }

    @Test
    void exportThenImport_whenTheBlogDesign_reportsWhatTheDtosCannotHoldAndTheImportChecksClean(@TempDir Path dir) throws IOException {
        Path dtos = dir.resolve("blog.toolbox.json");

        CommandRun exported = run("export", "dynamodb-toolbox", "../designs/blog.singletable.yaml", "-o", dtos.toString());

        assertThat(exported.exitCode()).isZero();
        assertThat(exported.out()).contains("not exported: entities.Post.indexes.gsi1.sk: the template 'STATUS#{published}#{postId}'",
                "not exported: collections: UserPage", "not exported: accessPatterns: 8 named access patterns")
                .endsWith("wrote " + dtos + ": table BlogTable, 4 entities, 24 things not exported\n");
        Path design = dir.resolve("blog.singletable.yaml");
        CommandRun back = run("import", "dynamodb-toolbox", dtos.toString(), "-o", design.toString());
        assertThat(back.exitCode()).as(back.out() + back.err()).isZero();
        assertThat(run("check", design.toString()).exitCode()).isZero();
        assertThat(SchemaFile.load(design).document().entities().get("PostTag").keys())
                .isEqualTo(SchemaFile.load(Path.of("../designs/blog.singletable.yaml")).document().entities().get("PostTag").keys());
    }

    @Test
    void import_whenNotDtos_exitsOneNamingWhatToGive(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("schema.json"), "{\"format\": \"onetable:1.1.0\", \"models\": {}}");

        CommandRun run = run("import", "dynamodb-toolbox", file.toString(), "-o", dir.resolve("x.yaml").toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out() + run.err()).contains("the file holds no DynamoDB-Toolbox entity DTO");
        assertThat(dir.resolve("x.yaml")).doesNotExist();
    }

    @Test
    void help_whenAsked_describesTheToolboxImportAndExport() {
        CliRun.of("import", "--help").matchesGolden("help/import.txt");
        CliRun.of("export", "dynamodb-toolbox", "--help").matchesGolden("help/export-dynamodb-toolbox.txt");
    }
}
