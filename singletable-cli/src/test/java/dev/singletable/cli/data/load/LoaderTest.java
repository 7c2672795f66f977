package dev.singletable.cli.data.load;

import dev.singletable.DynamicItem;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileExport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The loader on the embedded engine: volume, resuming after a stop and after a crash, every input format. */
class LoaderTest {
    private static final SchemaFile BLOG = SchemaFile.load(Path.of("../designs/blog.singletable.yaml"));
    private static final AtomicInteger TABLES = new AtomicInteger();

    @RegisterExtension
    static final LocalDynamoDbExtension DB = LocalDynamoDbExtension.engineOnly();

    @TempDir
    Path directory;

    /** A fresh blog table with its own name, counting what it sends. */
    private record Target(Table table, CapacityMeter meter) {
    }

    private static Target freshTable() {
        TableSchema schema = BLOG.tableSchema().toBuilder().name("LoaderTest-" + TABLES.incrementAndGet() + "-" + System.nanoTime()).build();
        Table plain = Table.of(schema, DB.client());
        plain.createTable();
        return onTable(schema);
    }

    private static Target onTable(TableSchema schema) {
        CapacityMeter meter = CapacityMeter.requesting();
        return new Target(Table.builder(schema, DB.client()).listener(meter).build(), meter);
    }

    /** The table as the load command builds it for {@code checkpoint}: timestamps at the load's instant, counting what it sends. */
    private static Target loadTable(TableSchema schema, LoadCheckpoint checkpoint) {
        CapacityMeter meter = CapacityMeter.requesting();
        return new Target(Loader.table(schema, DB.client(), checkpoint, meter), meter);
    }

