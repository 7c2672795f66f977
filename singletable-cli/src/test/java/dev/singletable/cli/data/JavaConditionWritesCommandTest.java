package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A design file whose Order has an index conditioned on a Java method ({@code when: {java: isShipped}}, as the processor
 * writes {@code @Index(when = "isShipped")}): the schema refuses to write an Order that would enter the index whenever
 * its key slots have values, where the Java application may keep it out, and the data commands say so as a usage error
 * (or a refused row); they still write Orders the method cannot put on the index (no key slot), read, delete, and write
 * the other entities. The method may read any attribute (isShipped reads shippedAt): an update is decided on the stored
 * item, read first, and refused when that item has the key slot.
 */
class JavaConditionWritesCommandTest {
    private static final String ORDERS = "../singletable-schema/src/test/resources/java-condition/orders.singletable.yaml";
    private static final String ORDERS_WITH_EXAMPLES = "src/test/resources/java-condition/orders-with-examples.singletable.yaml";
    private static final String REFUSAL = "an item of Order is on index GSI1 only when the application's Java method isShipped() "
            + "says so, which the design file names but cannot run; this one has GSI1's key slot createdAt (";
    private static final String FIX = "An item of Order without createdAt is not on GSI1: write it without createdAt, or write Order "
            + "items with the Java application that has isShipped(), or, if the condition can "
            + "be said in the schema file, declare it there (present, absent, equals, notEquals, beginsWith, all, any) instead of "
            + "{java: isShipped}";

    @Test
    void put_whenAnIndexOfTheEntityIsConditionedOnAJavaMethod_isAUsageErrorNamingIndexMethodAndFixAndWritesNothing(@TempDir Path data) {
        String dir = data.toString();

        CliRun.of("put", ORDERS, "Order", "id=o1", "createdAt=2025-01-01T00:00:00Z", "--data-dir", dir).replacing(dir, "DATA")
                .matchesGolden("java-condition/put-refused.txt");
        CliRun get = CliRun.of("get", ORDERS, "Order", "id=o1", "--data-dir", dir);

        assertThat(get.exitCode()).as(get.err()).isEqualTo(1);
        assertThat(get.err()).startsWith("not found: no Order at PK = \"ORDER#o1\"");
    }

    @Test
    void update_whenItSetsAKeySlotOfAnIndexConditionedOnAJavaMethod_readsTheItemThenIsAUsageErrorNamingIndexMethodAndFix(
            @TempDir Path data) {
        CliRun.of("put", ORDERS, "Order", "id=o1", "--data-dir", data.toString());
        CliRun update = CliRun.of("update", ORDERS, "Order", "id=o1", "--set", "createdAt=2025-01-02T00:00:00Z",
                "--data-dir", data.toString());

        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(update.out()).doesNotContain("UpdateItem");
        assertThat(update.err()).startsWith("update Order: " + REFUSAL).contains(FIX);
    }

    @Test
    void putAndUpdate_whenTheStoredOrderLacksTheKeySlotOfTheIndexConditionedOnAJavaMethod_writeTheOrderOffTheIndex(
            @TempDir Path data) {
        String dir = data.toString();

        CliRun put = CliRun.of("put", ORDERS, "Order", "id=o1", "--data-dir", dir);
        CliRun update = CliRun.of("update", ORDERS, "Order", "id=o1", "--set", "shippedAt=2025-01-02T00:00:00Z", "--data-dir", dir);
        CliRun get = CliRun.of("get", ORDERS, "Order", "id=o1", "--data-dir", dir);

        assertThat(put.exitCode()).as(put.err()).isZero();
        assertThat(update.exitCode()).as(update.err()).isZero();
        assertThat(update.out()).contains("GetItem Shop").contains("UpdateItem Shop");
        assertThat(get.out()).contains("shippedAt").doesNotContain("GSI1PK");
    }

    @Test
    void update_whenItRemovesShippedAtFromAStoredShippedOrder_isAUsageErrorAndLeavesTheOrderOnTheIndex(@TempDir Path data)
            throws IOException {
        String dir = data.toString();
        String javaApplication = asTheJavaApplicationWrites(data);
        CliRun.of("put", javaApplication, "Order", "id=a1", "createdAt=2025-01-01T00:00:00Z", "shippedAt=2025-01-01T00:00:00Z",
                "--data-dir", dir);

        CliRun update = CliRun.of("update", ORDERS, "Order", "id=a1", "--remove", "shippedAt", "--data-dir", dir);
        CliRun shipped = CliRun.of("run", ORDERS, "shipped-orders", "--data-dir", dir);

        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(update.out()).doesNotContain("UpdateItem");
        assertThat(update.err()).startsWith("update Order: " + REFUSAL);
        assertThat(shipped.out()).contains("ORDER#a1");
    }

