package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable update} on seed 000's customers with embedded addresses ({@code designs/customers.singletable.yaml}):
 * paths into records, maps and lists, the UpdateItem printed with its placeholders and the item after it, whole
 * outputs against golden files; a failed --expect and bad paths (exit 2 naming entity, path and value).
 */
class UpdateCommandTest {
    private static final String CUSTOMERS = "../designs/customers.singletable.yaml";
    private static final String THINGS = "src/test/resources/arguments/things.singletable.yaml";
    private static final String STOCK = "src/test/resources/arguments/stock.singletable.yaml";

    @Test
    void update_whenPathsIntoRecordsListsAndMaps_printsTheRequestWithPlaceholdersAndTheItemAfterIt(@TempDir Path data) {
        String dir = data.toString();

        CliRun.of("update", CUSTOMERS, "Customer", "customerId=C1", "--set", "shippingAddress.city=Paris",
                "--set", "addresses[\"summer house\"]={\"street\":\"1 Promenade\",\"city\":\"Nice\"}", "--remove", "pastAddresses[0]",
                "--remove", "tags[1]", "--add", "loyalty.points=50", "--expect", "loyalty.tier=GOLD", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("items/update-customer.txt");
        CliRun.of("get", CUSTOMERS, "Customer", "customerId=C1", "--data-dir", dir).replacing(dir, "DATA")
                .matchesGolden("items/update-customer.get.txt");
    }

    @Test
    void update_whenFormatJson_printsOnlyTheItemAfterItOnStandardOutput() {
        CliRun.of("update", CUSTOMERS, "Customer", "customerId=C1", "--set", "shippingAddress.city=Paris", "--add", "loyalty.points=50",
                "--expect", "loyalty.tier=GOLD", "--format", "json").matchesGolden("items/update-customer.json.txt");
    }

    @Test
    void update_whenExpectDoesNotHold_exitsOneChangingNothing() {
        CliRun run = CliRun.of("update", CUSTOMERS, "Customer", "customerId=C2", "--set", "addresses.home.city=Boston",
                "--expect", "addresses.home.city=Paris").matchesGolden("items/update-customer-refused.txt");

        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void update_whenAddWouldTakeALongPastItsRange_exitsOneChangingNothing() {
        CliRun run = CliRun.of("update", CUSTOMERS, "Customer", "customerId=C1", "--add", "loyalty.points=9223372036854775000");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err().replaceAll("\\s+", " ")).contains("update Customer PK = \"CUSTOMER#C1\", SK = \"PROFILE\": not changed, "
                + "loyalty.points + 9223372036854775000 would leave the range of its type [-9223372036854775808, 9223372036854775807] "
                + "(stored 1200).");
    }

    @Test
    void update_whenAddingANegativeAmountToANumberWithAMinimum_keepsTheMinimumInTheCondition(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", STOCK, "Product", "sku=s1", "stock=1", "--data-dir", dir);

        CliRun decrement = CliRun.of("update", STOCK, "Product", "sku=s1", "--add", "stock=-1", "--data-dir", dir);
        CliRun belowMinimum = CliRun.of("update", STOCK, "Product", "sku=s1", "--add", "stock=-1", "--data-dir", dir);

        assertThat(decrement.exitCode()).isZero();
        assertThat(decrement.out()).contains("#stock >= :v2").contains(":v2 = 1").doesNotContain(":v3").contains("stock   0");
        assertThat(belowMinimum.exitCode()).isEqualTo(1);
        assertThat(belowMinimum.err().replaceAll("\\s+", " ")).contains("update Product PK = \"PRODUCT#s1\", SK = \"METADATA\": not changed, "
                + "stock + -1 would break its rule (range of at least 0) (stored 0).");
    }

    @Test
    void update_whenSettingAListElementPastTheEnd_exitsOneChangingNothing() {
        CliRun run = CliRun.of("update", CUSTOMERS, "Customer", "customerId=C1", "--set", "tags[5]=gold")
                .matchesGolden("items/update-customer-list-past-end.txt");

        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void update_whenPathNamesNoAttributeOfTheRecord_isUsageErrorNamingEntityPathAndTheAttributes() {
        CliRun run = CliRun.of("update", CUSTOMERS, "Customer", "customerId=C1", "--set", "shippingAddress.cty=Paris");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("""
                update Customer: --set shippingAddress.cty: path shippingAddress.cty: shippingAddress is a record of type Address, which has no attribute 'cty' (did you mean 'city'?); its attributes are street, city, zip, country
                Run 'singletable update --help' for its options.
                """);
    }

    @Test
    void update_whenPathGoesIntoAString_isUsageErrorSayingWhatIsThere() {
        CliRun run = CliRun.of("update", CUSTOMERS, "Customer", "customerId=C1", "--remove", "name[0]");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("""
                update Customer: --remove name[0]: path name[0]: name[0] is not there: name is a string, which a path cannot go into; end the path at name
                Run 'singletable update --help' for its options.
                """);
    }

    @Test
    void update_whenValueDoesNotFitThePath_isUsageErrorNamingPathAndValue() {
        CliRun run = CliRun.of("update", CUSTOMERS, "Customer", "customerId=C1", "--add", "loyalty.points=lots");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("""
                update Customer: --add loyalty.points=lots: path loyalty.points holds long, and 'lots' does not fit: 'lots' is not an integer (64 bits); give a value of that type
                Run 'singletable update --help' for its options.
                """);
    }

    @Test
    void update_whenARecordLacksARequiredAttribute_isUsageErrorNamingIt() {
        CliRun run = CliRun.of("update", CUSTOMERS, "Customer", "customerId=C1", "--set", "shippingAddress={\"street\":\"1 Main St\"}");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("""
                update Customer: --set shippingAddress={"street":"1 Main St"}: path shippingAddress holds Address, and {street=1 Main St} does not fit: Address.city is required, and {street=1 Main St} lacks it; give it a value; give a map of its attributes
                Run 'singletable update --help' for its options.
                """);
    }

    @Test
    void update_whenOneSlotOfACompositeIndexKeyChanges_readsTheOthersFirstAndPrintsBothRequests(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", THINGS, "Thing", "id=1", "region=eu", "shop=s1", "--data-dir", dir);

        CliRun run = CliRun.of("update", THINGS, "Thing", "id=1", "--set", "shop=s2", "--data-dir", dir).replacing(dir, "DATA")
                .matchesGolden("items/update-index-slot-reading-first.txt");
        CliRun moved = CliRun.of("run", THINGS, "by-shop", "region=eu", "shop=s2", "--format", "jsonl", "--data-dir", dir);

        assertThat(run.exitCode()).isZero();
        assertThat(moved.out()).as("the index key rewritten from the stored region").contains("\"id\":\"1\"");
    }

    @Test
    void update_whenTheItemToReadFirstIsMissing_exitsOneChangingNothing(@TempDir Path data) {
        CliRun run = CliRun.of("update", THINGS, "Thing", "id=9", "--set", "shop=s2", "--data-dir", data.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("Request GetItem Things: pk = \"THING#9\", sk = \"THING\"; strongly consistent");
        assertThat(run.err().replaceAll("\\s+", " ")).contains("update Thing pk = \"THING#9\", sk = \"THING\": not changed, "
                + "there is no such item.");
    }

    @Test
    void update_whenTheExplanationRefusesForAnotherReason_isUsageErrorSendingNothing() {
        CliRun run = CliRun.of("update", THINGS, "Thing", "id=1", "--set", "title=x", "--remove", "title");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).doesNotContain("Request");
        assertThat(run.err()).startsWith("update Thing: ").contains("title");
    }

    @Test
    void update_whenTheExplanationRefusesAValueThatReadingFirstCannotMend_isUsageErrorReadingNothing(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", THINGS, "Thing", "id=1", "region=eu", "shop=s1", "--data-dir", dir);

        // both slots given, so nothing is missing: the index key is refused for its length, which no stored value changes
        CliRun run = CliRun.of("update", THINGS, "Thing", "id=1", "--set", "region=eu", "--set", "shop=" + "s".repeat(2100),
                "--data-dir", dir);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.out()).doesNotContain("GetItem").doesNotContain("Request");
        assertThat(run.err()).startsWith("update Thing: ");
    }

    @Test
    void update_whenItRemovesARequiredAttribute_isAUsageErrorBeforeAnEngineStarts(@TempDir Path data) {
        Path dir = data.resolve("never-made");

        CliRun run = CliRun.of("update", CUSTOMERS, "Customer", "customerId=c1", "--remove", "email", "--data-dir", dir.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("update Customer: ").contains("cannot remove email: it is required");
        assertThat(dir).doesNotExist();
    }

    @Test
    void update_whenAKeyAttributeChanges_isUsageErrorSayingToPutAndDeleteInCommandLineTerms() {
        CliRun run = CliRun.of("update", THINGS, "Thing", "id=1", "--set", "id=2");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("""
                update Thing: --set id=2 changes id, which the item's key is built from (the key of Thing is id): an item cannot \
                change its key in place, and no command moves it. Put the item under the new key (singletable put \
                src/test/resources/arguments/things.singletable.yaml Thing ... id=...) and delete the old one (singletable delete \
                src/test/resources/arguments/things.singletable.yaml Thing id=1)
                Run 'singletable update --help' for its options.
                """);
    }

    @Test
    void update_whenNothingToChange_isUsageError() {
        CliRun run = CliRun.of("update", CUSTOMERS, "Customer", "customerId=C1");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("""
                update Customer: nothing to change; give --set PATH=VALUE, --remove PATH or --add PATH=NUMBER
                Run 'singletable update --help' for its options.
                """);
    }
}