    /** Posts without a postId: the load generates each one's id (a ULID), which is part of its key. */
    private Path postsFile(int count) throws IOException {
        Path file = directory.resolve("posts.jsonl");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 1; i <= count; i++) {
                out.write("{\"entity\": \"Post\", \"username\": \"author" + (i % 7) + "\", \"title\": \"Post " + i
                        + "\", \"published\": true}\n");
            }
        }
        return file;
    }

    private Path usersFile(int count) throws IOException {
        Path file = directory.resolve("users.jsonl");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 1; i <= count; i++) {
                out.write("{\"entity\": \"User\", \"username\": \"u" + i + "\", \"name\": \"User " + i + "\", \"email\": \"u" + i
                        + "@example.com\"}\n");
            }
        }
        return file;
    }

    private static Loader loader(Target target, LoadCheckpoint checkpoint, boolean resuming, Loader.Options options, LoadProgress progress) {
        return new Loader(BLOG, DB.client(), target.table(), new InputFiles(BLOG.document(), Optional.empty()), checkpoint, resuming, options,
                target.meter(), progress);
    }

    private static List<Loader.Input> inputs(Path file, InputFormat format, long items) {
        return List.of(new Loader.Input(file, format, items));
    }

    private static String summary(Loader.Result result, Path checkpoint, Path report) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            new LoadSummary(result, false, checkpoint, report).print(out);
        }
        return text.toString().replace(System.lineSeparator(), "\n");
    }

    private static long users(Table table) {
        return table.scan(BLOG.entity("User")).count();
    }

    @Test
    void run_when100000JsonLinesItems_writesEachOnceAndSummarises() throws IOException {
        Path file = usersFile(100_000);
        Target target = freshTable();
        Path checkpoint = directory.resolve("users.checkpoint.json");

        Loader.Result result = loader(target, LoadCheckpoint.fresh(checkpoint, target.table().schema().name(), TestTargets.ENGINE, Instant.now()), false,
                Loader.Options.of(8, false), LoadProgress.none()).run(inputs(file, InputFormat.JSON_LINES, 100_000));

        assertThat(summary(result, checkpoint, directory.resolve("report.txt"))).isEqualTo("""
                Done
                  written       100000 items in 4000 BatchWriteItem requests, 100000.0 WCU
                  refused       0 rows of bad input
                  not written   0 items
                """);
        assertThat(target.meter().itemsWritten()).isEqualTo(100_000);
        assertThat(users(target.table())).isEqualTo(100_000);
        DynamicItem first = target.table().get(BLOG.entity("User"), KeyValues.of("username", "u1")).orElseThrow();
        DynamicItem last = target.table().get(BLOG.entity("User"), KeyValues.of("username", "u100000")).orElseThrow();
        assertThat(List.of(first.getString("name"), first.getString("email"), last.getString("name"), last.getString("email")))
                .containsExactly("User 1", "u1@example.com", "User 100000", "u100000@example.com");
        assertThat(first.getInstant("createdAt")).isNotNull();
        assertThat(Files.readString(checkpoint)).contains("\"settledBelow\" : 100001");
    }

    @Test
    void run_whenStoppedInTheMiddleAndResumed_writesEveryItemExactlyOnce() throws IOException {
        Path file = usersFile(3_000);
        Target first = freshTable();
        Path checkpoint = directory.resolve("stop.checkpoint.json");
        String tableName = first.table().schema().name();
        AtomicReference<Loader> running = new AtomicReference<>();
        LoadProgress stopAtAThousand = new LoadProgress() {
            @Override
            public void show(Snapshot snapshot) {
                if (snapshot.done() >= 1_000) {
                    running.get().stop();
                }
            }

            @Override
            public void finish(Snapshot snapshot) {
            }
        };
        running.set(loader(first, LoadCheckpoint.fresh(checkpoint, tableName, TestTargets.ENGINE, Instant.now()), false, Loader.Options.of(2, false), stopAtAThousand));

        Loader.Result stopped = running.get().run(inputs(file, InputFormat.JSON_LINES, 3_000));

        assertThat(stopped.interrupted()).isTrue();
        assertThat(stopped.written()).isBetween(1_000L, 2_999L);
        Target second = onTable(first.table().schema());
        Loader.Result resumed = loader(second, LoadCheckpoint.resume(checkpoint, tableName, TestTargets.ENGINE), true, Loader.Options.of(2, false),
                LoadProgress.none()).run(inputs(file, InputFormat.JSON_LINES, 3_000));

        assertThat(resumed.interrupted()).isFalse();
        assertThat(resumed.alreadyPresent()).isZero();
        assertThat(resumed.skipped() + resumed.written()).isEqualTo(3_000);
        assertThat(first.meter().itemsWritten() + second.meter().itemsWritten()).isEqualTo(3_000);
        assertThat(users(second.table())).isEqualTo(3_000);
    }

    @Test
    void run_whenCrashedWithChunksInFlightAndResumed_writesEveryItemExactlyOnce() throws IOException {
        Path file = usersFile(3_000);
        TableSchema schema = freshTable().table().schema();
        Path checkpoint = directory.resolve("crash.checkpoint.json");

        CrashedThenResumed run = crashAfterFortyChunksThenResume(file, schema, checkpoint, Instant.now());
        Loader.Result resumed = run.resumed();

        assertThat(run.writtenBeforeCrash()).isEqualTo(1_000);
        assertEachItemWrittenOnce(run);
        assertThat(users(run.resumedTarget().table())).isEqualTo(3_000);
        assertThat(resumed.refused()).isEmpty();
        assertThat(resumed.notWritten()).isEmpty();
        // each item already there was a create DynamoDB refused: a PutItem request sent, which the table's listener counts
        assertThat(resumed.refusedCreates()).isEqualTo(resumed.alreadyPresent());
        assertThat(resumed.putRequests()).isGreaterThanOrEqualTo(resumed.refusedCreates());
        // a refused create whose refusal did not carry its key's item (DynamoDB Local under concurrent writes) is read with a
        // GetItem: at most one per refused create, counted with its read units
        assertThat(resumed.getRequests()).isLessThanOrEqualTo(resumed.refusedCreates());
        Path report = directory.resolve("crash-report.txt");
        assertThat(summary(resumed, checkpoint, report)).isEqualTo("Done\n"
                + (resumed.skipped() == 0 ? "" : "  skipped       " + resumed.skipped()
                        + " items the checkpoint records as done, written or reported (" + checkpoint + ")\n")
                + "  written       " + resumed.written() + " items in " + resumed.batchRequests() + " BatchWriteItem requests and "
                + resumed.putRequests() + " PutItem requests (" + resumed.refusedCreates() + " creates of them refused: the key held an item), "
                + resumed.capacity() + "\n"
                + (resumed.getRequests() == 0 ? "" : "  read          " + resumed.getRequests() + (resumed.getRequests() == 1 ? " GetItem request" : " GetItem requests")
                        + " for what the keys of refused creates held, " + String.format(java.util.Locale.ROOT, "%.1f RCU", (double) resumed.getRequests()) + "\n")
                + "  already there " + resumed.alreadyPresent() + " items written by the interrupted load before its checkpoint recorded them\n"
                + "  refused       0 rows of bad input\n"
                + "  not written   0 items\n");
    }

    @Test
    void run_whenCapacityNotRequested_countsRequestsItselfAndShowsNoWcu() throws IOException {
        Path file = usersFile(3_000);
        Target counted = freshTable();
        CapacityMeter meter = CapacityMeter.notRequesting();
        Target target = new Target(meter.table(counted.table().schema(), DB.client(), java.time.Clock.systemUTC()), meter);
        Path checkpoint = directory.resolve("nocapacity.checkpoint.json");
        List<String> lines = new java.util.ArrayList<>();
        LoadProgress lastLine = new LoadProgress() {
            @Override
            public void show(Snapshot snapshot) {
            }

            @Override
            public void finish(Snapshot snapshot) {
                lines.add(new Snapshot(snapshot.done(), snapshot.total(), snapshot.capacityRequested(), snapshot.writeUnits(),
                        Duration.ofSeconds(2)).line());
            }
        };

        Loader.Result result = loader(target, LoadCheckpoint.fresh(checkpoint, target.table().schema().name(), TestTargets.ENGINE, Instant.now()), false,
                Loader.Options.of(4, false), lastLine).run(inputs(file, InputFormat.JSON_LINES, 3_000));

        assertThat(summary(result, checkpoint, directory.resolve("report.txt"))).isEqualTo("""
                Done
                  written       3000 items in 120 BatchWriteItem requests, capacity not requested
                  refused       0 rows of bad input
                  not written   0 items
                """);
        assertThat(lines).containsExactly("3000 of 3000 items (100%), 1500 items/s");
        assertThat(users(target.table())).isEqualTo(3_000);
    }

    @Test
    void run_whenCrashedWithGeneratedIdsInFlightAndResumed_writesEveryItemExactlyOnce() throws IOException {
        Path file = postsFile(3_000);
        TableSchema schema = freshTable().table().schema();
        Path checkpoint = directory.resolve("posts.checkpoint.json");

        CrashedThenResumed run = crashAfterFortyChunksThenResume(file, schema, checkpoint, Instant.parse("2026-11-23T10:00:00.123Z"));

        assertThat(run.writtenBeforeCrash()).isEqualTo(1_000);
        assertEachItemWrittenOnce(run);
        List<DynamicItem> posts = run.resumedTarget().table().scan(BLOG.entity("Post")).list();
        assertThat(posts).hasSize(3_000);
        assertThat(posts.stream().map(p -> p.getString("title")).distinct().count()).isEqualTo(3_000);
        assertThat(posts.stream().map(p -> p.getInstant("createdAt")).distinct().toList())
                .containsExactly(Instant.parse("2026-11-23T10:00:00.123Z"));
        assertThat(run.resumed().refused()).isEmpty();
        assertThat(run.resumed().notWritten()).isEmpty();
    }

    @Test
    void run_whenResumedOverAnItemTheKeyHeldBeforeTheLoad_overwritesItOnceAndCountsItWritten() throws IOException {
        Path file = usersFile(3_000);
        TableSchema schema = freshTable().table().schema();
        Table plain = Table.of(schema, DB.client());
        plain.put(DynamicItem.builder("User").set("username", "u1500").set("name", "Before the load").set("email", "old@example.com").build());
        Path checkpoint = directory.resolve("before.checkpoint.json");

        // 40 chunks (lines 1-1000) sent; lines up to 2000 recorded as dispatched, never sent: u1500 is in the uncertain window
        CrashedThenResumed run = crashAfterFortyChunksThenResume(file, schema, checkpoint, Instant.parse("2026-11-23T10:00:00.123Z"));

        DynamicItem u1500 = plain.get(BLOG.entity("User"), KeyValues.of("username", "u1500")).orElseThrow();
        assertThat(List.of(u1500.getString("name"), u1500.getString("email"), u1500.getInstant("createdAt")))
                .containsExactly("User 1500", "u1500@example.com", Instant.parse("2026-11-23T10:00:00.123Z"));
        assertEachItemWrittenOnce(run);
        assertThat(users(plain)).isEqualTo(3_000);
        assertThat(run.resumed().notWritten()).isEmpty();
    }

    /** What a load that crashed after its first 40 chunks (items 1-1000) wrote, and the load that resumed it. */
    private record CrashedThenResumed(long writtenBeforeCrash, Target resumedTarget, Loader.Result resumed) {
    }

    /** Loads {@code file}'s 3,000 JSON lines into {@code schema}'s table until a simulated crash after 40 chunks, then resumes. */
    private CrashedThenResumed crashAfterFortyChunksThenResume(Path file, TableSchema schema, Path checkpoint, Instant startedAt)
            throws IOException {
        LoadCheckpoint started = LoadCheckpoint.fresh(checkpoint, schema.name(), TestTargets.ENGINE, startedAt);
        Target first = loadTable(schema, started);
        assertThatThrownBy(() -> loader(first, started, false, new Loader.Options(4, false, 40), LoadProgress.none())
                .run(inputs(file, InputFormat.JSON_LINES, 3_000)))
                .isInstanceOf(Loader.SimulatedCrash.class);
        long writtenBeforeCrash = first.meter().itemsWritten();
        LoadCheckpoint resuming = LoadCheckpoint.resume(checkpoint, schema.name(), TestTargets.ENGINE);
        Target second = loadTable(schema, resuming);
        Loader.Result resumed = loader(second, resuming, true, Loader.Options.of(4, false), LoadProgress.none())
                .run(inputs(file, InputFormat.JSON_LINES, 3_000));
        return new CrashedThenResumed(writtenBeforeCrash, second, resumed);
    }

    /** Each of the 3,000 items written exactly once by the two loads; the resumed one found those in flight already there. */
    private static void assertEachItemWrittenOnce(CrashedThenResumed run) {
        Loader.Result resumed = run.resumed();
        assertThat(resumed.alreadyPresent()).isGreaterThanOrEqualTo(25); // at least the chunk in flight when it crashed
        assertThat(resumed.skipped() + resumed.alreadyPresent() + resumed.written()).isEqualTo(3_000);
        assertThat(run.writtenBeforeCrash() + run.resumedTarget().meter().itemsWritten()).isEqualTo(3_000);
    }
}
