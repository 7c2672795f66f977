package dev.singletable.cli.data.load;

import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The migrator on the embedded engine: a copy killed with a chunk in flight, or failing part way (its source stops
 * answering), resumed from the checkpoint, writes every item exactly once and scans from where it stood, in
 * BatchWriteItem requests only.
 */
class MigratorTest {
    private static final SchemaFile APP = SchemaFile.load(Path.of(
            "../singletable-examples/target/classes/META-INF/singletable/AppTable.singletable.json"));
    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final int ITEMS = 500;
    private static final Map<String, String> MAP = Map.of("customer_id", "customerId", "full_name", "name", "created", "createdAt");

    @RegisterExtension
    static final LocalDynamoDbExtension DB = LocalDynamoDbExtension.engineOnly();

    @TempDir
    Path directory;

    private final int run = RUNS.incrementAndGet();
    private final String sourceTable = "MigratorSource-" + run + "-" + System.nanoTime();
    private final TableSchema schema = APP.tableSchema().toBuilder().name("MigratorTarget-" + run + "-" + System.nanoTime()).build();
    private final LoadCheckpoint.Migration migration = new LoadCheckpoint.Migration(sourceTable, "the target's engine", "Customer", 2, MAP);

    /** One run's table and meter. */
    private record Target(Table table, CapacityMeter meter) {
    }

