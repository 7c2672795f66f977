package dev.singletable.cli.data.load;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The loader on the embedded engine with an entity stored by its state (designs/products: Product is an ActiveProduct or an
 * ArchivedProduct, by {@code archived}): after a load or a resumed load the entity is stored once, in the state its row
 * gives, or the row is reported.
 */
class LoaderStatesTest {
    private static final Path PRODUCTS = Path.of("../designs/products.singletable.yaml");
    private static final AtomicInteger TABLES = new AtomicInteger();

    @RegisterExtension
    static final LocalDynamoDbExtension DB = LocalDynamoDbExtension.engineOnly();

    @TempDir
    Path directory;

    /** The products design without its version attribute: a load writes its rows in batches. */
    private SchemaFile unversioned() throws IOException {
        return SchemaFile.load(Files.writeString(directory.resolve("products.singletable.yaml"), Files.readString(PRODUCTS)
                .replace("      version:\n        type: long\n        role: version\n", "")));
    }

    private static Table freshTable(SchemaFile design) {
        TableSchema schema = design.tableSchema().toBuilder().name("LoaderStatesTest-" + TABLES.incrementAndGet() + "-" + System.nanoTime())
                .build();
        Table table = Table.of(schema, DB.client());
        table.createTable();
        return table;
    }

    private Path row(String name, boolean archived) throws IOException {
        return Files.writeString(directory.resolve("products.jsonl"), "{\"entity\": \"Product\", \"productId\": \"p1\", \"name\": \""
                + name + "\", \"archived\": " + archived + "}\n");
    }

    /** Loads {@code file} into {@code table} through {@code client}; resumed as after a crash that may have sent its line. */
    private Loader.Result load(SchemaFile design, Table table, DynamoDbClient client, Path file, boolean resumed) throws IOException {
        Path path = directory.resolve("products.checkpoint.json");
        LoadCheckpoint checkpoint = LoadCheckpoint.fresh(path, table.schema().name(), TestTargets.ENGINE, Instant.parse("2026-11-30T10:00:00Z"));
        if (resumed) {
            checkpoint.files().record(new LoadCheckpoint.FileMarks(file.toString(), Files.size(file), 1, 1 + Loader.DISPATCH_BLOCK));
            checkpoint.save();
            checkpoint = LoadCheckpoint.resume(path, table.schema().name(), TestTargets.ENGINE);
        }
        CapacityMeter meter = CapacityMeter.requesting();
        return new Loader(design, DB.client(), Loader.table(table.schema(), client, checkpoint, meter),
                new InputFiles(design.document(), Optional.empty()), checkpoint, resumed, Loader.Options.of(1, false), meter, LoadProgress.none())
                .run(List.of(new Loader.Input(file, InputFormat.JSON_LINES, 1)));
    }

    /** Each item of the table as {@code ActiveProduct p1 name}. */
    private static List<String> stored(SchemaFile design, Table table) {
        List<String> stored = new ArrayList<>();
        for (String type : List.of("ActiveProduct", "ArchivedProduct")) {
            table.scan(design.entity(type)).list().forEach(item -> stored.add(type + " " + item.getString("productId") + " "
                    + item.getString("name")));
        }
        return stored;
    }

    private static DynamicItem product(SchemaFile design, String name, boolean archived) {
        return design.item("Product", Map.of("productId", "p1", "name", name, "archived", archived));
    }

    @Test
    void run_whenTwoRowsGiveTheEntityInTwoStates_refusesTheSecondNamingBothLinesAndWritesTheFirst() throws IOException {
        SchemaFile design = unversioned();
        Table table = freshTable(design);
        Path file = Files.writeString(directory.resolve("products.jsonl"), """
                {"entity": "Product", "productId": "p1", "name": "A", "archived": false}
                {"entity": "Product", "productId": "p1", "name": "B", "archived": true}
                """);

        Loader.Result result = load(design, table, DB.client(), file, false);

        assertThat(result.notWritten()).isEmpty();
        assertThat(result.refused()).extracting(Loader.Failure::toString).containsExactly(file + ":2: same Product as " + file
                + ":1, which stores it in another state (PK=ACTIVE_PRODUCT#p1, SK=METADATA): the put of either row deletes the other's "
                + "item, so DynamoDB would keep at most one: remove one of the rows");
        assertThat(stored(design, table)).containsExactly("ActiveProduct p1 A");
    }

    @Test
    void run_whenResumedOverTheEntityStoredInAnotherState_writesItInTheRowsStateAndDeletesTheOther() throws IOException {
        SchemaFile design = unversioned();
        Table table = freshTable(design);
        table.put(product(design, "A", false));

        Loader.Result result = load(design, table, DB.client(), row("B", true), true);

        assertThat(result.notWritten()).isEmpty();
        assertThat(result.written()).isEqualTo(1);
        assertThat(stored(design, table)).containsExactly("ArchivedProduct p1 B");
    }

