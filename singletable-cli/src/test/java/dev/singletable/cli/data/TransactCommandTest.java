package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable transact}: a file of actions written in one TransactWriteItems on the embedded engine, all or none;
 * a canceled transaction printed action by action with DynamoDB's reason (exit 1, nothing written); {@code --explain}
 * without an engine; a bad file, action, field, attribute, operator or value (exit 2 naming file, line and what is wrong).
 */
class TransactCommandTest {
    private static final String SHOP = "src/test/resources/transact/shop.singletable.yaml";
    private static final String ORDER = "src/test/resources/transact/order.jsonl";
    private static final String RESTOCK = "src/test/resources/transact/restock.json";

    /** s1 with 5 in stock, s2 with none, discontinued or not: the products order.jsonl orders and checks. */
    private static void products(String dir, boolean discontinued) {
        CliRun.of("put", SHOP, "Product", "sku=s1", "stock=5", "--data-dir", dir);
        CliRun.of("put", SHOP, "Product", "sku=s2", "stock=0", "discontinued=" + discontinued, "--data-dir", dir);
    }

    @Test
    void transact_whenEveryGuardHolds_writesEveryAction(@TempDir Path data) {
        String dir = data.toString();
        products(dir, false);

        CliRun run = CliRun.of("transact", SHOP, ORDER, "--data-dir", dir).replacing(dir, "DATA")
                .matchesGolden("transact/order.txt");
        CliRun order = CliRun.of("get", SHOP, "Order", "orderId=o1", "--data-dir", dir);
        CliRun product = CliRun.of("get", SHOP, "Product", "sku=s1", "--data-dir", dir);

        assertThat(run.exitCode()).isZero();
        assertThat(order.exitCode()).isZero();
        assertThat(order.out()).contains("quantity  2");
        assertThat(product.out()).contains("stock   3");
    }

    @Test
    void transact_whenAGuardDoesNotHold_isCanceledNamingEachActionsReasonAndWritesNothing(@TempDir Path data) {
        String dir = data.toString();
        products(dir, true);

        CliRun run = CliRun.of("transact", SHOP, ORDER, "--data-dir", dir).replacing(dir, "DATA")
                .matchesGolden("transact/order-canceled.txt");
        CliRun order = CliRun.of("get", SHOP, "Order", "orderId=o1", "--data-dir", dir);
        CliRun product = CliRun.of("get", SHOP, "Product", "sku=s1", "--data-dir", dir);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(order.exitCode()).isEqualTo(1);
        assertThat(product.out()).contains("stock   5");
    }

    @Test
    void transact_whenFormatJson_printsEachActionWrittenAsJsonOnStandardOutput(@TempDir Path data) {
        String dir = data.toString();
        products(dir, false);

        CliRun run = CliRun.of("transact", SHOP, ORDER, "--format", "json", "--data-dir", dir).replacing(dir, "DATA")
                .matchesGolden("transact/order-json.txt");

        assertThat(run.exitCode()).isZero();
    }

    @Test
    void transact_whenFormatJsonAndCanceled_printsEachActionsReasonAsJsonWithTheStoredItem(@TempDir Path data) {
        String dir = data.toString();
        products(dir, true);

        CliRun run = CliRun.of("transact", SHOP, ORDER, "--format", "json", "--data-dir", dir).replacing(dir, "DATA")
                .matchesGolden("transact/order-canceled-json.txt");
        CliRun product = CliRun.of("get", SHOP, "Product", "sku=s1", "--data-dir", dir);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(product.out()).contains("stock   5");
    }

    @Test
    void transact_whenExplainAndFormatJson_printsEachActionNotSent() {
        CliRun run = CliRun.of("transact", SHOP, RESTOCK, "--explain", "--format", "json")
                .matchesGolden("transact/restock-explain-json.txt");

        assertThat(run.exitCode()).isZero();
    }

    @Test
    void transact_whenExplainAndTheFileIsOneArray_printsTheRequestStartingNoEngine() {
        CliRun run = CliRun.of("transact", SHOP, RESTOCK, "--explain").matchesGolden("transact/restock-explain.txt");

        assertThat(run.exitCode()).isZero();
    }

