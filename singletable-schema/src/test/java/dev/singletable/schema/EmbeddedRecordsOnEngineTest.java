package dev.singletable.schema;

import dev.singletable.Condition;
import dev.singletable.ConditionFailedException;
import dev.singletable.DynamicItem;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Embedded records declared in a schema file ({@code types:}, {@code designs/customers.singletable.yaml}): read
 * into dynamic entities as {@code DynamicItem}s of their record type, stored as DynamoDB maps, validated, written
 * back by the writer, and changed in place through document paths written as text.
 */
class EmbeddedRecordsOnEngineTest {
    static final Path FILE = Path.of("../designs/customers.singletable.yaml");
    static final SchemaFile DESIGN = SchemaFile.load(FILE);

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).withExamples("Customer");

    private static DynamicItem address(String street, String city) {
        return DynamicItem.builder("Address").set("street", street).set("city", city).build();
    }

    private static DynamicItem stored(String customerId) {
        return db.table().get(DESIGN.entity("Customer"), KeyValues.of("customerId", customerId), ReadConsistency.STRONG).orElseThrow();
    }

    @Test
    void toYaml_whenGivenTheDocumentOfTheCustomersFile_writesTheSameText() throws IOException {
        assertThat(SchemaFileWriter.toYaml(DESIGN.document())).isEqualTo(Files.readString(FILE));
        assertThat(SchemaFile.parse(SchemaFileWriter.toJson(DESIGN.document()), "customers.json").document()).isEqualTo(DESIGN.document());
    }

    @Test
    void load_whenTypesDeclared_readsThemIntoTheDocument() {
        assertThat(DESIGN.document().types().keySet()).containsExactly("Address", "Loyalty");
        Map<String, AttributeDefinition> attributes = DESIGN.document().entities().get("Customer").attributes();
        assertThat(attributes.get("shippingAddress")).isEqualTo(AttributeDefinition.ofRecords(AttributeDefinition.AttributeKind.RECORD, "Address", false));
        assertThat(attributes.get("addresses")).isEqualTo(AttributeDefinition.ofRecords(AttributeDefinition.AttributeKind.RECORD_MAP, "Address", false));
        assertThat(attributes.get("pastAddresses")).isEqualTo(AttributeDefinition.ofRecords(AttributeDefinition.AttributeKind.RECORD_LIST, "Address", false));
    }

    @Test
    void toItem_whenRecordsListsAndMapsOfThem_storesNestedMaps() {
        Map<String, AttributeValue> home = Map.of("street", AttributeValue.fromS("40 Harbor Street"), "city", AttributeValue.fromS("Arlington"),
                "country", AttributeValue.fromS("US"));
        assertThat(db.table().toItem(DESIGN.examples("Customer").get(1))).isEqualTo(Map.of(
                "PK", AttributeValue.fromS("CUSTOMER#C2"), "SK", AttributeValue.fromS("PROFILE"), "entityType", AttributeValue.fromS("Customer"),
                "customerId", AttributeValue.fromS("C2"), "name", AttributeValue.fromS("Grace Hopper"), "email", AttributeValue.fromS("grace@example.com"),
                "addresses", AttributeValue.fromM(Map.of("home", AttributeValue.fromM(home)))));
    }

    @Test
    void get_whenStoredWithRecords_readsBackTheExampleWithTypedValues() {
        DynamicItem ada = stored("C1");
        assertThat(ada).isEqualTo(DESIGN.examples("Customer").get(0));
        DynamicItem loyalty = ada.get("loyalty", DynamicItem.class);
        assertThat(loyalty.getLong("points")).isEqualTo(1200L);
        assertThat(ada.get("pastAddresses", List.class)).containsExactly(address("6 Marylebone Road", "London"));
    }

    @Test
    void update_whenPathsWrittenAsText_changesOnlyThoseValuesWithAPlaceholderForEveryName() {
        db.table().put(DESIGN.examples("Customer").get(0).with("customerId", "C9"));
        KeyValues key = KeyValues.of("customerId", "C9");

        UpdateItemRequest request = (UpdateItemRequest) db.table().explainUpdate(DESIGN.entity("Customer"), key, u -> u
                .set(DESIGN.path("Customer", "shippingAddress.city"), DESIGN.pathValue("Customer", "shippingAddress.city", "Paris"))
                .remove(DESIGN.path("Customer", "pastAddresses[0]"))
                .add(DESIGN.path("Customer", "loyalty.points"), DESIGN.pathValue("Customer", "loyalty.points", "50"))
                .set(DESIGN.path("Customer", "addresses[\"summer house\"]"), DESIGN.pathValue("Customer", "addresses[\"summer house\"]",
                        Map.of("street", "1 Promenade", "city", "Nice")))).request();
        DynamicItem updated = db.table().update(DESIGN.entity("Customer"), key, u -> u
                .set(DESIGN.path("Customer", "shippingAddress.city"), DESIGN.pathValue("Customer", "shippingAddress.city", "Paris"))
                .remove(DESIGN.path("Customer", "pastAddresses[0]"))
                .add(DESIGN.path("Customer", "loyalty.points"), DESIGN.pathValue("Customer", "loyalty.points", "50"))
                .set(DESIGN.path("Customer", "addresses[\"summer house\"]"), DESIGN.pathValue("Customer", "addresses[\"summer house\"]",
                        Map.of("street", "1 Promenade", "city", "Nice"))), Condition.eq(DESIGN.path("Customer", "loyalty.tier"), "GOLD"));

        assertThat(request.updateExpression()).isEqualTo("SET #shippingAddress.#city = :v0, #loyalty.#points = if_not_exists(#loyalty.#points, :v1) + :v2, "
                + "#addresses.#n6 = :v3 REMOVE #pastAddresses[0]");
        assertThat(request.expressionAttributeNames()).isEqualTo(Map.of("#shippingAddress", "shippingAddress", "#city", "city",
                "#pastAddresses", "pastAddresses", "#loyalty", "loyalty", "#points", "points", "#addresses", "addresses", "#n6", "summer house",
                "#PK", "PK", "#entityType", "entityType"));
        DynamicItem before = DESIGN.examples("Customer").get(0);
        Map<String, DynamicItem> addresses = new LinkedHashMap<>(before.get("addresses", Map.class));
        addresses.put("summer house", address("1 Promenade", "Nice"));
        DynamicItem expected = before.toBuilder().set("customerId", "C9")
                .set("shippingAddress", before.get("shippingAddress", DynamicItem.class).with("city", "Paris"))
                .set("pastAddresses", List.of())
                .set("loyalty", DynamicItem.builder("Loyalty").set("tier", "GOLD").set("points", 1250L).build())
                .set("addresses", addresses).build(); // its one past address removed, pastAddresses is stored, and read, as []
        assertThat(updated).isEqualTo(expected);
        assertThat(stored("C9")).isEqualTo(expected);
    }

    @Test
    void update_whenConditionOnAPathFails_failsTypedAndChangesNothing() {
        KeyValues key = KeyValues.of("customerId", "C2");
        assertThatThrownBy(() -> db.table().update(DESIGN.entity("Customer"), key,
                u -> u.set(DESIGN.path("Customer", "addresses.home.city"), "Boston"),
                Condition.eq(DESIGN.path("Customer", "addresses.home.city"), "Paris")))
                .isInstanceOf(ConditionFailedException.class);
        assertThat(stored("C2")).isEqualTo(DESIGN.examples("Customer").get(1));
    }

    @Test
    void path_whenANameIsNotInTheRecord_refusesNamingEntityPathAndTheRecordsAttributes() {
        assertThatThrownBy(() -> DESIGN.path("Customer", "shippingAddress.cty"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer: path shippingAddress.cty: shippingAddress is a record of type Address, which has no attribute 'cty' "
                        + "(did you mean 'city'?); its attributes are street, city, zip, country");
        assertThatThrownBy(() -> DESIGN.path("Customer", "adresses.home"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer: path adresses.home: Customer has no attribute 'adresses' (did you mean 'addresses'?); its attributes "
                        + "are customerId, name, email, shippingAddress, addresses, pastAddresses, tags, loyalty");
    }

    @Test
    void path_whenAStepGoesIntoAValueOfAnotherKind_refusesSayingWhatIsThere() {
        assertThatThrownBy(() -> DESIGN.path("Customer", "name.first"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer: path name.first: name.first is not there: name is a string, which a path cannot go into; end the path at name");
        assertThatThrownBy(() -> DESIGN.path("Customer", "pastAddresses.city"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer: path pastAddresses.city: pastAddresses.city is not there: pastAddresses is a list: go into it with [index]");
        assertThatThrownBy(() -> DESIGN.path("Customer", "tags[x]"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer: path 'tags[x]' at character 5: expected a list index such as [2] or a quoted map key such as "
                        + "[\"page views\"]; a path is attribute names joined by '.', with [n] for a list element and [\"key\"] for a map key, "
                        + "such as address.city, tags[2] or counters[\"page views\"]");
    }

    @Test
    void pathValue_whenTheValueDoesNotFitTheRecord_refusesNamingEntityPathAndValue() {
        assertThatThrownBy(() -> DESIGN.pathValue("Customer", "loyalty.points", "many"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer: path loyalty.points holds long, and 'many' does not fit: 'many' is not an integer (64 bits); give a value of that type");
        assertThatThrownBy(() -> DESIGN.pathValue("Customer", "addresses.work", Map.of("street", "1 Main St")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer: path addresses.work holds Address, and {street=1 Main St} does not fit: Address.city is required, and "
                        + "{street=1 Main St} lacks it; give it a value; give a map of its attributes");
    }

    @Test
    void item_whenARecordValueIsWrong_refusesNamingEntityAttributeAndWhereInside() {
        assertThatThrownBy(() -> DESIGN.item("Customer", Map.of("customerId", "C5", "pastAddresses",
                List.of(Map.of("street", "1 Main St", "city", "Leeds"), Map.of("street", "2 Main St", "cty", "York")))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer.pastAddresses is list: [1]: Address has no attribute 'cty' (did you mean 'city'?); its attributes are "
                        + "street, city, zip, country");
        assertThatThrownBy(() -> DESIGN.item("Customer", Map.of("loyalty", Map.of("tier", "PLATINUM", "points", new BigDecimal("3")))))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Customer.loyalty is Loyalty: .tier: 'PLATINUM' is not one of [BRONZE, SILVER, GOLD]");
    }

    @Test
    void load_whenTypesAreWrong_reportsEachWithItsPlaceAndFix() throws IOException {
        String text = Files.readString(FILE)
                .replace("      shippingAddress:\n        type: Address", "      shippingAddress:\n        type: Adress")
                .replace("      points:\n        type: long\n        required: true",
                        "      points:\n        type: long\n        required: true\n        role: version\n      best:\n        type: Loyalty")
                .replace("          - street: 6 Marylebone Road\n            city: London", "          - street: 6 Marylebone Road");

        assertThatThrownBy(() -> SchemaFile.parse(text, "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("""
                        4 errors in the schema file:
                        bad.yaml:42:9: types.Loyalty.attributes.points.role: role version is maintained on an entity's own attributes, not inside the embedded record Loyalty; move points to the entity
                        bad.yaml:44:9: types.Loyalty.attributes.best.type: record type Loyalty.best holds Loyalty, which holds Loyalty again (Loyalty -> Loyalty): an embedded record cannot contain itself; store the inner one as an item of its own, or hold its key instead
                        bad.yaml:59:9: entities.Customer.attributes.shippingAddress.type: unknown record type 'Adress' (did you mean 'Address'?); the file's types are Address, Loyalty
                        bad.yaml:92:9: entities.Customer.examples[0].pastAddresses: attribute 'pastAddresses' is list: [0]: Address.city is required, and {street=6 Marylebone Road} lacks it; give it a value""");
    }

    @Test
    void load_whenATypeIsNotABuiltInNorARecordName_refusesListingTheTypes() throws IOException {
        String text = Files.readString(FILE).replace("      tags:\n        type: stringList", "      tags:\n        type: strings");

        assertThatThrownBy(() -> SchemaFile.parse(text, "bad.yaml"))
                .isInstanceOf(SchemaFileException.class)
                .hasMessage("1 error in the schema file:\nbad.yaml:64:9: entities.Customer.attributes.tags.type: unknown attribute type 'strings' (did you mean "
                        + "'string'?); the types are "
                        + "string, integer, long, decimal, boolean, instant, epochSeconds, date, dateTime, uuid, binary, stringSet, stringList, stringMap, "
                        + "enum, numberSet, binarySet, document, list and map (with of), or the name of one of the file's types (a record type, starting with a capital letter)");
    }
}
