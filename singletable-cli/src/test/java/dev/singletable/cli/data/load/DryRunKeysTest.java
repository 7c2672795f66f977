package dev.singletable.cli.data.load;

import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dry run keeps a digest per key it would write, not the key nor the item (its memory no longer grows with the
 * items' size), and still reports exactly the source items mapping to one key: a second Scan, only when a digest
 * repeats, compares them on their exact keys.
 */
class DryRunKeysTest {
    private static final SchemaFile APP = SchemaFile.load(Path.of(
            "../singletable-examples/target/classes/META-INF/singletable/AppTable.singletable.json"));
    private static final Map<String, String> MAP = Map.of("id", "", "cust", "customerId", "full_name", "name", "created", "createdAt");

    @RegisterExtension
    static final LocalDynamoDbExtension DB = LocalDynamoDbExtension.engineOnly();

    @TempDir
    Path directory;

    private final TableSchema schema = APP.tableSchema().toBuilder().name("DryRunTarget-" + System.nanoTime()).build();

    @Test
    void settle_whenADryRunWouldWriteAnItem_keepsNoReferenceToIt() throws InterruptedException {
        Table table = Table.of(schema, DB.client());
        SourceItems items = new SourceItems(APP, table, "Customer", MAP);
        ChunkWriter writer = new ChunkWriter(DB.client(), table, items, true);
        writer.noTable(); // nothing to read: every key is absent, so each would be written
        RowItems.Ready ready = (RowItems.Ready) items.map("Legacy[id=R1]", source("R1", "D1", "Name 1"));
        WeakReference<RowItems.Ready> kept = new WeakReference<>(ready);

        writer.settle(List.of(ready));
        ready = null;
        for (int i = 0; i < 50 && kept.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }

        assertThat(writer.wouldWrite()).isEqualTo(1);
        assertThat(kept.get()).as("the dry run's source item, still reachable after its chunk is settled").isNull();
    }

    @Test
    void copy_whenADryRunsSourceItemsInSeveralSegmentsMapToOneKey_reportsAllButOneAsDifferentAfterASecondScan() {
        String legacy = legacyTable(List.of("D1", "D1", "D1", "D1", "D1", "D1", "D2", "D3"));
        CapacityMeter meter = CapacityMeter.requesting();
        Table table = meter.table(schema, DB.client(), Clock.systemUTC());
        Migrator migrator = migrator(legacy, table, meter, 4);
        migrator.targetMissing();

        Migrator.Result result = migrator.copy(LoadProgress.none());

        // D1 once, D2, D3 would be written; five of the six D1 rows differ from the first one (each has its own name)
        assertThat(List.of(result.scanned(), result.wouldWrite(), (long) result.differ().size(), (long) result.failed().size()))
                .containsExactly(8L, 3L, 5L, 0L);
        assertThat(result.differ()).allSatisfy(f -> assertThat(f.reason()).contains("maps to its key (PK=CUSTOMER#D1, SK=PROFILE): name: "));
        assertThat(meter.requests("Scan")).isEqualTo(2L * 4); // each segment read twice, the second time for the repeated key
    }

    @Test
    void copy_whenNoKeyRepeats_scansTheSourceOnce() {
        String legacy = legacyTable(List.of("D1", "D2", "D3"));
        CapacityMeter meter = CapacityMeter.requesting();
        Table table = meter.table(schema, DB.client(), Clock.systemUTC());
        Migrator migrator = migrator(legacy, table, meter, 2);
        migrator.targetMissing();

        Migrator.Result result = migrator.copy(LoadProgress.none());

        assertThat(List.of(result.scanned(), result.wouldWrite(), (long) result.differ().size())).containsExactly(3L, 3L, 0L);
        assertThat(meter.requests("Scan")).isEqualTo(2L);
    }

    private Migrator migrator(String legacy, Table table, CapacityMeter meter, int segments) {
        LoadCheckpoint checkpoint = LoadCheckpoint.freshMigration(directory.resolve("dry.checkpoint.json"), schema.name(), TestTargets.ENGINE, Instant.now(),
                new LoadCheckpoint.Migration(legacy, "the target's engine", "Customer", segments, MAP));
        return new Migrator(DB.client(), table, new SourceItems(APP, table, "Customer", MAP),
                new Migrator.Source(DB.client(), legacy, "the test's engine", false, false), checkpoint, false,
                new Migrator.Options(segments, true, null, Long.MAX_VALUE), meter);
    }

    /** A legacy table with one row per customer given, row {@code Rn} named {@code Name n}. */
    private static String legacyTable(List<String> customers) {
        String name = "DryRunLegacy-" + System.nanoTime();
        DB.client().createTable(r -> r.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S)));
        List<Map<String, AttributeValue>> rows = new ArrayList<>();
        for (int i = 1; i <= customers.size(); i++) {
            rows.add(source("R" + i, customers.get(i - 1), "Name " + i));
        }
        rows.forEach(row -> DB.client().putItem(r -> r.tableName(name).item(row)));
        return name;
    }

    private static Map<String, AttributeValue> source(String id, String customer, String fullName) {
        return Map.of("id", AttributeValue.fromS(id), "cust", AttributeValue.fromS(customer), "full_name", AttributeValue.fromS(fullName),
                "email", AttributeValue.fromS(customer.toLowerCase(java.util.Locale.ROOT) + "@example.com"),
                "created", AttributeValue.fromS("2025-01-02T03:04:05Z"));
    }
}
