package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The design toolkit on {@code designs/products.singletable.yaml}, seed 001's products stored by their state: whole
 * transcripts against golden files under {@code golden/states} (describe, patterns, lint, and put/get moving a product
 * from the active to the archived state's key).
 */
class StateEntityCommandsTest {
    private static final String PRODUCTS = "../designs/products.singletable.yaml";

    @Test
    void describe_whenAnEntityHasStates_showsEachStatesKeysAndTheStateAttribute() {
        CliRun.of("describe", PRODUCTS).matchesGolden("states/describe.txt");
    }

    @Test
    void describe_whenMarkdown_listsTheStatesToo() {
        CliRun.of("describe", PRODUCTS, "--format", "markdown").matchesGolden("states/describe.md.txt");
    }

    @Test
    void patterns_whenPatternsNameStates_runEachOnItsStatesItems() {
        CliRun.of("patterns", PRODUCTS).matchesGolden("states/patterns.txt");
    }

    @Test
    void lint_whenTwoStatesOfOneEntity_reportsOnlyTheSeedsConstantIndexPartitionsAndExitsOne() {
        CliRun.of("lint", PRODUCTS).matchesGolden("states/lint.txt");
    }

    @Test
    void put_whenTheEntityHasStates_picksTheStateFromItsAttributeMovesTheItemAndPrintsTheTransactionsSent(@TempDir Path data) {
        String dir = data.toString();

        CliRun.of("put", PRODUCTS, "Product", "productId=P9", "name=Lamp", "archived=false", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("states/put-active.txt");
        CliRun.of("put", PRODUCTS, "Product", "productId=P9", "name=Lamp", "archived=true", "archivedAt=2025-01-01T00:00:00Z",
                "version=1", "--data-dir", dir).replacing(dir, "DATA").matchesGolden("states/put-archived.txt");
        CliRun active = CliRun.of("get", PRODUCTS, "ActiveProduct", "productId=P9", "--data-dir", dir).replacing(dir, "DATA");
        CliRun archived = CliRun.of("get", PRODUCTS, "ArchivedProduct", "productId=P9", "--data-dir", dir).replacing(dir, "DATA");

        assertThat(active.exitCode()).isEqualTo(1);
        assertThat(active.err()).isEqualTo("not found: no ActiveProduct at PK = \"ACTIVE_PRODUCT#P9\", SK = \"METADATA\" in ProductTable\n");
        archived.matchesGolden("states/get-archived.txt");
    }

    @Test
    void put_whenFormatJsonAndTheItemMoves_printsOnlyTheItemWithItsVersionOnStandardOutputAndTheTransactionsOnStandardError(
            @TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", PRODUCTS, "Product", "productId=P9", "name=Lamp", "archived=false", "--data-dir", dir);

        CliRun.of("put", PRODUCTS, "Product", "productId=P9", "name=Lamp", "archived=true", "archivedAt=2025-01-01T00:00:00Z",
                "version=1", "--format", "json", "--data-dir", dir).replacing(dir, "DATA").matchesGolden("states/put-archived.json.txt");
    }

    @Test
    void put_whenTheStateIsUnchanged_printsTheOneTransactionSent(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", PRODUCTS, "Product", "productId=P9", "name=Lamp", "archived=false", "--data-dir", dir);

        CliRun.of("put", PRODUCTS, "Product", "productId=P9", "name=Desk lamp", "archived=false", "version=1", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("states/put-same-state.txt");
    }

    @Test
    void put_whenNoVersionIsGivenAndTheItemIsStoredInTheOtherState_failsSayingHowToMoveItAndWritesNothing(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", PRODUCTS, "Product", "productId=P9", "name=Lamp", "archived=false", "--data-dir", dir);

        CliRun run = CliRun.of("put", PRODUCTS, "Product", "productId=P9", "name=Lamp", "archived=true", "--data-dir", dir)
                .replacing(dir, "DATA");
        CliRun active = CliRun.of("get", PRODUCTS, "ActiveProduct", "productId=P9", "--data-dir", dir).replacing(dir, "DATA");

        run.matchesGolden("states/put-without-version.txt");
        active.matchesGolden("states/get-active-kept.txt");
    }

    @Test
    void view_whenDataRowsNameTheEntity_drawsEachItemInItsStatesColour(@TempDir Path directory) throws java.io.IOException {
        Path rows = directory.resolve("products.jsonl");
        java.nio.file.Files.writeString(rows, """
                {"entity": "Product", "productId": "X1", "name": "Chair", "archived": false}
                {"entity": "Product", "productId": "X2", "name": "Phone", "archived": true, "archivedAt": "2020-01-01T00:00:00Z"}
                """);
        Path page = directory.resolve("products.html");

        CliRun run = CliRun.of("view", PRODUCTS, "--data", rows.toString(), "-o", page.toString()).replacing(directory.toString(), "DIR");

        assertThat(run.out()).isEqualTo("wrote DIR/products.html: table ProductTable, 2 items, 1 index, 4 access patterns\n");
        assertThat(java.util.regex.Pattern.compile("class=\"chip entity-(\\d)\">(\\w+)<").matcher(java.nio.file.Files.readString(page))
                .results().map(m -> m.group(2) + " " + m.group(1)).toList()).containsExactly("ActiveProduct 0", "ArchivedProduct 1");
    }

    @Test
    void put_whenTheStateAttributeIsMissing_isAUsageErrorNamingTheStates() {
        CliRun run = CliRun.of("put", PRODUCTS, "Product", "productId=P9", "name=Lamp");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("put Product: archived is missing, and it picks the item's keys (false -> ActiveProduct, "
                + "true -> ArchivedProduct); give archived=false or another of those values\nRun 'singletable put --help' for its options.\n");
    }

    @Test
    void update_whenASetChangesTheStateAttribute_isAUsageErrorSayingHowToMoveTheItemAndSendsNothing() {
        CliRun run = CliRun.of("update", PRODUCTS, "ActiveProduct", "productId=P1", "--set", "archived=true");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("update ActiveProduct: --set archived=true changes archived, which picks the item's keys "
                + "(false -> ActiveProduct, true -> ArchivedProduct), so the item would move to another key, which an update by key "
                + "cannot do; read it with get, then put it with the new archived and the version get shows (singletable put "
                + "../designs/products.singletable.yaml Product ... archived=... version=N): the put moves it\n"
                + "Run 'singletable update --help' for its options.\n");
    }

    @Test
    void update_whenTheEntityIsOneStatesType_changesTheAttributeAndItsIndexKeyInPlace(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", PRODUCTS, "Product", "productId=P9", "name=Lamp", "archived=false", "--data-dir", dir);

        CliRun update = CliRun.of("update", PRODUCTS, "ActiveProduct", "productId=P9", "--set", "name=Desk lamp", "--data-dir", dir);
        CliRun get = CliRun.of("get", PRODUCTS, "ActiveProduct", "productId=P9", "--data-dir", dir, "--format", "json");
        CliRun delete = CliRun.of("delete", PRODUCTS, "ActiveProduct", "productId=P9", "--data-dir", dir);
        CliRun gone = CliRun.of("get", PRODUCTS, "ActiveProduct", "productId=P9", "--data-dir", dir);

        assertThat(update.exitCode()).isZero();
        assertThat(update.out()).contains("values               :v0 = \"Desk lamp\", :v2 = \"ACTIVE_PRODUCT\", :v3 = \"Desk lamp\", :v1 = 1, "
                + ":v4 = \"ActiveProduct\"\n");
        assertThat(get.out()).contains("\"name\" : \"Desk lamp\"", "\"version\" : 2");
        assertThat(delete.exitCode()).isZero();
        assertThat(gone.exitCode()).isEqualTo(1);
    }

    @Test
    void updateAndDelete_whenTheEntityIsStoredInStates_isAUsageErrorNamingTheStatesTypes() {
        CliRun update = CliRun.of("update", PRODUCTS, "Product", "productId=P1", "--set", "name=x");
        CliRun delete = CliRun.of("delete", PRODUCTS, "Product", "productId=P1");

        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(update.err()).isEqualTo("update Product: Product is stored in states, each an entity type with keys of its own, "
                + "picked by archived: name the item's, ActiveProduct (archived=false) or ArchivedProduct (archived=true)\n"
                + "Run 'singletable update --help' for its options.\n");
        assertThat(delete.exitCode()).isEqualTo(2);
        assertThat(delete.err()).startsWith("delete Product: Product is stored in states");
    }
}