    @Test
    void run_whenResumedOverItemsInBothStatesKeys_leavesOneInTheRowsState() throws IOException {
        SchemaFile design = unversioned();
        Table table = freshTable(design);
        table.put(product(design, "A", false));
        DB.client().putItem(r -> r.tableName(table.schema().name()).item(table.toItem(product(design, "B", true))));

        Loader.Result result = load(design, table, DB.client(), row("C", true), true);

        assertThat(result.notWritten()).isEmpty();
        assertThat(stored(design, table)).containsExactly("ArchivedProduct p1 C");
    }

    @Test
    void run_whenAVersionedEntityIsStoredInAnotherState_reportsTheRowNamingThatStatesKeyAndLeavesIt() throws IOException {
        SchemaFile design = SchemaFile.load(PRODUCTS);
        Table table = freshTable(design);
        table.put(product(design, "A", false));

        Loader.Result result = load(design, table, DB.client(), row("B", true), false);

        assertThat(result.notWritten()).extracting(Loader.Failure::reason).singleElement().asString()
                .startsWith("its key in another state (ActiveProduct PK=ACTIVE_PRODUCT#p1, SK=METADATA) holds this entity")
                .contains("a load never overwrites an item of a versioned entity", "singletable put ... version=N");
        assertThat(stored(design, table)).containsExactly("ActiveProduct p1 A");
    }

    @Test
    void run_whenDynamoDbLeavesTheOtherStatesDeleteUnprocessed_reportsTheRowNotWritten() throws IOException {
        SchemaFile design = unversioned();
        Table table = freshTable(design);
        table.put(product(design, "A", false));

        Loader.Result result = load(design, table, unprocessing(DB.client(), write -> write.deleteRequest() != null), row("B", true), false);

        assertThat(result.written()).isZero();
        assertThat(result.notWritten()).extracting(Loader.Failure::reason).singleElement().asString()
                .startsWith("written, but DynamoDB left the delete of its key in another state (ActiveProduct PK=ACTIVE_PRODUCT#p1, "
                        + "SK=METADATA) unprocessed after 10 attempts (throttled): the entity may be stored in two states; load the line again");
        assertThat(stored(design, table)).containsExactlyInAnyOrder("ActiveProduct p1 A", "ArchivedProduct p1 B");
    }

    @Test
    void run_whenDynamoDbLeavesThePutAndTheDeleteUnprocessed_reportsBoth() throws IOException {
        SchemaFile design = unversioned();
        Table table = freshTable(design);
        table.put(product(design, "A", false));

        Loader.Result result = load(design, table, unprocessing(DB.client(), write -> true), row("B", true), false);

        assertThat(result.notWritten()).extracting(Loader.Failure::reason).singleElement().asString()
                .startsWith("DynamoDB left it and the delete of its key in another state (ActiveProduct PK=ACTIVE_PRODUCT#p1, SK=METADATA)"
                        + " unprocessed after 10 attempts");
        assertThat(stored(design, table)).containsExactly("ActiveProduct p1 A");
    }

    /** {@code real}, but the write requests of each BatchWriteItem that {@code left} picks come back unprocessed, never sent. */
    private static DynamoDbClient unprocessing(DynamoDbClient real, Predicate<WriteRequest> left) {
        return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("batchWriteItem")) {
                        return batchWrite(real, args[0] instanceof BatchWriteItemRequest request ? request
                                : BatchWriteItemRequest.builder().applyMutation(mutation(args[0])).build(), left);
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @SuppressWarnings("unchecked")
    private static Consumer<BatchWriteItemRequest.Builder> mutation(Object consumer) {
        return (Consumer<BatchWriteItemRequest.Builder>) consumer;
    }

    private static BatchWriteItemResponse batchWrite(DynamoDbClient real, BatchWriteItemRequest request, Predicate<WriteRequest> left) {
        Map<String, List<WriteRequest>> sent = new java.util.HashMap<>();
        Map<String, List<WriteRequest>> unprocessed = new java.util.HashMap<>();
        request.requestItems().forEach((name, writes) -> writes.forEach(write ->
                (left.test(write) ? unprocessed : sent).computeIfAbsent(name, n -> new ArrayList<>()).add(write)));
        if (!sent.isEmpty()) {
            real.batchWriteItem(r -> r.requestItems(sent));
        }
        return BatchWriteItemResponse.builder().unprocessedItems(unprocessed).build();
    }
}
