package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The comparison guards of {@code put}, {@code update} and {@code delete} ({@code --expect 'stock>=2'}, {@code status!=x}): the
 * condition sent, a guard that does not hold (exit 1, nothing written), and a bad path, operator or value (exit 2 naming
 * entity, attribute and value), on the embedded engine.
 */
class ComparisonGuardsCommandTest {
    private static final String STOCK = "src/test/resources/arguments/stock.singletable.yaml";
    private static final String BLOG = "../designs/blog.singletable.yaml";
    private static final String ECOMMERCE = "../designs/ecommerce.singletable.yaml";
    private static final String CUSTOMERS = "../designs/customers.singletable.yaml";
    private static final String STANDINGS = "src/test/resources/arguments/standings.singletable.yaml";

    @Test
    void update_whenGreaterOrEqualGuardHolds_sendsItAndChangesTheItem(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", STOCK, "Product", "sku=s1", "stock=5", "--data-dir", dir);

        CliRun run = CliRun.of("update", STOCK, "Product", "sku=s1", "--add", "stock=-2", "--expect", "stock>=2", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("items/update-guard-ge.txt");

        assertThat(run.exitCode()).isZero();
    }

    @Test
    void update_whenGreaterOrEqualGuardDoesNotHold_exitsOneChangingNothing(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", STOCK, "Product", "sku=s1", "stock=1", "--data-dir", dir);

        CliRun run = CliRun.of("update", STOCK, "Product", "sku=s1", "--add", "stock=5", "--expect", "stock>=2", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("items/update-guard-ge-refused.txt");
        CliRun after = CliRun.of("get", STOCK, "Product", "sku=s1", "--data-dir", dir);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(after.out()).contains("stock   1");
    }

    @Test
    void delete_whenLessThanGuardDoesNotHold_exitsOneNamingTheStoredValue(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", STOCK, "Product", "sku=s1", "stock=5", "--data-dir", dir);

        CliRun run = CliRun.of("delete", STOCK, "Product", "sku=s1", "--expect", "stock<1", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("items/delete-guard-lt-refused.txt");

        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void delete_whenNotEqualAndLessOrEqualGuardsHold_deletesTheItem(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", STOCK, "Product", "sku=s1", "stock=0", "--data-dir", dir);

        CliRun run = CliRun.of("delete", STOCK, "Product", "sku=s1", "--expect", "stock<=0", "--expect", "sku!=s2", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("items/delete-guard-le-ne.txt");
        CliRun gone = CliRun.of("get", STOCK, "Product", "sku=s1", "--data-dir", dir);

        assertThat(run.exitCode()).isZero();
        assertThat(gone.exitCode()).isEqualTo(1);
    }

    @Test
    void put_whenGreaterOrEqualGuardHolds_sendsItAndReplacesTheItem(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", STOCK, "Product", "sku=s1", "stock=5", "--data-dir", dir);

        CliRun run = CliRun.of("put", STOCK, "Product", "sku=s1", "stock=3", "--expect", "stock>=2", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("items/put-guard-ge.txt");
        CliRun after = CliRun.of("get", STOCK, "Product", "sku=s1", "--data-dir", dir);

        assertThat(run.exitCode()).isZero();
        assertThat(after.out()).contains("stock   3");
    }

    @Test
    void put_whenGuardDoesNotHold_exitsOneNamingTheStoredValueAndWritesNothing(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", STOCK, "Product", "sku=s1", "stock=1", "--data-dir", dir);

        CliRun run = CliRun.of("put", STOCK, "Product", "sku=s1", "stock=9", "--expect", "stock>=2", "--expect", "sku=s1",
                "--data-dir", dir).replacing(dir, "DATA").matchesGolden("items/put-guard-ge-refused.txt");
        CliRun after = CliRun.of("get", STOCK, "Product", "sku=s1", "--data-dir", dir);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(after.out()).contains("stock   1");
    }

    @Test
    void put_whenGuardedAndNoItemIsStored_exitsOneSayingSo(@TempDir Path data) {
        String dir = data.toString();

        CliRun run = CliRun.of("put", STOCK, "Product", "sku=s1", "stock=9", "--expect", "stock<5", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("items/put-guard-no-item.txt");
        CliRun after = CliRun.of("get", STOCK, "Product", "sku=s1", "--data-dir", dir);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(after.exitCode()).isEqualTo(1);
    }

    /** A bad guard: the case, the command's arguments after the design, the first line of its error. */
    static Stream<Arguments> guardMistakes() {
        return Stream.of(
                Arguments.of("update, value of the wrong type", List.of("update", STOCK, "Product", "sku=s1", "--add", "stock=1",
                        "--expect", "stock>=lots"), "update Product: --expect stock>=lots: path stock holds integer, and 'lots' does not fit: "
                        + "'lots' is not an integer (32 bits); give a value of that type"),
                Arguments.of("update, attribute unknown", List.of("update", STOCK, "Product", "sku=s1", "--add", "stock=1",
                        "--expect", "stok>=2"), "update Product: --expect stok: path stok: Product has no attribute 'stok' "
                        + "(did you mean 'stock'?); its attributes are sku, stock"),
                Arguments.of("update, SQL's not equal", List.of("update", STOCK, "Product", "sku=s1", "--add", "stock=1",
                        "--expect", "stock<>2"), "update Product: --expect 'stock<>2': <> is no comparison; give one of =, !=, <, <=, >, >= "
                        + "(!= for not equal)"),
                Arguments.of("update, a doubled =", List.of("update", STOCK, "Product", "sku=s1", "--add", "stock=1",
                        "--expect", "stock==2"), "update Product: --expect 'stock==2': == is no comparison; give one of =, !=, <, <=, >, >= "
                        + "(= for equal)"),
                Arguments.of("delete, => for >=", List.of("delete", STOCK, "Product", "sku=s1", "--expect", "stock=>2"),
                        "delete Product: --expect 'stock=>2': => is no comparison; give one of =, !=, <, <=, >, >="),
                Arguments.of("delete, no comparison", List.of("delete", STOCK, "Product", "sku=s1", "--expect", "stock"),
                        "delete Product: --expect 'stock' is not PATH OP VALUE: it has no comparison; give one of =, !=, <, <=, >, >=, "
                        + "such as stock>=2 or status=open"),
                Arguments.of("delete, no attribute", List.of("delete", STOCK, "Product", "sku=s1", "--expect", ">=2"),
                        "delete Product: --expect '>=2' is not PATH OP VALUE: it names no attribute before >"),
                Arguments.of("delete, a lone !", List.of("delete", STOCK, "Product", "sku=s1", "--expect", "stock!2"),
                        "delete Product: --expect 'stock!2': ! is no comparison; give one of =, !=, <, <=, >, >="),
                Arguments.of("put, a doubled =", List.of("put", STOCK, "Product", "sku=s1", "stock=1", "--expect", "stock==2"),
                        "put Product: --expect 'stock==2': == is no comparison; give one of =, !=, <, <=, >, >= (= for equal)"),
                Arguments.of("put, => for >=", List.of("put", STOCK, "Product", "sku=s1", "stock=1", "--expect", "stock=>2"),
                        "put Product: --expect 'stock=>2': => is no comparison; give one of =, !=, <, <=, >, >="),
                Arguments.of("put, value of the wrong type", List.of("put", STOCK, "Product", "sku=s1", "stock=1", "--expect",
                        "stock<lots"), "put Product: --expect stock<lots: path stock holds integer, and 'lots' does not fit: "
                        + "'lots' is not an integer (32 bits); give a value of that type"),
                Arguments.of("put, with --if-not-exists", List.of("put", STOCK, "Product", "sku=s1", "stock=1", "--if-not-exists",
                        "--expect", "stock<2"), "put Product: --if-not-exists writes only where no item is stored, which --expect "
                        + "compares with: drop one of them"),
                Arguments.of("delete, order of a boolean", List.of("delete", BLOG, "Post", "username=alice", "postId=P1",
                        "--expect", "published>false"), "delete Post: --expect published>false: > compares by DynamoDB's order, which "
                        + "only strings, numbers and binary values have; the value is a boolean (BOOL): compare it with = or !=, or test "
                        + "an attribute of a string, number or binary type"),
                Arguments.of("delete, order of an instant", List.of("delete", BLOG, "Post", "username=alice", "postId=P1",
                        "--expect", "createdAt<2025-01-01T00:00:00.5Z"), "delete Post: --expect createdAt<2025-01-01T00:00:00.5Z: < "
                        + "compares the stored values of createdAt, and an instant is stored as ISO-8601 text whose fraction varies in "
                        + "width and which ends in Z, so 2025-01-01T00:00:00Z sorts after 2025-01-01T00:00:00.500Z, half a second "
                        + "later: DynamoDB would silently give wrong answers; compare it through a sort-key slot, whose fixed-width "
                        + "text keeps time order (a query's sort key range), or store it as epoch seconds (type: epochSeconds in the "
                        + "schema file), a Number DynamoDB compares by value"),
                Arguments.of("delete, order of a file's enum", List.of("delete", ECOMMERCE, "Order", "customerId=C1", "orderId=O1",
                        "--expect", "status<PAID"), "delete Order: --expect status<PAID: < compares the stored values of status, and an enum is "
                        + "stored as its constant's name, which sorts alphabetically, not in the order the constants are declared: "
                        + "DynamoDB would silently give wrong answers; compare it with =, naming the values wanted"),
                Arguments.of("update, order of an enum in a record", List.of("update", CUSTOMERS, "Customer", "customerId=C1",
                        "--set", "name=Ada", "--expect", "loyalty.tier>=SILVER"), "update Customer: --expect loyalty.tier>=SILVER: >= compares the "
                        + "stored values of loyalty.tier, and an enum is stored as its constant's name, which sorts alphabetically, not "
                        + "in the order the constants are declared: DynamoDB would silently give wrong answers; compare it with =, naming "
                        + "the values wanted"),
                Arguments.of("delete, order of an enum in a map's record, its key quoted", List.of("delete", STANDINGS, "Member",
                        "memberId=M1", "--expect", "byRegion[\"eu.west[1]\"].level>LOW"), "delete Member: --expect byRegion[\"eu.west[1]\"].level>LOW: > "
                        + "compares the stored values of byRegion[\"eu.west[1]\"].level, and an enum is stored as its constant's name, which "
                        + "sorts alphabetically, not in the order the constants are declared: DynamoDB would silently give wrong answers; "
                        + "compare it with =, naming the values wanted"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("guardMistakes")
    void write_whenGuardIsWrong_isUsageErrorNamingEntityAttributeAndValue(String when, List<String> args, String error) {
        CliRun run = CliRun.of(new ArrayList<>(args).toArray(String[]::new));

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo(error + "\nRun 'singletable " + args.get(0) + " --help' for its options.\n");
    }
}