    @Test
    void transact_whenFormatJsonAndAnActionIsWrong_printsTheErrorWithTheActionsIndexEntityAndLine(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("actions.jsonl"), """
                {"action": "update", "entity": "Product", "key": {"sku": "s1"}, "add": {"stock": -2}}
                {"action": "put", "entity": "Product", "item": {"sku": "s1", "stok": 1}}
                """);

        CliRun run = CliRun.of("transact", SHOP, file.toString(), "--format", "json").replacing(dir.toString(), "DIR")
                .matchesGolden("transact/wrong-action-json.txt");

        assertThat(run.exitCode()).isEqualTo(2);
    }

    @Test
    void transact_whenFormatJsonAndTheFileHoldsNoAction_printsTheErrorOfTheWholeFile(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("empty.jsonl"), "\n");

        CliRun run = CliRun.of("transact", SHOP, file.toString(), "--format", "json").replacing(dir.toString(), "DIR")
                .matchesGolden("transact/empty-json.txt");

        assertThat(run.exitCode()).isEqualTo(2);
    }

    /** A bad file: the case, the file's text, the error after {@code FILE:}. */
    static Stream<Arguments> fileMistakes() {
        return Stream.of(
                Arguments.of("action unknown", "{\"action\": \"upsert\", \"entity\": \"Product\"}",
                        ":1: no action 'upsert'; give one of put, create, replace, update, delete, check"),
                Arguments.of("entity unknown", "{\"action\": \"delete\", \"entity\": \"Prodcut\", \"key\": {\"sku\": \"s1\"}}",
                        ":1: No entity 'Prodcut' in the schema file; did you mean 'Product'?; the file has Product, Order"),
                Arguments.of("field unknown", "{\"action\": \"delete\", \"entity\": \"Product\", \"key\": {\"sku\": \"s1\"}, \"set\": {}}",
                        ":1: delete Product: no field 'set'; the fields of delete are action, entity, key, expect"),
                Arguments.of("attribute unknown", "\n{\"action\": \"put\", \"entity\": \"Product\", \"item\": {\"sku\": \"s1\", \"stok\": 1}}",
                        ":2: put Product: no attribute 'stok' (did you mean 'stock'?); its attributes are sku, stock, discontinued"),
                Arguments.of("value of the wrong type", "{\"action\": \"update\", \"entity\": \"Product\", \"key\": {\"sku\": \"s1\"}, "
                        + "\"add\": {\"stock\": \"lots\"}}", ":1: update Product: add stock=lots: path stock holds integer, and 'lots' "
                        + "does not fit: 'lots' is not an integer (32 bits); give a value of that type"),
                Arguments.of("guard operator", "{\"action\": \"delete\", \"entity\": \"Product\", \"key\": {\"sku\": \"s1\"}, "
                        + "\"expect\": [\"stock<>2\"]}", ":1: delete Product: expect 'stock<>2': <> is no comparison; give one of "
                        + "=, !=, <, <=, >, >= (!= for not equal)"),
                Arguments.of("check without a guard", "{\"action\": \"check\", \"entity\": \"Product\", \"key\": {\"sku\": \"s1\"}}",
                        ":1: check Product: a check needs what the stored item must hold, as \"expect\": [\"status=open\"]"),
                Arguments.of("required attribute missing", "{\"action\": \"create\", \"entity\": \"Order\", \"item\": {\"orderId\": \"o1\"}}",
                        ":1: create Order: "),
                Arguments.of("not JSON", "{\"action\": \"put\",", ":1, column "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fileMistakes")
    void transact_whenTheFileIsWrong_isUsageErrorNamingFileLineAndWhatIsWrong(String when, String text, String error,
                                                                              @TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("actions.jsonl"), text);

        CliRun run = CliRun.of("transact", SHOP, file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains(file + error).endsWith("Run 'singletable transact --help' for its options.\n");
    }

    @Test
    void transact_whenTheFileHoldsNoAction_isUsageErrorSayingWhatToGive(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("empty.jsonl"), "\n");

        CliRun run = CliRun.of("transact", SHOP, file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("transact: " + file + " holds no action; give one JSON object an action");
    }
}
