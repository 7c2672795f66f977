package dev.singletable.cli.data;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable watch}: the table's stream on the embedded engine, decoded, as text and as JSON Lines, whole
 * transcripts against golden files.
 */
class WatchCommandTest {
    private static final String BLOG = "../designs/blog.singletable.yaml";
    private static final SchemaFile DESIGN = SchemaFile.load(Path.of(BLOG));

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    // a suffix of fixed width: the goldens wrap messages that name the table, so its length must not vary from run to run
    private static Table table(String name, boolean stream) {
        var schema = DESIGN.tableSchema().toBuilder().name(String.format("%s-%019d", name, System.nanoTime() & Long.MAX_VALUE));
        Table table = Table.builder((stream ? schema.stream(StreamViewType.NEW_IMAGE) : schema).build(), db.client())
                .clock(java.time.Clock.fixed(CliRun.NOW, java.time.ZoneOffset.UTC)).build();
        table.createTable();
        return table;
    }

    /** On an endpoint the table is used as it is: its own stream and view type (here NEW_IMAGE: a removal has only its key). */
    @Test
    void watch_onAnEndpoint_readsTheTablesOwnStream() {
        Table table = table("WatchEndpoint", true);
        try {
            table.put(DynamicItem.builder("User").set("username", "dora").set("name", "Dora").set("email", "dora@example.com").build());
            table.delete(DESIGN.entity("User"), dev.singletable.KeyValues.of("username", "dora"));
            String endpoint = db.engine().endpoint().toString();

            CliRun run = CliRun.of("watch", BLOG, "--once", "--endpoint", endpoint, "--region", "us-east-1", "--table",
                    table.schema().name()).replacing(endpoint, "ENDPOINT").replacing(table.schema().name(), "TABLE");

            run.matchesGolden("watch/endpoint.txt");
            assertThat(run.exitCode()).isZero();
        } finally {
            table.deleteTable();
        }
    }

    @Test
    void watch_onAnEndpointWhoseTableHasNoStream_exitsOneSayingHowToDeclareIt() {
        Table table = table("WatchNoStream", false);
        try {
            String endpoint = db.engine().endpoint().toString();

            CliRun run = CliRun.of("watch", BLOG, "--once", "--endpoint", endpoint, "--region", "us-east-1", "--table",
                    table.schema().name()).replacing(endpoint, "ENDPOINT").replacing(table.schema().name(), "TABLE");

            run.matchesGolden("watch/no-stream.txt");
            assertThat(run.exitCode()).isEqualTo(1);
        } finally {
            table.deleteTable();
        }
    }

