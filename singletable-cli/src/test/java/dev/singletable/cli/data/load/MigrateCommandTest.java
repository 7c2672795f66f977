package dev.singletable.cli.data.load;

import dev.singletable.DynamicItem;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.cli.CommandRun;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import dev.singletable.local.LocalDynamoDb;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable migrate}: a two-table design (customers and orders, each keyed by its natural
 * id) copied into the e-commerce single table (the examples' AppTable design, as the annotation
 * processor writes it) on the embedded engine over HTTP; whole outputs against golden files.
 */
class MigrateCommandTest {
    private static final String DESIGN = "../singletable-examples/target/classes/META-INF/singletable/AppTable.singletable.json";
    private static final SchemaFile APP = SchemaFile.load(Path.of(DESIGN));
    private static final Path GOLDEN = Path.of("src/test/resources/golden/migrate");
    private static final AtomicInteger RUNS = new AtomicInteger();

    static {
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn"); // as Main sets it
        System.getProperties().putIfAbsent("aws.java.v1.disableDeprecationAnnouncement", "true");
    }

    @RegisterExtension
    static final LocalDynamoDbExtension DB = LocalDynamoDbExtension.engineOnly();

    @TempDir
    Path directory;

    private final int run = RUNS.incrementAndGet();
    private final String single = "Single-" + run + "-" + System.nanoTime();
    private final String customers = "Customers-" + run + "-" + System.nanoTime();
    private final String orders = "Orders-" + run + "-" + System.nanoTime();
    private final String legacy = "Legacy-" + run + "-" + System.nanoTime();
    private final String products = "Products-" + run + "-" + System.nanoTime();
    /** A second engine holding the source tables, for the tests that read them through --source-endpoint. */
    private LocalDynamoDb source;

    @BeforeEach
    void sourceTables() {
        createTable(customers, "customer_id");
        createTable(orders, "order_id");
        putCustomer("C1", "Ann Archer", "ann@example.com", "2025-01-02T03:04:05Z");
        putCustomer("C2", "Bo Baker", "bo@example.com", "2025-02-03T04:05:06Z");
        putCustomer("C3", "Cy Cooper", "cy@example.com", "2025-03-04T05:06:07Z");
        putOrder("O1", "C1", "PAID", "19.99", "2025-04-01T10:00:00Z");
        putOrder("O2", "C1", "PENDING", "5", "2025-04-02T10:00:00Z");
        putOrder("O3", "C2", "SHIPPED", "120.50", "2025-04-03T10:00:00Z");
    }

    private static void createTable(String name, String key) {
        createTable(DB.client(), name, key);
    }