    @Test
    void update_whenItSetsShippedAtOnAStoredUnshippedOrderWithCreatedAt_isAUsageErrorAndLeavesTheOrderOffTheIndex(
            @TempDir Path data) throws IOException {
        String dir = data.toString();
        String javaApplication = asTheJavaApplicationWrites(data);
        CliRun.of("put", javaApplication, "Order", "id=a2", "createdAt=2025-01-01T00:00:00Z", "--data-dir", dir);

        CliRun update = CliRun.of("update", ORDERS, "Order", "id=a2", "--set", "shippedAt=2025-01-02T00:00:00Z", "--data-dir", dir);
        CliRun get = CliRun.of("get", ORDERS, "Order", "id=a2", "--data-dir", dir);

        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(update.out()).doesNotContain("UpdateItem");
        assertThat(update.err()).startsWith("update Order: " + REFUSAL);
        assertThat(get.out()).doesNotContain("shippedAt").doesNotContain("GSI1PK");
    }

    /** The same design with isShipped() said in the file (shippedAt present), to store Orders as the Java application does. */
    private static String asTheJavaApplicationWrites(Path data) throws IOException {
        Path design = data.resolve("java-application.singletable.yaml");
        Files.writeString(design, Files.readString(Path.of(ORDERS)).replace("when: {java: isShipped}", "when: {present: shippedAt}"));
        return design.toString();
    }

    @Test
    void getRunDeleteAndPut_whenTheDesignHasAJavaConditionOnAnotherEntity_workAsBefore(@TempDir Path data) {
        String dir = data.toString();

        CliRun put = CliRun.of("put", ORDERS, "Customer", "name=ada", "--data-dir", dir);
        CliRun get = CliRun.of("get", ORDERS, "Customer", "name=ada", "--data-dir", dir);
        CliRun run = CliRun.of("run", ORDERS, "shipped-orders", "--data-dir", dir);
        CliRun delete = CliRun.of("delete", ORDERS, "Order", "id=o1", "--data-dir", dir);

        assertThat(put.exitCode()).as(put.err()).isZero();
        assertThat(get.exitCode()).as(get.err()).isZero();
        assertThat(get.out()).contains("name    \"ada\"");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("GSI1");
        assertThat(delete.exitCode()).as(delete.err()).isZero();
    }

    @Test
    void load_whenRowsAreOfAnEntityWithAJavaCondition_refusesThoseRowsWithTheReasonAndWritesTheOthers(@TempDir Path data)
            throws IOException {
        String dir = data.toString();
        Path rows = data.resolve("rows.jsonl");
        Files.writeString(rows, """
                {"entity": "Order", "id": "o1", "createdAt": "2025-01-01T00:00:00Z"}
                {"entity": "Customer", "name": "ada"}
                """);

        CliRun load = CliRun.of("load", ORDERS, rows.toString(), "--data-dir", dir.toString());
        CliRun order = CliRun.of("get", ORDERS, "Order", "id=o1", "--data-dir", dir);
        CliRun customer = CliRun.of("get", ORDERS, "Customer", "name=ada", "--data-dir", dir);

        assertThat(load.exitCode()).isEqualTo(1);
        assertThat(load.out()).contains("rows.jsonl:1: " + REFUSAL).contains(FIX).contains("written       1 item");
        assertThat(order.exitCode()).isEqualTo(1);
        assertThat(customer.exitCode()).as(customer.err()).isZero();
    }

    @Test
    void load_whenEntityNamesAnEntityWithAJavaCondition_refusesTheRowsWithTheKeySlotAndWritesTheOthers(@TempDir Path data)
            throws IOException {
        String dir = data.toString();
        Path rows = data.resolve("rows.jsonl");
        Files.writeString(rows, "{\"id\": \"o1\", \"createdAt\": \"2025-01-01T00:00:00Z\"}\n{\"id\": \"o2\"}\n");

        CliRun load = CliRun.of("load", ORDERS, rows.toString(), "--entity", "Order", "--data-dir", dir);
        CliRun refused = CliRun.of("get", ORDERS, "Order", "id=o1", "--data-dir", dir);
        CliRun written = CliRun.of("get", ORDERS, "Order", "id=o2", "--data-dir", dir);

        assertThat(load.exitCode()).isEqualTo(1);
        assertThat(load.out()).contains("rows.jsonl:1: " + REFUSAL).contains(FIX).contains("written       1 item");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(written.exitCode()).as(written.err()).isZero();
    }

    @Test
    void newTable_whenAnEntityWithAJavaConditionHasExamples_skipsThemSayingWhyAndWritesTheOthers() {
        CliRun order = CliRun.of("get", ORDERS_WITH_EXAMPLES, "Order", "id=o2");
        CliRun customer = CliRun.of("get", ORDERS_WITH_EXAMPLES, "Customer", "name=ada");
        CliRun shipped = CliRun.of("run", ORDERS_WITH_EXAMPLES, "shipped-orders");

        assertThat(order.exitCode()).isEqualTo(1);
        assertThat(order.err()).startsWith("not found: no Order at PK = \"ORDER#o2\"");
        assertThat(order.out()).contains("Table   Shop created and the design's 1 example item written (the embedded Dynoxide starts empty)\n"
                + "Skipped 2 example items of Order: " + REFUSAL).contains(FIX);
        assertThat(customer.exitCode()).as(customer.err()).isZero();
        assertThat(customer.out()).contains("name    \"ada\"");
        assertThat(shipped.exitCode()).as(shipped.err()).isZero();
        assertThat(shipped.out()).contains("(no items)");
    }
}
