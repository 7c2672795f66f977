package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.singletable.local.LocalDynamoDb;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code singletable migrations status|up|down} on the blog design kept in a data directory, with
 * steps found through a services file in a directory given to {@code --classpath}.
 */
class MigrationsCommandTest {
    private static final String BLOG = "../designs/blog.singletable.yaml";

    @TempDir
    Path temp;
    private String data;
    private String steps;

    @BeforeEach
    void servicesFile() throws IOException {
        Path services = temp.resolve("steps/META-INF/services/dev.singletable.migrations.Migration");
        Files.createDirectories(services.getParent());
        Files.writeString(services, BlogMigrations.PostsGetAStatus.class.getName() + "\n"
                + BlogMigrations.UsersGetADisplayName.class.getName() + "\n");
        data = temp.resolve("data").toString();
        steps = temp.resolve("steps").toString();
    }

    private CliRun migrations(String command, String... more) {
        String[] args = new String[5 + more.length + 2];
        args[0] = "migrations";
        args[1] = command;
        args[2] = BLOG;
        args[3] = "--classpath";
        args[4] = steps;
        System.arraycopy(more, 0, args, 5, more.length);
        args[5 + more.length] = "--data-dir";
        args[6 + more.length] = data;
        return CliRun.of(args).replacing(temp.toString(), "TMP");
    }

    @Test
    void statusUpDown_onATableKeptInADataDirectory_applyAndRevertTheSteps() {
        migrations("status").matchesGolden("migrations/1-status.txt");
        migrations("up", "--to", "1", "--owner", "tester").matchesGolden("migrations/2-up-to-1.txt");
        migrations("up", "--owner", "tester").matchesGolden("migrations/3-up.txt");
        migrations("up", "--owner", "tester").matchesGolden("migrations/4-up-again.txt");
        migrations("down", "--owner", "tester").matchesGolden("migrations/5-down-refused.txt");
        migrations("status").matchesGolden("migrations/6-status.txt");

        try (LocalDynamoDb engine = LocalDynamoDb.builder().dataDirectory(Path.of(data)).start()) {
            assertThat(engine.client().getItem(b -> b.tableName("BlogTable").key(Map.of(
                    "pk", AttributeValue.fromS("USER#alice"), "sk", AttributeValue.fromS("POST#01HMQ0000000000000000000P2")))).item())
                    .containsEntry("status", AttributeValue.fromS("DRAFT"));
            assertThat(engine.client().getItem(b -> b.tableName("BlogTable").key(Map.of(
                    "pk", AttributeValue.fromS("USER#bob"), "sk", AttributeValue.fromS("USER#bob")))).item())
                    .containsEntry("displayName", AttributeValue.fromS("Bob Builder"));
        }
    }

    @Test
    void down_whenStepHasDown_revertsIt() {
        migrations("up", "--to", "1");

        migrations("down", "--to", "0").matchesGolden("migrations/down.txt");
    }

    @Test
    void up_whenAnotherRunnerHoldsTheLock_exitsOneNamingTheOwner() {
        migrations("status"); // creates the table and writes the examples
        try (LocalDynamoDb engine = LocalDynamoDb.builder().dataDirectory(Path.of(data)).start()) {
            engine.client().putItem(b -> b.tableName("BlogTable").item(Map.of(
                    "pk", AttributeValue.fromS("_singletable#migrations#lock"), "sk", AttributeValue.fromS("_singletable#migrations#lock"),
                    "entityType", AttributeValue.fromS("_MigrationLock"), "owner", AttributeValue.fromS("deploy-7 on ci"),
                    "expiresAt", AttributeValue.fromN(Long.toString(CliRun.NOW.plus(Duration.ofMinutes(3)).toEpochMilli())))));
        }

        migrations("up").matchesGolden("migrations/locked.txt");
    }

    /** A directory whose services file lists these step classes. */
    private String steps(String name, Class<?>... classes) throws IOException {
        Path services = temp.resolve(name + "/META-INF/services/dev.singletable.migrations.Migration");
        Files.createDirectories(services.getParent());
        StringBuilder text = new StringBuilder();
        for (Class<?> type : classes) {
            text.append(type.getName()).append('\n');
        }
        Files.writeString(services, text);
        return temp.resolve(name).toString();
    }

    @Test
    void up_whenALaterStepFails_listsTheStepsAppliedBeforeItAndTheRequests() throws IOException {
        String failing = steps("failing", BlogMigrations.PostsGetAStatus.class, BlogMigrations.CommentsFail.class);

        CliRun run = CliRun.of("migrations", "up", BLOG, "--classpath", failing, "--owner", "tester", "--data-dir", data)
                .replacing(temp.toString(), "TMP");

        run.matchesGolden("migrations/up-fails-after-one.txt");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void status_whenAStepsConstructorThrows_namesTheException() throws IOException {
        String throwing = steps("throwing", BlogMigrations.PostsGetAStatus.class, BlogMigrations.ThrowsInConstructor.class);

        CliRun run = CliRun.of("migrations", "status", BLOG, "--classpath", throwing, "--data-dir", data).replacing(temp.toString(), "TMP");

        assertThat(List.of(run.exitCode(), run.out(), run.err().replaceAll("\\s+", " ").trim())).isEqualTo(List.of(1, "",
                "singletable migrations status failed. Could not load the migration steps of --classpath [TMP/throwing]: "
                        + "dev.singletable.migrations.Migration: Provider dev.singletable.cli.data.BlogMigrations$ThrowsInConstructor "
                        + "could not be instantiated: its constructor threw java.lang.IllegalStateException: the setting blog.score "
                        + "is missing. Fix the constructor, or move what it does into up(MigrationContext). (Run again with --verbose "
                        + "for the details.)"));
    }

    @Test
    void upAndDown_whenToIsNegative_isAUsageError() {
        CliRun up = migrations("up", "--to", "-5");
        CliRun down = migrations("down", "--to", "-1");

        assertThat(List.of(up.exitCode(), up.out(), up.err().lines().findFirst().orElse(""), down.exitCode(),
                down.err().lines().findFirst().orElse(""))).isEqualTo(List.of(2, "",
                "--to -5: give 0 (before every step) or a step's version", 2, "--to -1: give 0 (before every step) or a step's version"));
    }

    @Test
    void up_whenClasspathListsNoStep_isUsageError() throws IOException {
        Path empty = Files.createDirectories(temp.resolve("empty"));

        CliRun run = CliRun.of("migrations", "up", BLOG, "--classpath", empty.toString()).replacing(temp.toString(), "TMP");

        assertThat(run).isEqualTo(new CliRun(run.args(), 2, "", """
                --classpath [TMP/empty] lists no Migration: name the classes in META-INF/services/dev.singletable.migrations.Migration \
                of a jar or directory given
                Run 'singletable migrations up --help' for its options.
                """));
    }
}