    private static void createTable(DynamoDbClient client, String name, String key) {
        client.createTable(r -> r.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName(key).keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName(key).attributeType(ScalarAttributeType.S)));
    }

    private void putCustomer(String id, String name, String email, String created) {
        DB.client().putItem(r -> r.tableName(customers).item(Map.of("customer_id", s(id), "full_name", s(name), "email", s(email),
                "created", s(created))));
    }

    private void putOrder(String id, String customer, String status, String total, String created) {
        DB.client().putItem(r -> r.tableName(orders).item(Map.of("order_id", s(id), "customer_id", s(customer), "order_status", s(status),
                "order_total", AttributeValue.fromN(total), "created_at", s(created))));
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    private static final String[] CUSTOMER_MAP = {"--map", "customer_id=customerId", "--map", "full_name=name", "--map", "created=createdAt"};
    private static final String[] ORDER_MAP = {"--map", "order_id=orderId", "--map", "customer_id=customerId", "--map",
            "order_status=status", "--map", "order_total=total", "--map", "created_at=createdAt"};

    private CommandRun migrate(String from, String entity, String[] map, String... more) {
        List<String> all = new ArrayList<>(List.of("migrate", DESIGN, "--from", from, "--entity", entity));
        all.addAll(List.of(map));
        all.addAll(List.of(more));
        all.addAll(List.of("--endpoint", DB.engine().endpoint().toString(), "--table", single, "--progress-every", "0"));
        if (!all.contains("--checkpoint")) {
            all.addAll(List.of("--checkpoint", directory.resolve("migrate-checkpoint.json").toString()));
        }
        return main(all);
    }

    private CommandRun main(List<String> all) {
        return CommandRun.run(all).mapOutputs(this::placeholders);
    }

    private String placeholders(String text) {
        String replaced = source == null ? text : text.replace(source.endpoint().toString(), "<source-endpoint>");
        return replaced.replace(directory.toString(), "<dir>").replace(DB.engine().endpoint().toString(), "<endpoint>").replace(single, "<single>").replace(customers, "<customers>")
                .replace(orders, "<orders>").replace(legacy, "<legacy>").replace(products, "<products>").replace(System.lineSeparator(), "\n");
    }

    /** The golden file's text; run with {@code -Dsingletable.golden.update=true} to write {@code actual} there first. */
    private static String golden(String name, String actual) throws IOException {
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(GOLDEN.resolve(name), actual, StandardCharsets.UTF_8);
        }
        return Files.readString(GOLDEN.resolve(name), StandardCharsets.UTF_8);
    }

    private Table table() {
        return Table.of(APP.tableSchema().toBuilder().name(single).build(), DB.client());
    }

    @Test
    void migrate_whenTwoTablesOfNaturalKeys_copiesEachAsItsEntityAndVerifies() throws IOException {
        CommandRun customersRun = migrate(customers, "Customer", CUSTOMER_MAP, "--verify");
        CommandRun ordersRun = migrate(orders, "Order", ORDER_MAP, "--verify");

        assertThat(customersRun).isEqualTo(new CommandRun(0, golden("customers.txt", customersRun.out()), ""));
        assertThat(ordersRun).isEqualTo(new CommandRun(0, golden("orders.txt", ordersRun.out()), ""));
        DynamicItem order = table().get(APP.entity("Order"), KeyValues.of("customerId", "C1").and("orderId", "O1")).orElseThrow();
        assertThat(List.of(order.getString("status"), order.getDecimal("total"), order.getInstant("createdAt")))
                .containsExactly("PAID", new BigDecimal("19.99"), Instant.parse("2025-04-01T10:00:00Z"));
        assertThat(table().query(APP.entity("Order")).partition(KeyValues.of("customerId", "C1")).list())
                .extracting(o -> o.getString("orderId")).containsExactly("O1", "O2");
    }

    @Test
    void migrate_whenRunAgain_changesNothing() throws IOException {
        migrate(customers, "Customer", CUSTOMER_MAP);

        CommandRun again = migrate(customers, "Customer", CUSTOMER_MAP, "--verify");

        assertThat(again).isEqualTo(new CommandRun(0, golden("customers-again.txt", again.out()), ""));
    }

    @Test
    void migrate_whenASourceItemIsCorruptOrChanged_reportsItAndVerifyFails() throws IOException {
        migrate(orders, "Order", ORDER_MAP);
        putOrder("O4", "C3", "LOST", "7.50", "2025-04-04T10:00:00Z");
        putOrder("O2", "C1", "PENDING", "6", "2025-04-02T10:00:00Z");

        CommandRun run = migrate(orders, "Order", ORDER_MAP, "--verify");

        assertThat(run).isEqualTo(new CommandRun(1, golden("orders-corrupt.txt", run.out()), ""));
        assertThat(table().get(APP.entity("Order"), KeyValues.of("customerId", "C1").and("orderId", "O2")).orElseThrow().getDecimal("total"))
                .isEqualByComparingTo("5");
    }

    @Test
    void migrate_whenDryRun_reportsWhatItWouldWriteEveryDifferenceAndEveryFailure() throws IOException {
        putCustomer("C4", "Di Dunn", "di@example.com", "yesterday");

        migrate(customers, "Customer", CUSTOMER_MAP);
        putCustomer("C3", "Cy Cooper", "cy@example.org", "2025-03-04T05:06:07Z");
        putCustomer("C5", "Ed Eden", "ed@example.com", "2025-05-06T07:08:09Z");
        DB.client().putItem(r -> r.tableName(customers).item(Map.of("customer_id", s("C6"), "full_name", s("Flo"), "email", s("flo@example.com"),
                "created", s("2025-06-07T08:09:10Z"), "loyalty", AttributeValue.fromN("3"))));

        CommandRun run = migrate(customers, "Customer", CUSTOMER_MAP, "--dry-run");

        assertThat(run).isEqualTo(new CommandRun(1, golden("customers-dry-run.txt", run.out()), ""));
    }

    private static final String[] LEGACY_MAP = {"--map", "id=", "--map", "cust=customerId", "--map", "full_name=name", "--map",
            "created=createdAt"};

    /** A table of customers keyed by a row id, whose rows 1 and 2 are one customer (D1) once mapped. */
    private void legacyTable() {
        createTable(legacy, "id");
        putLegacy("1", "D1", "First");
        putLegacy("2", "D1", "Second");
        putLegacy("3", "D3", "Third");
    }

    private void putLegacy(String id, String customer, String name) {
        DB.client().putItem(r -> r.tableName(legacy).item(Map.of("id", s(id), "cust", s(customer), "full_name", s(name),
                "email", s(id + "@example.com"), "created", s("2025-01-01T00:00:00Z"))));
    }

    @Test
    void migrate_whenDryRunAndTwoSourceItemsMapToOneKey_reportsTheSecondAsDifferentNotBothAsWouldWrite() throws IOException {
        legacyTable();
        migrate(customers, "Customer", CUSTOMER_MAP); // the table exists, without D1 and D3

        CommandRun run = migrate(legacy, "Customer", LEGACY_MAP, "--dry-run", "--segments", "1");

        assertThat(run).isEqualTo(new CommandRun(1, golden("legacy-dry-run-same-key.txt", run.out()), ""));
    }

    private static final String PRODUCTS = "../designs/products.singletable.yaml";

    /** Products of a table keyed by id, two active and two archived (one of them with its flag as text). */
    private void productsTable() {
        createTable(products, "id");
        putProduct(Map.of("id", s("P1"), "title", s("Lamp"), "archived", AttributeValue.fromBool(false)));
        putProduct(Map.of("id", s("P2"), "title", s("Shelf"), "archived", AttributeValue.fromBool(false)));
        putProduct(Map.of("id", s("P3"), "title", s("Typewriter"), "archived", AttributeValue.fromBool(true), "archivedAt",
                s("2024-03-01T09:00:00Z")));
        putProduct(Map.of("id", s("P4"), "title", s("Fax"), "archived", s("true"), "archivedAt", s("2024-03-01T09:00:00Z")));
    }

    private void putProduct(Map<String, AttributeValue> item) {
        DB.client().putItem(r -> r.tableName(products).item(item));
    }

    private CommandRun migrateProducts(String entity, String... more) {
        List<String> all = new ArrayList<>(List.of("migrate", PRODUCTS, "--from", products, "--entity", entity, "--map", "id=productId",
                "--map", "title=name"));
        all.addAll(List.of(more));
        all.addAll(List.of("--endpoint", DB.engine().endpoint().toString(), "--table", single, "--progress-every", "0"));
        if (!all.contains("--checkpoint")) {
            all.addAll(List.of("--checkpoint", directory.resolve("products-checkpoint.json").toString()));
        }
        return main(all);
    }

    @Test
    void migrate_whenTheEntityIsStoredInStates_writesEachItemInItsStateAndVerifiesAllStates() throws IOException {
        productsTable();

        CommandRun run = migrateProducts("Product", "--verify");

        assertThat(run).isEqualTo(new CommandRun(0, golden("products.txt", run.out()), ""));
    }

    @Test
    void migrate_whenAnEntityStoredInStatesIsRunAgain_findsEveryItemInItsStateEqualAndVerifies() throws IOException {
        productsTable();
        migrateProducts("Product");

        CommandRun again = migrateProducts("Product", "--verify");
        CommandRun byState = migrateProducts("ArchivedProduct", "--verify", "--checkpoint", directory.resolve("by-state.json").toString());

        assertThat(again).isEqualTo(new CommandRun(0, golden("products-again.txt", again.out()), ""));
        assertThat(List.of(byState.exitCode(), byState.out().lines().filter(l -> l.startsWith("  already there")
                || l.startsWith("  different") || l.startsWith("  result")).map(l -> l.replaceAll(", found by .*", "")).toList()))
                .isEqualTo(List.of(0, List.of("  already there 4 items equal to the source", "  different     0 items",
                "  result        passed")));
    }

    @Test
    void migrate_whenTheSourceGivesTheVersion_keepsIt() throws IOException {
        productsTable();
        putProduct(Map.of("id", s("P5"), "title", s("Clock"), "archived", AttributeValue.fromBool(false), "version", AttributeValue.fromN("7")));

        CommandRun run = migrateProducts("Product");

        assertThat(run).isEqualTo(new CommandRun(0, golden("products-version.txt", run.out()), ""));
        SchemaFile design = SchemaFile.load(Path.of(PRODUCTS));
        Table target = Table.of(design.tableSchema().toBuilder().name(single).build(), DB.client());
        DynamicItem clock = target.get(design.entity("ActiveProduct"), KeyValues.of("productId", "P5")).orElseThrow();
        assertThat(List.of(clock.getString("name"), String.valueOf(clock.values().get("version")))).containsExactly("Clock", "7");
        DynamicItem lamp = target.get(design.entity("ActiveProduct"), KeyValues.of("productId", "P1")).orElseThrow();
        assertThat(lamp.values().get("version")).as("a source item without one starts at 1").hasToString("1");
    }

    @Test
    void migrate_whenTheEntityIsUnknown_isAUsageErrorNamingTheEntities() {
        CommandRun run = migrate(customers, "Custmer", CUSTOMER_MAP);

        assertThat(new CommandRun(run.exitCode(), run.out(), run.err().lines().findFirst().orElse(""))).isEqualTo(new CommandRun(2, "",
                "--entity Custmer: No entity 'Custmer' in the schema file; did you mean 'Customer'?; the file has Customer, Order, "
                        + "OrderItem, Product, Inventory, Category, User, Post, Comment, PostTag, UserMetrics, GroupMembership, Session, "
                        + "SensorReading, Group, ActiveProduct, ArchivedProduct"));
    }

    @Test
    void migrate_whenDryRunBeforeTheTableExists_saysSoAndChecksEverySourceItem() throws IOException {
        legacyTable();
        DB.client().putItem(r -> r.tableName(legacy).item(Map.of("id", s("4"), "cust", s("D4"), "full_name", s("Fourth"),
                "email", s("4@example.com"), "created", s("yesterday"))));

        CommandRun run = migrate(legacy, "Customer", LEGACY_MAP, "--dry-run", "--segments", "1", "--verify");

        assertThat(run).isEqualTo(new CommandRun(1, golden("legacy-dry-run-no-table.txt", run.out()), ""));
    }

    @Test
    void migrate_whenSomeSourceItemsDoNotMapAndTheRestIsCopied_verifySaysExactlyThat() throws IOException {
        putOrder("O9", "C3", "PAID", "1", "yesterday");

        CommandRun run = migrate(orders, "Order", ORDER_MAP, "--verify");

        assertThat(run).isEqualTo(new CommandRun(1, golden("orders-unmapped-verify.txt", run.out()), ""));
    }

    @Test
    void migrate_whenAnInstantIsGivenInEpochMilliseconds_refusesTheItemNamingAttributeValueAndFix() throws IOException {
        DB.client().putItem(r -> r.tableName(customers).item(Map.of("customer_id", s("C4"), "full_name", s("Di Dunn"), "email",
                s("di@example.com"), "created", AttributeValue.fromN("1735689600000"))));

        CommandRun run = migrate(customers, "Customer", CUSTOMER_MAP, "--dry-run");

        assertThat(run).isEqualTo(new CommandRun(1, golden("customers-epoch-milliseconds.txt", run.out()), ""));
    }

    @Test
    void migrate_whenNoCapacity_copiesAndSaysCapacityWasNotRequested() throws IOException {
        CommandRun run = migrate(customers, "Customer", CUSTOMER_MAP, "--no-capacity");

        assertThat(run).isEqualTo(new CommandRun(0, golden("customers-no-capacity.txt", run.out()), ""));
        assertThat(table().scan(APP.entity("Customer")).count()).isEqualTo(3);
    }

    @Test
    void migrate_whenNoCapacityWithDryRun_refusesTheMix() throws IOException {
        CommandRun run = migrate(customers, "Customer", CUSTOMER_MAP, "--no-capacity", "--dry-run");

        assertThat(new CommandRun(run.exitCode(), run.out(), run.err().lines().findFirst().orElse(""))).isEqualTo(new CommandRun(2, "",
                "--dry-run writes nothing, so there is no capacity to ask for: give one of --dry-run and --no-capacity"));
    }

    private static String plain(String err) {
        return err.replaceAll("\\s+", " ").trim();
    }

    private void putCustomers(int from, int to) {
        for (int i = from; i <= to; i++) {
            putCustomer("C" + i, "Customer " + i, "c" + i + "@example.com", "2025-01-02T03:04:05Z");
        }
    }

    @Test
    void help_whenAsked_printsTheGoldenUsageWithTheResumeAndSourceOptions() throws IOException {
        CommandRun run = main(List.of("migrate", "--help"));

        assertThat(run).isEqualTo(new CommandRun(0, golden("../help/migrate.txt", run.out()), ""));
        assertThat(run.out()).contains("--resume", "--checkpoint=FILE", "--source-endpoint=URL", "--source-region=REGION",
                "--source-profile=NAME");
    }

    @Test
    void migrate_when60Items_writesThemInBatchWriteItemsOf25AfterABatchGetItemOfTheirKeys() throws IOException {
        putCustomers(4, 60);

        CommandRun run = migrate(customers, "Customer", CUSTOMER_MAP, "--segments", "1");

        assertThat(run).isEqualTo(new CommandRun(0, golden("customers-batched.txt", run.out()), ""));
        // one page of 60 items: chunks of 25, 25 and 10, each one BatchGetItem of its keys and one BatchWriteItem, no PutItem
        assertThat(run.out()).contains("written       60 items in 3 BatchWriteItem requests")
                .contains("(3 BatchGetItem, 3 BatchWriteItem, 1 CreateTable, ").doesNotContain("PutItem").doesNotContain(" GetItem");
        assertThat(table().scan(APP.entity("Customer")).count()).isEqualTo(60);
    }

    @Test
    void migrate_whenRunAgainOver60Items_readsInBatchesAndWritesNothing() throws IOException {
        putCustomers(4, 60);
        migrate(customers, "Customer", CUSTOMER_MAP, "--segments", "1");

        CommandRun again = migrate(customers, "Customer", CUSTOMER_MAP, "--segments", "1");

        assertThat(again.exitCode()).isZero();
        assertThat(again.out()).contains("written       0 items in 0 BatchWriteItem requests")
                .contains("already there 60 items equal to the source, found by 3 BatchGetItem requests")
                .doesNotContain("PutItem").doesNotContain(" BatchWriteItem,");
    }

    @Test
    void migrate_whenCompleteAndResumed_saysItIsCompleteAndScansNothing() throws IOException {
        migrate(customers, "Customer", CUSTOMER_MAP);

        CommandRun resumed = migrate(customers, "Customer", CUSTOMER_MAP, "--resume");

        assertThat(resumed).isEqualTo(new CommandRun(0, golden("customers-resumed-complete.txt", resumed.out()), ""));
        assertThat(resumed.out()).contains("Already complete").doesNotContain("Scan").doesNotContain("BatchWriteItem");
    }

    @Test
    void migrate_whenTheSourceIsOnAnotherEngine_readsItThroughSourceEndpointAndWritesTheTarget() throws IOException {
        try (LocalDynamoDb second = LocalDynamoDb.embedded()) {
            source = second;
            createTable(second.client(), customers, "customer_id");
            second.client().putItem(r -> r.tableName(customers).item(Map.of("customer_id", s("C9"), "full_name", s("Nia Nine"),
                    "email", s("nia@example.com"), "created", s("2025-09-09T09:09:09Z"))));

            CommandRun run = migrate(customers, "Customer", CUSTOMER_MAP, "--source-endpoint", second.endpoint().toString(),
                    "--source-region", "us-east-1", "--verify");

            assertThat(run).isEqualTo(new CommandRun(0, golden("customers-other-engine.txt", run.out()), ""));
            // the target engine's own table of that name (C1 to C3) was not read
            assertThat(table().scan(APP.entity("Customer")).list()).extracting(c -> c.getString("customerId")).containsExactly("C9");
            assertThat(table().get(APP.entity("Customer"), KeyValues.of("customerId", "C9")).orElseThrow().getString("name"))
                    .isEqualTo("Nia Nine");
        } finally {
            source = null;
        }
    }

    @Test
    void migrate_whenTheSourceTableIsNotAtTheSourceEndpoint_namesTableEndpointAndTheFix() {
        try (LocalDynamoDb second = LocalDynamoDb.embedded()) {
            source = second;

            CommandRun run = migrate("Missing", "Customer", CUSTOMER_MAP, "--source-endpoint", second.endpoint().toString());

            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(plain(run.err())).startsWith("singletable migrate failed. --from Missing: there is no table Missing at DynamoDB at "
                    + "<source-endpoint> (region us-east-1); check the name, --source-endpoint and --source-region (a table lives in one "
                    + "region and account: --source-profile)");
            assertThat(Files.exists(directory.resolve("migrate-checkpoint.json"))).isFalse(); // nothing read, nothing recorded
        } finally {
            source = null;
        }
    }

    @Test
    void migrate_whenTheSourceEndpointCannotBeReached_saysWhichAndToCheckIt() {
        CommandRun run = migrate(customers, "Customer", CUSTOMER_MAP, "--source-endpoint", "http://127.0.0.1:1");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(plain(run.err())).startsWith("singletable migrate failed. --source-endpoint: could not reach DynamoDB at "
                + "http://127.0.0.1:1 (region us-east-1) to read table <customers>: ")
                .contains("Check that DynamoDB is running there and that the URL, port, --source-region and --source-profile are right.");
        assertThat(run.out()).doesNotContain("Done");
    }

    @Test
    void migrate_whenSourceRegionWithoutSourceEndpoint_isAUsageError() {
        CommandRun run = migrate(customers, "Customer", CUSTOMER_MAP, "--source-region", "eu-west-1");

        assertThat(new CommandRun(run.exitCode(), run.out(), run.err().lines().findFirst().orElse(""))).isEqualTo(new CommandRun(2, "",
                "--source-region needs --source-endpoint; without it the source table is read on the target's engine, with the "
                        + "target's --region and --profile"));
    }

    @Test
    void migrate_whenResumedWithTheCheckpointOfAnotherMigration_refusesItNamingBoth() {
        migrate(customers, "Customer", CUSTOMER_MAP);

        CommandRun run = migrate(orders, "Order", ORDER_MAP, "--resume");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(plain(run.err())).startsWith("singletable migrate failed. --resume: <dir>/migrate-checkpoint.json is the checkpoint "
                + "of another migration: table <customers> (the target's engine) as Customer in 4 segments with --map "
                + "{created=createdAt, customer_id=customerId, full_name=name}, not table <orders> (the target's engine) as Order in 4 "
                + "segments with --map {created_at=createdAt, customer_id=customerId, order_id=orderId, order_status=status, "
                + "order_total=total}; give the same --from, --source-endpoint, --entity, --segments and --map as that migration, "
                + "another --checkpoint, or migrate again without --resume");
        assertThat(table().scan(APP.entity("Order")).count()).isZero();
    }

    @Test
    void migrate_whenResumedOnAnotherEngine_refusesNamingWhereTheCheckpointsMigrationWentAndWritesNothing() throws IOException {
        migrate(customers, "Customer", CUSTOMER_MAP);
        String checkpoint = placeholders(Files.readString(directory.resolve("migrate-checkpoint.json")));
        List<String> resume = new ArrayList<>(List.of("migrate", DESIGN, "--from", customers, "--entity", "Customer"));
        resume.addAll(List.of(CUSTOMER_MAP));
        resume.addAll(List.of("--resume", "--checkpoint", directory.resolve("migrate-checkpoint.json").toString(), "--table", single,
                "--progress-every", "0"));
        List<String> intoDataDir = new ArrayList<>(resume);
        intoDataDir.addAll(List.of("--data-dir", directory.resolve("other-data").toString()));

        CommandRun other = main(intoDataDir);
        CommandRun inMemory = main(resume);

        assertThat(checkpoint).contains("\"format\" : \"singletable-migrate-checkpoint/2\",\n  \"table\" : \"<single>\",\n  \"target\" : "
                + "\"DynamoDB at <endpoint> (region us-east-1)\",");
        assertThat(List.of(other.exitCode(), other.out(), plain(other.err()))).isEqualTo(List.of(1, "", "singletable migrate failed. "
                + "--resume: <dir>/migrate-checkpoint.json is the checkpoint of a migration into table <single> on DynamoDB at <endpoint> "
                + "(region us-east-1), not on Dynoxide data in <dir>/other-data, where the source items it records as done were never "
                + "written; resume with the options that reach that engine (--data-dir, or --endpoint and --region), or migrate into this "
                + "one again without --resume (Run again with --verbose for the details.)"));
        assertThat(plain(inMemory.err())).contains("is the checkpoint of a migration into table <single> on DynamoDB at <endpoint> "
                + "(region us-east-1), not on Dynoxide in memory,");
    }

    @Test
    void migrate_whenResumedWithACheckpointOfAnOlderFormatWithoutTarget_resumesSayingItCouldNotCheckTheEngine() throws IOException {
        migrate(customers, "Customer", CUSTOMER_MAP);
        Path path = directory.resolve("migrate-checkpoint.json");
        com.fasterxml.jackson.databind.node.ObjectNode old = (com.fasterxml.jackson.databind.node.ObjectNode)
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(path.toFile());
        old.put("format", "singletable-migrate-checkpoint/1").remove("target");
        Files.writeString(path, old.toPrettyString());

        CommandRun resumed = migrate(customers, "Customer", CUSTOMER_MAP, "--resume");

        assertThat(resumed.exitCode()).as(resumed.out()).isZero();
        assertThat(resumed.out()).contains("  the checkpoint <dir>/migrate-checkpoint.json was written by an older singletable, which did "
                + "not record the engine the migration went into: resuming trusts it was this one (--verify compares the whole table)",
                "Already complete");
    }

    @Test
    void migrate_whenResumedWithALoadCheckpointOrNone_refusesIt() {
        Path load = directory.resolve("load-checkpoint.json");
        LoadCheckpoint.fresh(load, single, TestTargets.ENGINE, Instant.parse("2025-01-01T00:00:00Z")).save();

        CommandRun ofALoad = migrate(customers, "Customer", CUSTOMER_MAP, "--resume", "--checkpoint", load.toString());
        CommandRun none = migrate(customers, "Customer", CUSTOMER_MAP, "--resume", "--checkpoint", directory.resolve("none.json").toString());

        assertThat(ofALoad.exitCode()).isEqualTo(1);
        assertThat(plain(ofALoad.err())).startsWith("singletable migrate failed. --resume: <dir>/load-checkpoint.json is the checkpoint of "
                + "a load, not of a migration (singletable-migrate-checkpoint/2); give the --checkpoint of the migration, or migrate "
                + "again without --resume");
        assertThat(plain(none.err())).startsWith("singletable migrate failed. --resume: no checkpoint <dir>/none.json; a migration "
                + "leaves one there (or name it with --checkpoint)");
        assertThat(List.of(ofALoad.out(), none.out())).containsOnly("");
    }

    @Test
    void migrate_whenResumedWithACheckpointOfTheFormatButNoMigration_saysTheSectionIsMissing() throws IOException {
        Path partial = Files.writeString(directory.resolve("partial.json"), "{\"format\": \"singletable-migrate-checkpoint/1\"}");

        CommandRun run = migrate(customers, "Customer", CUSTOMER_MAP, "--resume", "--checkpoint", partial.toString());

        assertThat(List.of(run.exitCode(), run.out(), plain(run.err()))).isEqualTo(List.of(1, "",
                "singletable migrate failed. --resume: <dir>/partial.json is of format singletable-migrate-checkpoint/1 but has no "
                        + "'migration' section (it is incomplete, or was not written by migrate); give the --checkpoint of the migration, "
                        + "or migrate again without --resume (Run again with --verbose for the details.)"));
    }

    @Test
    void load_whenResumedWithAMigrationCheckpoint_refusesIt() {
        migrate(customers, "Customer", CUSTOMER_MAP);

        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> LoadCheckpoint.resume(directory.resolve("migrate-checkpoint.json"),
                single, TestTargets.ENGINE))).isInstanceOf(LoadInputException.class).hasMessageContaining("is the checkpoint of a migration (singletable "
                + "migrate), not of a load");
    }
}