    /** ListStreams answers an empty list for a table that does not exist: the command must not call it a table without a stream. */
    @Test
    void watch_onAnEndpointWithoutTheTable_exitsOneSayingThereIsNoSuchTable() {
        String endpoint = db.engine().endpoint().toString();
        String name = String.format("%s-%019d", "WatchMissing", System.nanoTime() & Long.MAX_VALUE);

        CliRun run = CliRun.of("watch", BLOG, "--once", "--endpoint", endpoint, "--region", "us-east-1", "--table", name)
                .replacing(endpoint, "ENDPOINT").replacing(name, "TABLE");

        run.matchesGolden("watch/no-table.txt");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    /** The migration runner's lock and state items are singletable's own: counted as skipped, never shown as undecoded. */
    @Test
    void watch_whenTheStreamHoldsTheMigrationRunnersItems_countsThemAsSkippedBookkeeping() {
        Table table = table("WatchBookkeeping", true);
        try {
            for (String type : new String[] {"_MigrationLock", "_MigrationState"}) {
                String key = type.equals("_MigrationLock") ? "_singletable#migrations#lock" : "_singletable#migrations";
                db.client().putItem(r -> r.tableName(table.schema().name()).item(java.util.Map.of(
                        "pk", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(key),
                        "sk", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(key),
                        "entityType", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(type))));
            }
            table.put(DynamicItem.builder("User").set("username", "dora").set("name", "Dora").set("email", "dora@example.com").build());
            String endpoint = db.engine().endpoint().toString();

            CliRun run = CliRun.of("watch", BLOG, "--once", "--endpoint", endpoint, "--region", "us-east-1", "--table",
                    table.schema().name()).replacing(endpoint, "ENDPOINT").replacing(table.schema().name(), "TABLE");

            run.matchesGolden("watch/bookkeeping.txt");
            assertThat(run.exitCode()).isZero();
        } finally {
            table.deleteTable();
        }
    }

    /** A User replaced by a Post under its key: shown as the Post with the type it had; --entity User sees the User removed. */
    @Test
    void watch_whenAnItemIsReplacedByAnotherEntityType_showsTheTypeItHadAndTheRemovalToItsEntity() {
        Table table = Table.builder(DESIGN.tableSchema().toBuilder().name(String.format("%s-%019d", "WatchRetyped",
                System.nanoTime() & Long.MAX_VALUE)).stream(StreamViewType.NEW_AND_OLD_IMAGES).build(), db.client())
                .clock(java.time.Clock.fixed(CliRun.NOW, java.time.ZoneOffset.UTC)).build();
        table.createTable();
        try {
            java.util.function.Function<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> s =
                    software.amazon.awssdk.services.dynamodb.model.AttributeValue::fromS;
            db.client().putItem(r -> r.tableName(table.schema().name()).item(java.util.Map.of("pk", s.apply("USER#bo"),
                    "sk", s.apply("USER#bo"), "entityType", s.apply("User"), "username", s.apply("bo"), "name", s.apply("Bo"),
                    "email", s.apply("b@x"))));
            db.client().putItem(r -> r.tableName(table.schema().name()).item(java.util.Map.of("pk", s.apply("USER#bo"),
                    "sk", s.apply("USER#bo"), "entityType", s.apply("Post"), "username", s.apply("bo"), "postId", s.apply("p"),
                    "title", s.apply("T"), "published", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromBool(true))));
            String endpoint = db.engine().endpoint().toString();

            CliRun all = CliRun.of("watch", BLOG, "--once", "--endpoint", endpoint, "--region", "us-east-1", "--table",
                    table.schema().name()).replacing(endpoint, "ENDPOINT").replacing(table.schema().name(), "TABLE");
            CliRun users = CliRun.of("watch", BLOG, "--once", "--entity", "User", "--endpoint", endpoint, "--region", "us-east-1",
                    "--table", table.schema().name()).replacing(endpoint, "ENDPOINT").replacing(table.schema().name(), "TABLE");

            all.matchesGolden("watch/retyped.txt");
            users.matchesGolden("watch/retyped-users.txt");
        } finally {
            table.deleteTable();
        }
    }

    @Test
    void watching_whenTailing_separatesTheLabelFromTheText() {
        assertThat(WatchCommand.watching(dev.singletable.cli.output.Style.plain(), "BlogTable"))
                .isEqualTo("Watching the stream of BlogTable (Ctrl-C to stop)");
    }

    @Test
    void watch_onceOnTheEmbeddedEngine_printsTheCreationOfEachExampleOfTheEntity() {
        CliRun run = CliRun.of("watch", BLOG, "--entity", "User", "--once").matchesGolden("watch/users.txt");

        assertThat(run.exitCode()).isZero();
    }

    @Test
    void watch_asJsonLines_printsOneObjectAChangeOnStandardOutput() {
        CliRun.of("watch", BLOG, "--entity", "Comment", "--once", "--format", "jsonl").matchesGolden("watch/comments.jsonl.txt");
    }

    /** Other commands' changes on the same data directory follow, and the checkpoint file skips what was shown before. */
    @Test
    void watch_afterPutUpdateAndDeleteOnTheDataDirectory_printsEachChangeWithTheAttributesItChanged(@TempDir Path data) {
        String dir = data.toString();
        String checkpoints = data.resolve("watch.checkpoints").toString();
        CliRun.of("watch", BLOG, "--entity", "Post", "--once", "--data-dir", dir, "--checkpoints", checkpoints);
        CliRun.of("put", BLOG, "Post", "username=carol", "postId=01HMQ0000000000000000000C9", "title=Hello", "published=false",
                "--data-dir", dir);
        CliRun.of("update", BLOG, "Post", "username=carol", "postId=01HMQ0000000000000000000C9", "--set", "title=Hello again",
                "--set", "published=true", "--data-dir", dir);
        CliRun.of("delete", BLOG, "Post", "username=carol", "postId=01HMQ0000000000000000000C9", "--data-dir", dir);

        CliRun.of("watch", BLOG, "--entity", "Post", "--once", "--data-dir", dir, "--checkpoints", checkpoints)
                .replacing(dir, "DATA").matchesGolden("watch/post-changes.txt");
    }

    @Test
    void help_whenAsked_describesTheOutputAndTheOptions() {
        CliRun.of("watch", "--help").matchesGolden("help/watch.txt");
    }

    @Test
    void watch_whenTheEntityIsUnknown_isAUsageErrorNamingTheEntities() {
        CliRun run = CliRun.of("watch", BLOG, "--entity", "Robot", "--once").matchesGolden("watch/unknown-entity.txt");

        assertThat(run.exitCode()).isEqualTo(2);
    }

    @Test
    void watch_whenFromIsNoPosition_isAUsageError() {
        CliRun run = CliRun.of("watch", BLOG, "--from", "yesterday", "--once").matchesGolden("watch/bad-from.txt");

        assertThat(run.exitCode()).isEqualTo(2);
    }
}
