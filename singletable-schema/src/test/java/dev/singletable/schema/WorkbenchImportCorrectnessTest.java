package dev.singletable.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Imports of models made to mislead an import: sample values that repeat on an attribute an index is keyed by, two
 * attributes equal to one key segment, several key shapes in one facet, aliases named like the table's keys, nested
 * documents, an LSI and a second table. No template is a guess written as fact, every written file loads as
 * {@code singletable check} reads it, and what cannot be mapped is a note.
 */
class WorkbenchImportCorrectnessTest {
    private static final Path ADVERSARIAL = SchemaFileImportTest.IMPORTS.resolve("adversarial");

    @TempDir
    Path directory;

    private SchemaDocument writtenAndLoaded(ImportResult result) {
        return SchemaFileImportTest.writtenAndLoaded(result, directory);
    }

    private static List<String> notes(ImportResult result) {
        return result.notes().stream().map(ImportNote::toString).toList();
    }

    @Test
    void noSqlWorkbench_whenAnIndexKeyIsAnAttributeWhoseSampleValuesRepeat_keepsTheAttributeAndSaysSo() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("own-attribute-keys.json"));

        EntityDefinition order = writtenAndLoaded(result).entities().get("CustomerOrder");

        assertThat(order.keys()).isEqualTo(KeyDefinition.of("CUSTOMER#{customerId}", "ORDER#{orderId}"));
        assertThat(order.indexes()).isEqualTo(Map.of("ByCustomer", KeyDefinition.of("{customer}", "{placedAt}"),
                "ByPlacedAt", new KeyDefinition(List.of(), List.of("{placedAt}"), java.util.Optional.empty())));
        assertThat(order.attributes().keySet()).containsExactly("customerId", "orderId", "customer", "placedAt", "address");
        assertThat(order.examples()).containsExactly(
                Map.of("customerId", "7", "orderId", "7", "customer", "alice", "placedAt", "2026-01-01"),
                Map.of("customerId", "7", "orderId", "8", "customer", "alice", "placedAt", "2026-01-02", "address",
                        Map.of("street", "Main", "geo", Map.of("lat", new java.math.BigDecimal("1.5"), "lon", new java.math.BigDecimal("2")))));
        assertThat(notes(result)).contains("inferred: DataModel[0].TableData[0]: entity CustomerOrder: customer holds alice in every one "
                + "of the 2 sample items on ByCustomer; written as the entity's own attribute {customer}: if every item of the entity has "
                + "this value, write it as literal text");
    }

    @Test
    void noSqlWorkbench_whenTwoAttributesEqualAKeySegmentInOneItem_takesTheOneEqualInEveryItem() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("own-attribute-keys.json"));

        // item 1: customerId = orderId = 7, so ORDER#7 fits both; item 2 (ORDER#8) fits orderId alone
        assertThat(writtenAndLoaded(result).entities().get("CustomerOrder").keys().sort()).containsExactly("ORDER#{orderId}");
    }

    @Test
    void noSqlWorkbench_whenTwoAttributesEqualAKeySegmentInEveryItem_writesASlotOfItsOwnAndNamesTheChoices() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("own-attribute-keys.json"));

        EntityDefinition invoice = writtenAndLoaded(result).entities().get("Invoice");

        assertThat(invoice.keys()).isEqualTo(KeyDefinition.of("INVOICE#{id}", "INVOICE#{id}"));
        assertThat(invoice.examples()).containsExactly(Map.of("id", "100", "number", "100", "orderId", "100"),
                Map.of("id", "101", "number", "101", "orderId", "101"));
        assertThat(notes(result)).contains("inferred: DataModel[0].TableData[2]: entity Invoice: PK: {id} equals number and orderId in "
                + "every one of the 2 sample items; written as a slot of its own: if it is one of them, write that attribute's slot in its place");
    }

    @Test
    void noSqlWorkbench_whenNestedDocumentsAnLsiAndASecondTable_keepsTheLsiReportsTheRestAndWritesAFileThatLoads() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("own-attribute-keys.json"));

        SchemaDocument loaded = writtenAndLoaded(result);

        assertThat(loaded.table().name()).isEqualTo("Shop");
        assertThat(loaded.table().indexes()).containsExactly(
                new IndexDefinition("ByCustomer", IndexDefinition.IndexKind.GLOBAL, java.util.Optional.empty(),
                        List.of(new KeyAttributeDefinition("customer", KeyAttributeDefinition.KeyAttributeType.S)),
                        List.of(new KeyAttributeDefinition("placedAt", KeyAttributeDefinition.KeyAttributeType.S)), ProjectionDefinition.all()),
                new IndexDefinition("ByPlacedAt", IndexDefinition.IndexKind.LOCAL, java.util.Optional.empty(), List.of(),
                        List.of(new KeyAttributeDefinition("placedAt", KeyAttributeDefinition.KeyAttributeType.S)),
                        new ProjectionDefinition(ProjectionDefinition.ProjectionType.KEYS_ONLY, List.of())));
        assertThat(loaded.entities().get("CustomerOrder").indexes().get("ByPlacedAt"))
                .isEqualTo(new KeyDefinition(List.of(), List.of("{placedAt}"), java.util.Optional.empty()));
        assertThat(loaded.entities().get("CustomerOrder").attributes().get("address"))
                .isEqualTo(AttributeDefinition.of(AttributeDefinition.AttributeKind.DOCUMENT, false));
        assertThat(notes(result)).contains(
                "not mapped: DataModel[1]: table Audit: a schema file holds one table; import it with --table Audit, or every table with "
                        + "--each-table");
    }

    @Test
    void noSqlWorkbench_whenSetsListsAndNestedDocuments_typesEachAndKeepsTheValuesExactly() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("nested-documents.json"));

        EntityDefinition sensor = writtenAndLoaded(result).entities().values().iterator().next();

        Map<String, AttributeDefinition> attributes = sensor.attributes();
        assertThat(attributes.get("location")).isEqualTo(AttributeDefinition.of(AttributeDefinition.AttributeKind.DOCUMENT, false));
        assertThat(attributes.get("levels")).isEqualTo(AttributeDefinition.of(AttributeDefinition.AttributeKind.NUMBER_SET, false));
        assertThat(attributes.get("signatures")).isEqualTo(AttributeDefinition.of(AttributeDefinition.AttributeKind.BINARY_SET, false));
        assertThat(attributes.get("readings")).isEqualTo(AttributeDefinition.ofElements(AttributeDefinition.AttributeKind.LIST,
                AttributeDefinition.AttributeKind.DECIMAL, false));
        assertThat(attributes.get("flags")).isEqualTo(AttributeDefinition.ofElements(AttributeDefinition.AttributeKind.LIST,
                AttributeDefinition.AttributeKind.BOOLEAN, false));
        assertThat(attributes.get("history")).isEqualTo(AttributeDefinition.ofElements(AttributeDefinition.AttributeKind.LIST,
                AttributeDefinition.AttributeKind.DOCUMENT, false));
        // a map of strings in one item and a map holding a number in the other: a document holds both
        assertThat(attributes.get("labels")).isEqualTo(AttributeDefinition.of(AttributeDefinition.AttributeKind.DOCUMENT, false));
        Map<String, Object> location = new java.util.LinkedHashMap<>();
        location.put("site", "north");
        location.put("geo", Map.of("lat", new java.math.BigDecimal("51.5"), "lon", new java.math.BigDecimal("-0.12")));
        location.put("floor", null);
        Map<String, Object> first = sensor.examples().get(0);
        assertThat(first.get("location")).isEqualTo(location);
        assertThat(first.get("levels")).isEqualTo(List.of(new java.math.BigDecimal("1"), new java.math.BigDecimal("2.5")));
        assertThat(first.get("signatures")).isEqualTo(List.of("AQI=", "AwQ="));
        assertThat(first.get("readings")).isEqualTo(List.of(new java.math.BigDecimal("20.5"), new java.math.BigDecimal("21")));
        assertThat(first.get("history")).isEqualTo(List.of(Map.of("at", "2026-01-01", "ok", true),
                Map.of("at", "2026-01-02", "tags", List.of("hot"))));
        assertThat(sensor.examples().get(1).get("labels")).isEqualTo(Map.of("team", "lab", "shift", new java.math.BigDecimal("2")));
        assertThat(sensor.examples().get(1)).doesNotContainKey("raw");
        assertThat(notes(result)).contains("not mapped: DataModel[0].TableData[1].raw: value {\"M\":{\"payload\":{\"B\":\"AAE=\"}}} has no "
                + "singletable/1 type (string, number, boolean, binary, a set, a list of one kind or a document of maps, lists, strings, "
                + "numbers, booleans and nulls); left out of the example");
    }

    @Test
    void noSqlWorkbench_whenAFacetsItemsHaveSeveralKeyShapes_makesAnEntityOfEachNamedFromItsKey() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("facet-shapes.json"));

        SchemaDocument loaded = writtenAndLoaded(result);

        assertThat(loaded.entities().keySet()).containsExactly("User", "UserOrder");
        assertThat(loaded.entities().get("User").keys()).isEqualTo(KeyDefinition.of("USER#{id}", "PROFILE"));
        assertThat(loaded.entities().get("User").examples()).containsExactly(Map.of("id", "u1", "name", "Ann"), Map.of("id", "u2", "name", "Bob"));
        assertThat(loaded.entities().get("UserOrder").keys()).isEqualTo(KeyDefinition.of("USER#{id}", "ORDER#{id2}"));
        assertThat(loaded.entities().get("UserOrder").examples()).containsExactly(Map.of("id", "u1", "id2", "o1", "total", new java.math.BigDecimal("5")));
        assertThat(notes(result)).contains("inferred: DataModel[0].TableFacets[0]: facet User: its sample items have 2 key shapes, one entity "
                + "each: User (2 items), UserOrder (1 item); rename with singletable import --rename OLD=NEW");
    }

    @Test
    void noSqlWorkbench_whenKeysStartWithValues_namesEachEntityByItsKeysConstantTextOnly() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("value-named-keys.json"));

        SchemaDocument loaded = writtenAndLoaded(result);

        // USER#alice / PROFILE is UserProfile, not UserAliceProfile: alice is the first item's value of {id}
        assertThat(loaded.entities().keySet()).containsExactly("UserProfile", "UserOrder", "UserProfile2");
        assertThat(loaded.entities().get("UserProfile").keys()).isEqualTo(KeyDefinition.of("USER#{id}", "PROFILE"));
        assertThat(loaded.entities().get("UserOrder").keys()).isEqualTo(KeyDefinition.of("USER#{id}", "ORDER#{id2}"));
        assertThat(loaded.entities().get("UserProfile2").keys()).isEqualTo(KeyDefinition.of("USER#{id}", "PROFILE#{id2}"));
    }

    @Test
    void noSqlWorkbench_whenAKeyShapeHasOneItemAmongOthersOfItsPrefix_readsTheValueAsASlotAsTheGroupingDid() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("one-item-shape.json"));

        EntityDefinition order = writtenAndLoaded(result).entities().get("UserOrder");

        // bob is a value: USER# holds alice, bob and carl over the table's items, though the shape's one item holds bob only
        assertThat(order.keys()).isEqualTo(KeyDefinition.of("USER#{id}", "ORDER#{id2}"));
        assertThat(order.examples()).containsExactly(Map.of("id", "bob", "id2", "o2", "total", new java.math.BigDecimal("7")));
    }

    @Test
    void noSqlWorkbench_whenAKeyShapeHasOneItemWhoseIndexKeyPrefixHoldsSeveralValuesOverTheTable_readsTheIndexValueAsASlot() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("one-item-index-shape.json"));

        SchemaDocument loaded = writtenAndLoaded(result);
        EntityDefinition order = loaded.entities().get("UserOrder");

        // rome is a value: CITY# holds paris, rome and oslo over the table's items, though the order's one item holds rome only
        assertThat(order.indexes()).containsExactly(Map.entry("GSI1", new KeyDefinition(List.of("CITY#{gsi1pk}"), List.of(),
                java.util.Optional.empty())));
        assertThat(order.examples()).containsExactly(Map.of("id", "bob", "id2", "o2", "gsi1pk", "rome", "total",
                new java.math.BigDecimal("7")));
        assertThat(loaded.entities().get("UserProfile").indexes().get("GSI1").partition()).containsExactly("CITY#{gsi1pk}");
    }

    @Test
    void noSqlWorkbench_whenAOneItemEntitysIndexKeyPrefixVariesOnlyBetweenOtherEntities_keepsItsIndexValueAsText() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("one-item-type-marker.json"));

        SchemaDocument loaded = writtenAndLoaded(result);
        EntityDefinition config = loaded.entities().get("ConfigGlobalSettings");

        // TYPE# holds user, order and config over the table, but one value within each entity: each entity's constant marker
        assertThat(config.indexes().get("GSI1").partition()).containsExactly("TYPE#config");
        assertThat(config.attributes()).doesNotContainKey("gsi1pk");
        assertThat(loaded.entities().get("UserProfile").indexes().get("GSI1").partition()).containsExactly("TYPE#user");
        assertThat(loaded.entities().get("OrderDetails").indexes().get("GSI1").partition()).containsExactly("TYPE#order");
    }

    @Test
    void noSqlWorkbench_whenTwoKeyShapesHaveTheSameConstantText_numbersTheSecondAndSaysWhy() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("value-named-keys.json"));

        assertThat(notes(result)).contains("inferred: DataModel[0].TableData[4]: entity UserProfile2: its keys USER#{id} / PROFILE#{id2} "
                + "have the same constant text as those of entity UserProfile (USER#{id} / PROFILE), which gives both the name UserProfile; "
                + "rename with singletable import --rename UserProfile2=NEW");
    }

    @Test
    void noSqlWorkbench_whenAFacetsSecondKeyShapeStartsWithAValue_namesItByTheShapesConstantText() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("value-named-facet.json"));

        SchemaDocument loaded = writtenAndLoaded(result);

        assertThat(loaded.entities().keySet()).containsExactly("User", "UserOrder");
        assertThat(loaded.entities().get("UserOrder").keys()).isEqualTo(KeyDefinition.of("USER#{id}", "{owner}#ORDER#{id2}"));
    }

    @Test
    void noSqlWorkbench_whenTheFacetsAliasesAreTheTablesKeyNames_namesNoAttributeLikeAKey() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("facet-shapes.json"));

        SchemaDocument loaded = writtenAndLoaded(result);

        assertThat(loaded.entities().values()).allSatisfy(entity -> assertThat(entity.attributes().keySet()).doesNotContain("PK", "SK"));
    }

    @Test
    void noSqlWorkbench_whenASampleValueDoesNotFitItsAttributesType_leavesThatExampleOutAndSaysWhy() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("mixed-types.json"));

        EntityDefinition order = writtenAndLoaded(result).entities().get("Order");

        assertThat(order.examples()).containsExactly(Map.of("id", "o1", "total", new java.math.BigDecimal("5")),
                Map.of("id", "o3", "total", new java.math.BigDecimal("7.5")));
        assertThat(notes(result)).contains("not mapped: entities.Order.examples[1].total: example left out: attribute 'total' is decimal: "
                + "'five' is not a number");
    }

    @Test
    void noSqlWorkbench_whenASampleBoolIsNotABooleanOrANumberIsNotOne_failsNamingTheItemAttributeAndValue() {
        String model = """
                {"ModelName": "M", "ModelMetadata": {"Version": "3.0"}, "DataModel": [{"TableName": "Users",
                  "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
                  "TableData": [
                    {"PK": {"S": "USER#u1"}, "vip": {"BOOL": true}, "age": {"N": "40"}},
                    {"PK": {"S": "USER#u2"}, "vip": %s, "age": %s}]}]}
                """;

        List<String> failures = List.of(List.of("{\"BOOL\": \"yes\"}", "{\"N\": \"1\"}"), List.of("{\"BOOL\": 1}", "{\"N\": \"1\"}"),
                        List.of("{\"BOOL\": true}", "{\"N\": \"abc\"}"), List.of("{\"BOOL\": true}", "{\"NS\": [\"1\", \"x\"]}"),
                        List.of("{\"BOOL\": true}", "{\"M\": {\"a\": {\"L\": [{\"BOOL\": \"no\"}]}}}")).stream()
                .map(values -> {
                    try {
                        ImportFormat.NOSQL_WORKBENCH.read(model.formatted(values.get(0), values.get(1)), "m.json");
                        return "imported";
                    } catch (DesignImportException e) {
                        return e.getMessage();
                    }
                }).toList();

        assertThat(failures).containsExactly(
                "DataModel[0].TableData[1].vip: BOOL takes true or false, found \"yes\"; fix the sample item",
                "DataModel[0].TableData[1].vip: BOOL takes true or false, found 1; fix the sample item",
                "DataModel[0].TableData[1].age: N takes a number written as a string (\"42\"), found \"abc\"; fix the sample item",
                "DataModel[0].TableData[1].age: NS takes a number written as a string (\"42\"), found \"x\"; fix the sample item",
                "DataModel[0].TableData[1].age.a: BOOL takes true or false, found \"no\"; fix the sample item");
    }

    @Test
    void noSqlWorkbenchTables_whenTheModelHasTwoTables_givesADesignOfEachThatLoads() {
        List<ImportResult> tables = ImportFormat.NOSQL_WORKBENCH.readTables(ADVERSARIAL.resolve("own-attribute-keys.json"));

        assertThat(tables).extracting(t -> t.document().table().name()).containsExactly("Shop", "Audit");
        assertThat(tables).allSatisfy(table -> assertThat(writtenAndLoaded(table).entities()).isNotEmpty());
        assertThat(notes(tables.get(0))).noneMatch(note -> note.contains("Audit"));
        assertThat(tables.get(1).document().entities().values()).singleElement()
                .satisfies(audit -> assertThat(audit.keys()).isEqualTo(new KeyDefinition(List.of("{id2}"), List.of(), java.util.Optional.empty())));
    }

    @Test
    void noSqlWorkbench_whenAKeyEqualsAnAttributeInMostItemsButNotAll_writesASlotOfItsOwnAndSaysInHowMany() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("near-match.json"));

        EntityDefinition user = writtenAndLoaded(result).entities().get("User");

        assertThat(user.keys()).isEqualTo(KeyDefinition.of("User:{id}", "{id2}"));
        assertThat(notes(result)).contains("inferred: DataModel[0].TableData[0]: entity User: SK: {id2} equals CreatedAt in 2 of the 3 "
                + "sample items, not all; written as a slot of its own: if it is CreatedAt, fix the other items' keys and import again");
    }

    @Test
    void noSqlWorkbenchTables_whenLsisAreKeyedWronglyOrOnATableWithoutSortKey_keepsTheGoodOneAndReportsEachOtherByPath() {
        List<ImportResult> tables = ImportFormat.NOSQL_WORKBENCH.readTables(ADVERSARIAL.resolve("bad-lsis.json"));

        SchemaDocument orders = writtenAndLoaded(tables.get(0));
        assertThat(orders.table().indexes()).containsExactly(new IndexDefinition("ByTotal", IndexDefinition.IndexKind.LOCAL,
                java.util.Optional.empty(), List.of(), List.of(new KeyAttributeDefinition("total", KeyAttributeDefinition.KeyAttributeType.N)),
                new ProjectionDefinition(ProjectionDefinition.ProjectionType.INCLUDE, List.of("placedAt"))));
        assertThat(orders.entities().get("CustomerOrder").indexes())
                .isEqualTo(Map.of("ByTotal", new KeyDefinition(List.of(), List.of("{total}"), java.util.Optional.empty())));
        assertThat(notes(tables.get(0))).contains(
                "not mapped: DataModel[0].LocalSecondaryIndexes[1].KeyAttributes.PartitionKey: LSI OtherPartition is keyed by placedAt, not the "
                        + "table's partition key PK; an LSI shares the table's partition key: left out, declare it as a GSI by hand",
                "not mapped: DataModel[0].LocalSecondaryIndexes[2].KeyAttributes.SortKey: LSI NoSort has no sort key; an LSI needs one: left out");
        assertThat(writtenAndLoaded(tables.get(1)).table().indexes()).isEmpty();
        assertThat(notes(tables.get(1))).contains("not mapped: DataModel[1].LocalSecondaryIndexes[0]: LSI ByWhen: the table has no sort key, "
                + "and DynamoDB makes LSIs only on tables with one: left out");
    }

    @Test
    void noSqlWorkbench_whenTheImportedLsiDesignIsExported_keepsTheLsiThroughEveryFormatThatHoldsOne() {
        SchemaDocument orders = ImportFormat.NOSQL_WORKBENCH.readTables(ADVERSARIAL.resolve("bad-lsis.json")).get(0).document();
        SchemaFile design = SchemaFile.of(orders);

        SchemaDocument viaWorkbench = ImportFormat.NOSQL_WORKBENCH.read(SchemaFileExport.noSqlWorkbench(design), "orders.json").document();
        SchemaDocument viaOneTable = ImportFormat.ONETABLE.read(SchemaFileExport.oneTable(design).text(), "orders.json", "Orders").document();
        SchemaDocument viaDynatable = ImportFormat.DYNATABLE.read(SchemaFileExport.dynatable(design).text(), "orders.json", "Orders").document();

        assertThat(List.of(viaWorkbench, viaOneTable, viaDynatable)).allSatisfy(back -> {
            assertThat(back.table().indexes()).isEqualTo(orders.table().indexes());
            assertThat(back.entities().get("CustomerOrder").keys()).isEqualTo(orders.entities().get("CustomerOrder").keys());
            assertThat(back.entities().get("CustomerOrder").indexes()).isEqualTo(orders.entities().get("CustomerOrder").indexes());
        });
        assertThat(SchemaFileExport.mcpSchema(design).notes()).extracting(ExportNote::toString)
                .contains("not exported: table.indexes[0]: LSI ByTotal (the schema holds GSIs only)");
    }

    @Test
    void noSqlWorkbench_whenAnOverloadedIndexKeyHasOneShapeWithVaryingValues_makesASlotOfIt() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("overloaded-gsi.json"));

        EntityDefinition user = writtenAndLoaded(result).entities().get("UserProfile");

        assertThat(user.keys()).isEqualTo(KeyDefinition.of("USER#{id}", "PROFILE"));
        assertThat(user.indexes()).isEqualTo(Map.of("GSI1", KeyDefinition.of("ORG#{gsi1pk}", "NAME#{gsi1sk}")));
        assertThat(user.examples()).containsExactly(Map.of("id", "1", "gsi1pk", "a1", "gsi1sk", "ann", "name", "Ann"),
                Map.of("id", "2", "gsi1pk", "b2", "gsi1sk", "bob", "name", "Bob"));
    }

    @Test
    void noSqlWorkbench_whenAnIndexKeyHasSeveralShapes_keepsTheEntityWithoutThatIndexAndWithoutAnAttributeNamedLikeItsKey() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("overloaded-gsi.json"));

        EntityDefinition team = writtenAndLoaded(result).entities().get("TeamMeta");

        assertThat(team.keys()).isEqualTo(KeyDefinition.of("TEAM#{id}", "META"));
        assertThat(team.indexes()).isEmpty();
        assertThat(team.attributes().keySet()).containsExactly("id", "name");
        assertThat(team.examples()).containsExactly(Map.of("id", "7", "name", "Red"), Map.of("id", "8", "name", "Blue"));
        assertThat(notes(result)).contains("not mapped: DataModel[0].TableData[2]: entity TeamMeta: index GSI1 key GSI1SK has 2 shapes in "
                + "the sample items (TEAM#red, BOARD#blue#{}); the entity has no template on GSI1 and its items' values of GSI1SK are left "
                + "out of its examples: write the template by hand");
    }

    @Test
    void noSqlWorkbench_whenAFacetWithTemplateAliasesHasAnIndexSlotOfItsOwn_declaresItAndGivesItsExamples() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("facet-index-slot.json"));

        EntityDefinition member = writtenAndLoaded(result).entities().get("Member");

        assertThat(member.keys()).isEqualTo(KeyDefinition.of("USER#{id}", "PROFILE"));
        assertThat(member.indexes()).isEqualTo(Map.of("GSI1", KeyDefinition.of("ORG#{org}", "ROOM#{room}#{gsi1sk}")));
        assertThat(member.attributes().get("gsi1sk")).isEqualTo(AttributeDefinition.of(AttributeDefinition.AttributeKind.STRING, false));
        assertThat(member.examples()).containsExactly(
                Map.of("id", "1", "gsi1sk", "2025-01-01T10:00:00.000Z", "room", "lobby", "org", "a1"),
                Map.of("id", "2", "gsi1sk", "2025-01-02T10:00:00.000Z", "room", "garden", "org", "b2"));
    }

    @Test
    void noSqlWorkbench_whenAFacetWithoutItemsDeclaresAnIndexKey_givesItsOwnAttributeAsTemplateAndNotesAKeyItCannotMap() {
        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(ADVERSARIAL.resolve("facet-without-items.json"));

        EntityDefinition user = writtenAndLoaded(result).entities().get("User");

        assertThat(user.keys()).isEqualTo(KeyDefinition.of("USER#{id}", "PROFILE"));
        assertThat(user.indexes()).isEqualTo(Map.of("byEmail", new KeyDefinition(List.of("{email}"), List.of(), java.util.Optional.empty())));
        assertThat(user.attributes().keySet()).containsExactly("id", "email", "name");
        assertThat(notes(result)).containsExactly(
                "not mapped: DataModel[0].TableFacets[0]: entity User: attribute GSI2PK of the facet holds the key of an index the entity has "
                        + "no template on; left out, as it would collide with that key: write the entity's template on the index by hand",
                "inferred: DataModel[0].TableFacets[0]: entity User: byEmail {email} (no sample items: the facet declares the index's key "
                        + "attributes, so they are the entity's own)");
    }

    @Test
    void noSqlWorkbench_whenUnknownFieldsAKeyOfTheWrongTypeAndProvisionedWithoutCapacity_notesEachByPath() {
        String model = "{\"ModelName\": \"M\", \"ModelMetadata\": {\"Version\": \"3.0\"}, \"Bar\": 2, \"DataModel\": [{\"TableName\": \"Tbl\", "
                + "\"Foo\": 1, \"BillingMode\": \"PROVISIONED\", "
                + "\"KeyAttributes\": {\"PartitionKey\": {\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}, "
                + "\"SortKey\": {\"AttributeName\": \"SK\", \"AttributeType\": \"S\"}}, "
                + "\"TableData\": [{\"PK\": {\"N\": \"5\"}, \"SK\": {\"S\": \"PROFILE\"}, \"name\": {\"S\": \"Ann\"}}, "
                + "{\"PK\": {\"S\": \"USER#2\"}, \"SK\": {\"S\": \"PROFILE\"}, \"name\": {\"S\": \"Bob\"}}]}]}";

        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(model, "model.json");

        SchemaDocument loaded = writtenAndLoaded(result);
        assertThat(loaded.entities().keySet()).containsExactly("UserProfile");
        assertThat(loaded.table().billing()).isEqualTo(new BillingDefinition(BillingDefinition.BillingMode.PROVISIONED, java.util.Optional.of(5L),
                java.util.Optional.of(5L)));
        assertThat(result.notes()).filteredOn(note -> note.kind() == ImportNote.Kind.NOT_MAPPED).extracting(ImportNote::toString).containsExactly(
                "not mapped: Bar: not a field of a NoSQL Workbench model; left out",
                "not mapped: DataModel[0].Foo: not a field of a NoSQL Workbench table; left out",
                "not mapped: DataModel[0].ProvisionedCapacitySettings.ProvisionedThroughput.ReadCapacityUnits: missing under BillingMode "
                        + "PROVISIONED; read as 5, NoSQL Workbench's default",
                "not mapped: DataModel[0].ProvisionedCapacitySettings.ProvisionedThroughput.WriteCapacityUnits: missing under BillingMode "
                        + "PROVISIONED; read as 5, NoSQL Workbench's default",
                "not mapped: DataModel[0].TableData[0].PK: item left out: its PK is {\"N\":\"5\"}, an N, and the table's PK is S, so DynamoDB "
                        + "refuses the item");
    }

    @Test
    void noSqlWorkbench_whenAOneElementListEqualsAnotherAttributeInEveryItem_takesThatAttributeForTheSlotNotTheList() {
        String model = """
                {"ModelName": "Tags", "ModelMetadata": {"Version": "3.0"}, "DataModel": [{"TableName": "Tags",
                  "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                                    "SortKey": {"AttributeName": "SK", "AttributeType": "S"}},
                  "GlobalSecondaryIndexes": [{"IndexName": "GSI1", "KeyAttributes": {
                      "PartitionKey": {"AttributeName": "GSI1PK", "AttributeType": "S"},
                      "SortKey": {"AttributeName": "GSI1SK", "AttributeType": "S"}}, "Projection": {"ProjectionType": "ALL"}}],
                  "TableFacets": [{"FacetName": "Item", "KeyAttributeAlias": {"PartitionKeyAlias": "ITEM#{id}", "SortKeyAlias": "ITEM"},
                    "NonKeyAttributes": ["id", "status", "tags"], "TableData": [
                      {"PK": {"S": "ITEM#1"}, "SK": {"S": "ITEM"}, "GSI1PK": {"S": "STATUS#ACTIVE"}, "GSI1SK": {"S": "ITEM#1"},
                       "id": {"S": "1"}, "status": {"S": "ACTIVE"}, "tags": {"L": [{"S": "ACTIVE"}]}},
                      {"PK": {"S": "ITEM#2"}, "SK": {"S": "ITEM"}, "GSI1PK": {"S": "STATUS#PAUSED"}, "GSI1SK": {"S": "ITEM#2"},
                       "id": {"S": "2"}, "status": {"S": "PAUSED"}, "tags": {"L": [{"S": "PAUSED"}]}}]}]}]}
                """;

        ImportResult result = ImportFormat.NOSQL_WORKBENCH.read(model, "tags.json");

        assertThat(writtenAndLoaded(result).entities().get("Item").indexes()).isEqualTo(Map.of("GSI1", KeyDefinition.of("STATUS#{status}", "ITEM#{id}")));
    }
}