    @BeforeEach
    void tables() {
        DB.client().createTable(r -> r.tableName(sourceTable).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("customer_id").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("customer_id").attributeType(ScalarAttributeType.S)));
        List<WriteRequest> puts = new ArrayList<>();
        for (int i = 1; i <= ITEMS; i++) {
            int n = i;
            puts.add(WriteRequest.builder().putRequest(p -> p.item(Map.of("customer_id", AttributeValue.fromS(String.format("C%04d", n)),
                    "full_name", AttributeValue.fromS("Customer " + n), "email", AttributeValue.fromS("c" + n + "@example.com"),
                    "created", AttributeValue.fromS("2025-01-02T03:04:05Z")))).build());
            if (puts.size() == 25 || i == ITEMS) {
                List<WriteRequest> batch = List.copyOf(puts);
                DB.client().batchWriteItem(r -> r.requestItems(Map.of(sourceTable, batch)));
                puts.clear();
            }
        }
        Table.of(schema, DB.client()).createTable();
    }

    private static Target target(TableSchema schema) {
        CapacityMeter meter = CapacityMeter.requesting();
        return new Target(meter.table(schema, DB.client(), Clock.systemUTC()), meter);
    }

    private Migrator migrator(Target target, DynamoDbClient sourceClient, LoadCheckpoint checkpoint, boolean resuming, long crashAfterChunks) {
        return new Migrator(DB.client(), target.table(), new SourceItems(APP, target.table(), "Customer", MAP),
                new Migrator.Source(sourceClient, sourceTable, "the test's engine", false, false), checkpoint, resuming,
                new Migrator.Options(2, false, 20, crashAfterChunks), target.meter());
    }

    private long customers(Table table) {
        return table.scan(APP.entity("Customer")).count();
    }

    @Test
    void copy_whenKilledWithAChunkInFlightAndResumed_goesOnFromTheCheckpointAndWritesEveryItemOnce() {
        Path path = directory.resolve("crash.checkpoint.json");
        LoadCheckpoint started = LoadCheckpoint.freshMigration(path, schema.name(), TestTargets.ENGINE, Instant.now(), migration);
        Target first = target(schema);

        assertThatThrownBy(() -> migrator(first, DB.client(), started, false, 7).copy(LoadProgress.none()))
                .isInstanceOf(Loader.SimulatedCrash.class);
        long writtenBeforeCrash = first.meter().itemsWritten();
        LoadCheckpoint resuming = LoadCheckpoint.resumeMigration(path, schema.name(), TestTargets.ENGINE, migration);
        Target second = target(schema);
        Migrator.Result resumed = migrator(second, DB.client(), resuming, true, Long.MAX_VALUE).copy(LoadProgress.none());

        // pages of 20, one chunk each: the 7th chunk landed with the checkpoint frozen, and the other segment's chunk in
        // flight then (the 8th, if any) landed too; no chunk after them was sent
        assertThat(writtenBeforeCrash).isBetween(7L * 20 - 19, 8L * 20);
        assertThat(resumed.earlierScanned()).isPositive();
        assertThat(resumed.scanned()).isLessThan(ITEMS); // not from the start
        // the checkpoint's pages are not read again; the rest is, once
        assertThat(resumed.earlierScanned() + resumed.scanned()).isEqualTo(ITEMS);
        // the pages in flight when it was killed are read again: their items, written but not recorded, are found by the
        // BatchGetItem and not written again
        assertThat(resumed.same()).isGreaterThanOrEqualTo(20).isEqualTo(writtenBeforeCrash - resumed.earlierScanned());
        assertThat(resumed.written() + resumed.same()).isEqualTo(resumed.scanned());
        assertThat(writtenBeforeCrash + second.meter().itemsWritten()).isEqualTo(ITEMS); // every item written exactly once
        assertThat(customers(second.table())).isEqualTo(ITEMS);
        assertThat(resumed.differ()).isEmpty();
        assertThat(resumed.failed()).isEmpty();
        // batched: no PutItem in either run; a BatchWriteItem per chunk with absent items, a BatchGetItem per chunk
        assertThat(first.meter().putRequests() + second.meter().putRequests()).isZero();
        assertThat(resumed.batchWrites()).isEqualTo(second.meter().batchRequests()).isLessThanOrEqualTo(resumed.batchGets());
        assertThat(resumed.batchGets()).isEqualTo(second.meter().requests("BatchGetItem")).isGreaterThanOrEqualTo((resumed.scanned() + 19) / 20);
        assertThat(second.meter().requests("Scan")).isLessThan(ITEMS / 20 + 2); // fewer pages than the whole table's
        assertThat(resuming.complete()).isTrue();
    }

    @Test
    void copy_whenTheSourceFailsPartWayAndIsResumed_goesOnFromTheLastSettledPage() {
        Path path = directory.resolve("fail.checkpoint.json");
        LoadCheckpoint started = LoadCheckpoint.freshMigration(path, schema.name(), TestTargets.ENGINE, Instant.now(), migration);
        Target first = target(schema);
        DynamoDbClient failing = failingAfterScans(DB.client(), 6);

        assertThatThrownBy(() -> migrator(first, failing, started, false, Long.MAX_VALUE).copy(LoadProgress.none()))
                .isInstanceOf(SdkClientException.class).hasMessageContaining("the source stopped answering");
        long writtenBeforeFailure = first.meter().itemsWritten();
        LoadCheckpoint resuming = LoadCheckpoint.resumeMigration(path, schema.name(), TestTargets.ENGINE, migration);
        Target second = target(schema);
        Migrator.Result resumed = migrator(second, DB.client(), resuming, true, Long.MAX_VALUE).copy(LoadProgress.none());

        // 6 pages of 20 were read; when the 7th Scan failed, the other segment stopped at its next chunk, so its page
        // then in flight may be unwritten or unrecorded; every page before is written and recorded (the failure saves nothing
        // wrong: the checkpoint is not frozen, it just holds the pages settled)
        assertThat(writtenBeforeFailure).isBetween(4L * 20, 6L * 20);
        assertThat(resumed.earlierScanned()).isBetween(4L * 20, 6L * 20);
        assertThat(resumed.earlierScanned() + resumed.scanned()).isEqualTo(ITEMS);
        assertThat(resumed.same()).isEqualTo(writtenBeforeFailure - resumed.earlierScanned());
        assertThat(resumed.written() + resumed.same()).isEqualTo(resumed.scanned());
        assertThat(writtenBeforeFailure + second.meter().itemsWritten()).isEqualTo(ITEMS);
        assertThat(customers(second.table())).isEqualTo(ITEMS);
        assertThat(first.meter().putRequests() + second.meter().putRequests()).isZero();
    }

    @Test
    void copy_whenSourceItemsInSeveralSegmentsMapToOneKey_writesOneAndReportsTheOthersAsDifferent() {
        String colliding = "MigratorCollide-" + run + "-" + System.nanoTime();
        DB.client().createTable(r -> r.tableName(colliding).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S)));
        for (int i = 1; i <= 8; i++) { // eight rows of one customer, each with another name
            int n = i;
            DB.client().putItem(r -> r.tableName(colliding).item(Map.of("id", AttributeValue.fromS("R" + n), "cust", AttributeValue.fromS("D1"),
                    "full_name", AttributeValue.fromS("Name " + n), "email", AttributeValue.fromS("d1@example.com"),
                    "created", AttributeValue.fromS("2025-01-02T03:04:05Z"))));
        }
        long segmentsWithRows = java.util.stream.IntStream.range(0, 4).filter(segment -> DB.client().scan(r -> r.tableName(colliding)
                .segment(segment).totalSegments(4)).count() > 0).count();
        assertThat(segmentsWithRows).isGreaterThan(1); // else the segments would not race
        Map<String, String> map = Map.of("id", "", "cust", "customerId", "full_name", "name", "created", "createdAt");
        LoadCheckpoint checkpoint = LoadCheckpoint.freshMigration(directory.resolve("collide.checkpoint.json"), schema.name(), TestTargets.ENGINE, Instant.now(),
                new LoadCheckpoint.Migration(colliding, "the target's engine", "Customer", 4, map));
        Target target = target(schema);
        // the first two segments' reads of the target key wait for each other, as two segments reading at the same moment do
        java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(2);
        DynamoDbClient racing = (DynamoDbClient) Proxy.newProxyInstance(MigratorTest.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("batchGetItem")) {
                        try {
                            together.await(2, java.util.concurrent.TimeUnit.SECONDS);
                        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.BrokenBarrierException e) {
                            // the other one is not reading now: go on alone
                        }
                    }
                    try {
                        return method.invoke(DB.client(), args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });

        Migrator.Result result = new Migrator(racing, target.table(), new SourceItems(APP, target.table(), "Customer", map),
                new Migrator.Source(DB.client(), colliding, "the test's engine", false, false), checkpoint, false,
                new Migrator.Options(4, false, null, Long.MAX_VALUE), target.meter()).copy(LoadProgress.none());

        assertThat(List.of(result.scanned(), result.written(), (long) result.differ().size(), (long) result.failed().size()))
                .containsExactly(8L, 1L, 7L, 0L);
        List<String> reported = result.differ().stream().map(Loader.Failure::source).toList();
        String kept = java.util.stream.IntStream.rangeClosed(1, 8).mapToObj(n -> colliding + "[id=R" + n + "]")
                .filter(row -> !reported.contains(row)).findFirst().orElseThrow();
        // the item in the table is the one row written, not overwritten by any of the seven reported
        assertThat(target.table().scan(APP.entity("Customer")).list()).extracting(c -> c.getString("name"))
                .containsExactly("Name " + kept.substring(kept.lastIndexOf('R') + 1, kept.length() - 1));
    }

    /** {@code client}, whose Scan requests fail (as an unreachable endpoint's) after the first {@code scans}. */
    private static DynamoDbClient failingAfterScans(DynamoDbClient client, int scans) {
        AtomicInteger sent = new AtomicInteger();
        return (DynamoDbClient) Proxy.newProxyInstance(MigratorTest.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("scan") && args != null && args.length == 1 && args[0] instanceof ScanRequest
                            && sent.incrementAndGet() > scans) {
                        throw SdkClientException.create("the source stopped answering");
                    }
                    try {
                        return method.invoke(client, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
