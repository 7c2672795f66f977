package dev.singletable.cli.data.load;

import dev.singletable.DynamicItem;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.cli.Main;
import dev.singletable.cli.Style;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
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

    private final int run = RUNS.incrementAndGet();
    private final String single = "Single-" + run + "-" + System.nanoTime();
    private final String customers = "Customers-" + run + "-" + System.nanoTime();
    private final String orders = "Orders-" + run + "-" + System.nanoTime();

    private record Run(int exitCode, String out, String err) {
    }

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
        DB.client().createTable(r -> r.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
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

    private Run migrate(String from, String entity, String[] map, String... more) {
        List<String> all = new ArrayList<>(List.of("migrate", DESIGN, "--from", from, "--entity", entity));
        all.addAll(List.of(map));
        all.addAll(List.of(more));
        all.addAll(List.of("--endpoint", DB.engine().endpoint().toString(), "--table", single, "--progress-every", "0"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Style.plain());
        return new Run(code, placeholders(out.toString(StandardCharsets.UTF_8)), placeholders(err.toString(StandardCharsets.UTF_8)));
    }

    private String placeholders(String text) {
        return text.replace(DB.engine().endpoint().toString(), "<endpoint>").replace(single, "<single>").replace(customers, "<customers>")
                .replace(orders, "<orders>").replace(System.lineSeparator(), "\n");
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
        Run customersRun = migrate(customers, "Customer", CUSTOMER_MAP, "--verify");
        Run ordersRun = migrate(orders, "Order", ORDER_MAP, "--verify");

        assertThat(customersRun).isEqualTo(new Run(0, golden("customers.txt", customersRun.out()), ""));
        assertThat(ordersRun).isEqualTo(new Run(0, golden("orders.txt", ordersRun.out()), ""));
        DynamicItem order = table().get(APP.entity("Order"), KeyValues.of("customerId", "C1").and("orderId", "O1")).orElseThrow();
        assertThat(List.of(order.getString("status"), order.getDecimal("total"), order.getInstant("createdAt")))
                .containsExactly("PAID", new BigDecimal("19.99"), Instant.parse("2025-04-01T10:00:00Z"));
        assertThat(table().query(APP.entity("Order")).partition(KeyValues.of("customerId", "C1")).list())
                .extracting(o -> o.getString("orderId")).containsExactly("O1", "O2");
    }

    @Test
    void migrate_whenRunAgain_changesNothing() throws IOException {
        migrate(customers, "Customer", CUSTOMER_MAP);

        Run again = migrate(customers, "Customer", CUSTOMER_MAP, "--verify");

        assertThat(again).isEqualTo(new Run(0, golden("customers-again.txt", again.out()), ""));
    }

    @Test
    void migrate_whenASourceItemIsCorruptOrChanged_reportsItAndVerifyFails() throws IOException {
        migrate(orders, "Order", ORDER_MAP);
        putOrder("O4", "C3", "LOST", "7.50", "2025-04-04T10:00:00Z");
        putOrder("O2", "C1", "PENDING", "6", "2025-04-02T10:00:00Z");

        Run run = migrate(orders, "Order", ORDER_MAP, "--verify");

        assertThat(run).isEqualTo(new Run(1, golden("orders-corrupt.txt", run.out()), ""));
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

        Run run = migrate(customers, "Customer", CUSTOMER_MAP, "--dry-run");

        assertThat(run).isEqualTo(new Run(1, golden("customers-dry-run.txt", run.out()), ""));
    }

    @Test
    void migrate_whenNoCapacity_copiesAndSaysCapacityWasNotRequested() throws IOException {
        Run run = migrate(customers, "Customer", CUSTOMER_MAP, "--no-capacity");

        assertThat(run).isEqualTo(new Run(0, golden("customers-no-capacity.txt", run.out()), ""));
        assertThat(table().scan(APP.entity("Customer")).count()).isEqualTo(3);
    }

    @Test
    void migrate_whenNoCapacityWithDryRun_refusesTheMix() throws IOException {
        Run run = migrate(customers, "Customer", CUSTOMER_MAP, "--no-capacity", "--dry-run");

        assertThat(new Run(run.exitCode(), run.out(), run.err().lines().findFirst().orElse(""))).isEqualTo(new Run(2, "",
                "--dry-run writes nothing, so there is no capacity to ask for: give one of --dry-run and --no-capacity"));
    }
}
