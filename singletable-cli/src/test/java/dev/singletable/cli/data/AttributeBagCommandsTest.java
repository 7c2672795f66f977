package dev.singletable.cli.data;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An entity with {@code attributeBag: true} (seed 001's attribute bag) on the command line: get shows the attributes its
 * bag holds, put and load take undeclared attributes into it, so that a read-edit-write keeps what newer code wrote.
 */
class AttributeBagCommandsTest {
    private static final String PRODUCTS = "src/test/resources/bag/products.singletable.yaml";
    private static final Path ROWS = Path.of("src/test/resources/bag");

    /** The rows file copied where the test's engine data is: load writes its checkpoint and report beside its input. */
    private static String copied(String rows, Path data) {
        try {
            return Files.copy(ROWS.resolve(rows), Files.createDirectories(data.resolve("rows")).resolve(rows)).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void put_whenTheEntityHasAnAttributeBag_takesNameEqualsTextAsAStringAndNameColonEqualsJsonTypedAndGetShowsThem(@TempDir Path data) {
        String dir = data.toString();

        CliRun.of("put", PRODUCTS, "Product", "productId=P2", "name=Desk", "color=blue", "zip=12345", "flag=true", "n:=4",
                "legacy:=true", "dims:={\"w\":3}", "code:=\"007\"", "--data-dir", dir).replacing(dir, "DATA").matchesGolden("bag/put.txt");
        CliRun.of("get", PRODUCTS, "Product", "productId=P2", "--format", "json", "--data-dir", dir).replacing(dir, "DATA")
                .matchesGolden("bag/get.json.txt");
    }

    @Test
    void load_whenRowsCarryUndeclaredAttributesAndTheirOwnEntityType_writesThemIntoTheBag(@TempDir Path data) {
        String dir = data.toString();

        CliRun load = CliRun.of("load", PRODUCTS, copied("exported.jsonl", data), "--entity", "Product", "--data-dir", dir);

        assertThat(load.exitCode()).as(load.err()).isZero();
        CliRun.of("get", PRODUCTS, "Product", "productId=P1", "--data-dir", dir).replacing(dir, "DATA").matchesGolden("bag/get-loaded.txt");
    }

    @Test
    void put_whenGivenWhatGetShowedAsJsonWithOneChange_keepsTheBagsAttributes(@TempDir Path data) throws Exception {
        String dir = data.toString();
        CliRun.of("load", PRODUCTS, copied("exported.jsonl", data), "--entity", "Product", "--data-dir", dir);
        JsonNode shown = ItemJson.JSON.readTree(CliRun.of("get", PRODUCTS, "Product", "productId=P1", "--format", "json",
                "--data-dir", dir).out());
        List<String> put = new ArrayList<>(List.of("put", PRODUCTS, "Product"));
        shown.properties().stream().filter(field -> !field.getKey().equals("entity"))
                .forEach(field -> put.add(field.getKey().equals("name") ? "name=Lamp2" : field.getValue().isTextual()
                        ? field.getKey() + "=" + field.getValue().asText() : field.getKey() + ":=" + field.getValue().toString()));
        put.addAll(List.of("--data-dir", dir));

        CliRun written = CliRun.of(put.toArray(String[]::new));

        assertThat(written.exitCode()).as(written.err()).isZero();
        JsonNode after = ItemJson.JSON.readTree(CliRun.of("get", PRODUCTS, "Product", "productId=P1", "--format", "json",
                "--data-dir", dir).out());
        assertThat(after).isEqualTo(((com.fasterxml.jackson.databind.node.ObjectNode) shown.deepCopy()).put("name", "Lamp2"));
    }

    @Test
    void put_whenAValueAfterColonEqualsIsNoJson_refusesSayingHowToGiveTheText() {
        CliRun put = CliRun.of("put", PRODUCTS, "Product", "productId=P3", "color:=red");

        assertThat(put.exitCode()).isEqualTo(2);
        assertThat(put.err()).startsWith("put Product: color:=red is not JSON, which := takes (n:=4, flag:=true, dims:='{\"w\":3}', "
                + "code:='\"007\"'); for the text as written, give color=red\n");
    }

    @Test
    void put_whenADeclaredAttributeIsGivenAsJson_readsItByItsType(@TempDir Path data) throws Exception {
        String dir = data.toString();

        CliRun put = CliRun.of("put", PRODUCTS, "Product", "productId:=\"P4\"", "name:=\"Desk\"", "price:=9.5", "--format", "json",
                "--data-dir", dir);

        assertThat(put.exitCode()).as(put.err()).isZero();
        assertThat(ItemJson.JSON.readTree(put.out())).isEqualTo(ItemJson.JSON.readTree(
                "{\"entity\":\"Product\",\"productId\":\"P4\",\"name\":\"Desk\",\"price\":9.5}"));
    }

    @Test
    void run_whenItemsHoldBagAttributes_showsThemInTheTableAfterTheDeclaredOnes(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("load", PRODUCTS, copied("exported.jsonl", data), "--entity", "Product", "--data-dir", dir);

        CliRun.of("run", PRODUCTS, "product", "productId=P1", "--data-dir", dir).replacing(dir, "DATA").matchesGolden("bag/run.txt");
    }

    @Test
    void load_whenARowsEntityTypeAttributeNamesAnotherEntity_refusesTheRowSayingWhatTheAttributeIs(@TempDir Path data) {
        CliRun load = CliRun.of("load", PRODUCTS, copied("other-entity.jsonl", data), "--entity", "Product",
                "--data-dir", data.toString());

        assertThat(load.out() + load.err()).contains("Product: 'entityType' is the table's entity-type attribute, and the row's "
                + "names Order, not Product: load the row as Order, or drop 'entityType' from the rows to write them as Product");
    }

    @Test
    void update_whenTheEntityHasAnAttributeBag_setsTextAndJsonAndRemovesItsAttributesAsPutTakesThem(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("load", PRODUCTS, copied("exported.jsonl", data), "--entity", "Product", "--data-dir", dir);

        CliRun.of("update", PRODUCTS, "Product", "productId=P1", "--set", "color=green", "--set", "zip=12345", "--set", "n:=4",
                "--set", "dims:={\"w\":4,\"h\":2}", "--remove", "legacy", "--expect", "color=red", "--data-dir", dir)
                .replacing(dir, "DATA").matchesGolden("bag/update.txt");
        CliRun.of("get", PRODUCTS, "Product", "productId=P1", "--format", "json", "--data-dir", dir).replacing(dir, "DATA")
                .matchesGolden("bag/get-updated.json.txt");
    }

    @Test
    void update_whenABagAttributeIsAddedTo_addsToTheStoredNumber(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", PRODUCTS, "Product", "productId=P2", "views:=2", "--data-dir", dir);

        CliRun update = CliRun.of("update", PRODUCTS, "Product", "productId=P2", "--add", "views=3", "--format", "json", "--data-dir", dir);

        assertThat(update.exitCode()).as(update.err()).isZero();
        assertThat(update.out()).contains("\"views\" : 5");
    }

    @Test
    void update_whenABagNameIsTheTablesKeyAttribute_refusesNamingTheAttributeAndValue(@TempDir Path data) {
        String dir = data.toString();
        CliRun.of("put", PRODUCTS, "Product", "productId=P2", "--data-dir", dir);

        CliRun update = CliRun.of("update", PRODUCTS, "Product", "productId=P2", "--set", "sk=OTHER", "--data-dir", dir);

        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(update.err()).startsWith("update Product: Update of Product {pk=PRODUCT#P2, sk=METADATA} changes 'sk' (SET to 'OTHER') in "
                + "its attribute bag, but 'sk' is the table's sort key attribute, which singletable writes itself; no attribute of the "
                + "bag may take its name: change a declared attribute, or give the bag's attribute another name\n");
    }

    @Test
    void update_whenAPathGoesIntoABagAttribute_refusesSayingToSetTheWholeAttribute() {
        CliRun update = CliRun.of("update", PRODUCTS, "Product", "productId=P2", "--set", "dims.w=4");

        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(update.err()).startsWith("update Product: --set dims.w: dims is no attribute Product declares, so it is in the "
                + "entity's attribute bag, whose attributes the design does not describe: a path into one cannot be checked. Change the "
                + "whole attribute (--set 'dims:=JSON' with every value it keeps), or declare dims in the design\n");
    }

    @Test
    void update_whenTheEntityKeepsNoBag_refusesAnUndeclaredAttributeNamingTheClosest() {
        CliRun update = CliRun.of("update", "../designs/customers.singletable.yaml", "Customer", "customerId=C1", "--set", "emial=x");

        assertThat(update.exitCode()).isEqualTo(2);
        assertThat(update.err()).startsWith("update Customer: --set emial: ");
    }
}
