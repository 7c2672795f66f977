package dev.singletable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Table and entity schema validation, and {@link Table#keyOf}, none of which sends a request. */
class TableSchemaTest {

    enum Status { PENDING, SHIPPED }

    record Order(String customerId, String orderId, Status status, BigDecimal total, Instant createdAt, Set<String> tags) {
    }

    static final Attribute<Order, String> CUSTOMER_ID = Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
    static final Attribute<Order, String> ORDER_ID = Attribute.required("orderId", AttributeTypes.STRING, Order::orderId);
    static final Attribute<Order, Status> STATUS = Attribute.of("status", AttributeTypes.enumType(Status.class), Order::status);
    static final Attribute<Order, BigDecimal> TOTAL = Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
    static final Attribute<Order, Instant> CREATED_AT = Attribute.required("createdAt", AttributeTypes.INSTANT, Order::createdAt);
    static final Attribute<Order, Set<String>> TAGS = Attribute.of("tags", AttributeTypes.STRING_SET, Order::tags);

    private static EntitySchema.Builder<Order> order() {
        return EntitySchema.builder(Order.class)
                .attributes(CUSTOMER_ID, ORDER_ID, STATUS, TOTAL, CREATED_AT, TAGS)
                .primaryKey("CUSTOMER#{customerId}", "ORDER#{orderId}")
                .factory(item -> new Order(item.get(CUSTOMER_ID), item.get(ORDER_ID), item.get(STATUS), item.get(TOTAL),
                        item.get(CREATED_AT), item.get(TAGS)));
    }

    record Customer(String customerId, String name) {
    }

    static final Attribute<Customer, String> C_ID = Attribute.required("customerId", AttributeTypes.STRING, Customer::customerId);
    static final Attribute<Customer, String> C_NAME = Attribute.of("name", AttributeTypes.STRING, Customer::name);

    private static EntitySchema.Builder<Customer> customer() {
        return EntitySchema.builder(Customer.class).attributes(C_ID, C_NAME)
                .primaryKey("CUSTOMER#{customerId}", "PROFILE")
                .factory(item -> new Customer(item.get(C_ID), item.get(C_NAME)));
    }

    // ------------------------------------------------------------------ entity schema

    @Test
    void build_whenTemplateNamesUnknownAttribute_failsNamingTemplateAndSuggestingTheClosest() {
        assertThatThrownBy(() -> order().primaryKey("CUSTOMER#{custmerId}", "ORDER#{orderId}").build())
                .isInstanceOf(KeyTemplateException.class)
                .hasMessage("Order primary partition key template 'CUSTOMER#{custmerId}' refers to unknown attribute 'custmerId' "
                        + "(did you mean 'customerId'?); the attributes are customerId, orderId, status, total, createdAt, tags");
    }

    @Test
    void build_whenIndexTemplateNamesUnknownAttribute_failsNamingTheIndex() {
        assertThatThrownBy(() -> order().index("GSI1", "STATUS#{stats}", "{createdAt}").build())
                .isInstanceOf(KeyTemplateException.class)
                .hasMessage("Order index GSI1 partition key template 'STATUS#{stats}' refers to unknown attribute 'stats' "
                        + "(did you mean 'status'?); the attributes are customerId, orderId, status, total, createdAt, tags");
    }

    @Test
    void build_whenSlotAttributeIsNotKeyable_failsNamingTheType() {
        assertThatThrownBy(() -> order().index("GSI1", "TAG#{tags}", "{createdAt}").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order index GSI1 partition key template 'TAG#{tags}': attribute 'tags' is a Set<String>, which cannot "
                        + "fill a key slot; use a String, number, boolean, Instant, LocalDate, enum or UUID attribute");
    }

    @Test
    void build_whenBigDecimalInSortKeyWithoutFormat_failsNamingTheFix() {
        assertThatThrownBy(() -> order().index("GSI1", "STATUS#{status}", "TOTAL#{total}").build())
                .isInstanceOf(KeyTemplateException.class)
                .hasMessage("Order index GSI1 sort key template 'TOTAL#{total}', slot {total}: BigDecimal in a sort key needs a fixed width "
                        + "and scale so that it sorts numerically, for example {slot:%012.2f}");
    }

    @Test
    void build_whenAttributeDeclaredTwice_fails() {
        assertThatThrownBy(() -> order().attribute(Attribute.of("total", AttributeTypes.LONG, o -> 1L)))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: attribute 'total' is declared twice; give each attribute its own name")
                .satisfies(e -> assertThat(((SchemaDefinitionException) e).attribute()).hasValue("total"));
    }

    @Test
    void build_whenPartsMissing_failsNamingWhatToDeclare() {
        assertThatThrownBy(() -> EntitySchema.builder(Order.class).primaryKey("A").factory(item -> null).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: declare at least one attribute");
        assertThatThrownBy(() -> EntitySchema.builder(Order.class).attributes(ORDER_ID).factory(item -> null).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: declare the primary key templates with primaryKey(...)");
        assertThatThrownBy(() -> EntitySchema.builder(Order.class).attributes(ORDER_ID).primaryKey("A").build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: declare how to build an Order from an item with factory(item -> new Order(...))");
    }

    // ------------------------------------------------------------------ table schema

    @Test
    void build_whenEntityNamesAnIndexTheTableLacks_failsListingTheTablesIndexes() {
        EntitySchema<Order> order = order().index("GSI9", "STATUS#{status}", "{createdAt}").build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK")).entities(order).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: index 'GSI9' is not an index of table AppTable; its indexes are [GSI1]");
    }

    @Test
    void build_whenEntityNamesAnIndexAndTheTableHasNone_failsSayingItHasNoSecondaryIndexes() {
        EntitySchema<Order> order = order().index("GSI9", "STATUS#{status}", "{createdAt}").build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").entities(order).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: index 'GSI9' is not an index of table AppTable; it has no secondary indexes");
    }

    @Test
    void build_whenSortTemplateOnAnIndexWithoutSortKey_failsNamingTheTemplate() {
        EntitySchema<Order> order = order().index("GSI2", "STATUS#{status}", "{createdAt}").build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(IndexSchema.of("GSI2", "GSI2PK")).entities(order).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: the index GSI2 of table AppTable has no sort key, but the entity gives sort key template '{createdAt}'");
    }

    @Test
    void build_whenIndexHasSortKeyButEntityGivesNone_failsNamingTheFix() {
        EntitySchema<Order> order = order().index("GSI1", "STATUS#{status}").build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK")).entities(order).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: the index GSI1 of table AppTable has a sort key, but the entity gives only a partition key "
                        + "template; add a sort key template");
    }

    @Test
    void build_whenTableHasNoSortKeyButEntityGivesOne_fails() {
        assertThatThrownBy(() -> TableSchema.builder("AppTable").noSortKey().entities(order().build()).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: the primary key of table AppTable has no sort key, but the entity gives sort key template "
                        + "'ORDER#{orderId}'");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"PK", "SK", "GSI1PK", "GSI1SK", "entityType"})
    void build_whenEntityAttributeCollidesWithAKeyOrTypeAttribute_failsNamingBoth(String name) {
        String use = switch (name) {
            case "PK" -> "the table's partition key";
            case "SK" -> "the table's sort key";
            case "GSI1PK" -> "index GSI1's partition key";
            case "GSI1SK" -> "index GSI1's sort key";
            default -> "the entity type";
        };
        EntitySchema<Order> order = order().attribute(Attribute.of(name, AttributeTypes.STRING, Order::orderId)).build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK")).entities(order).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: attribute '" + name + "' collides with the attribute holding " + use
                        + " in table AppTable; rename the entity attribute" + (name.equals("entityType") ? ""
                        : ", or make it the key itself with the template '{" + name + "}' on "
                        + (name.startsWith("GSI") ? "that index" : "the primary key")));
    }

    @Test
    void build_whenTwoKeyRolesGiveAnAttributeTwoTypes_failsNamingBoth() {
        assertThatThrownBy(() -> TableSchema.builder("AppTable")
                .index(IndexSchema.global("Scores").partitionKey(KeyAttribute.number("PK")).build()).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable: key attribute 'PK' is S as the table's partition key but N as index Scores's partition "
                        + "key; an attribute has one type in DynamoDB: declare the same type for both");
    }

    @Test
    void build_whenEntityTypeAttributeIsAKey_failsNamingBoth() {
        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(IndexSchema.of("ByType", "entityType")).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable: attribute 'entityType' would hold both index ByType's partition key and the entity "
                        + "type; give each its own attribute");
    }

    @Test
    void build_whenTimeToLiveAttributeIsNotANumber_failsNamingTheTypesToUse() {
        assertThatThrownBy(() -> TableSchema.builder("AppTable").timeToLiveAttribute("createdAt").entities(order().build()).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order.createdAt: type Instant cannot be the table's TTL attribute, which DynamoDB reads as a Number of "
                        + "epoch seconds; declare it with AttributeTypes.EPOCH_SECONDS, LONG or INTEGER (EPOCH_SECONDS for an Instant)");
    }

    @Test
    void build_whenTimeToLiveAttributeIsEpochSeconds_accepts() {
        Attribute<Order, Instant> expires = Attribute.of("expiresAt", AttributeTypes.EPOCH_SECONDS, Order::createdAt);

        TableSchema schema = TableSchema.builder("AppTable").timeToLiveAttribute("expiresAt")
                .entities(order().attribute(expires).build()).build();

        assertThat(schema.timeToLiveAttribute()).hasValue("expiresAt");
    }

    @Test
    void entity_whenTypeDeclaredTwice_failsNamingTheType() {
        assertThatThrownBy(() -> TableSchema.builder("AppTable").entities(order().build(), order().build()))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable: entity type 'Order' is declared twice; entity type names must be unique in a table");
    }

    @Test
    void build_whenTwoEntityTypesMapOneClass_failsNamingTheClass() {
        assertThatThrownBy(() -> TableSchema.builder("AppTable").entities(order().build(), order().type("ArchivedOrder").build()).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable: two entity types map class dev.singletable.TableSchemaTest$Order; "
                        + "each Java type belongs to one entity type");
    }

    @Test
    void index_whenDeclaredTwice_fails() {
        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(IndexSchema.of("GSI1", "A")).index(IndexSchema.of("GSI1", "B")))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable: index 'GSI1' is declared twice");
    }

    @Test
    void builder_whenTableNameInvalid_failsNamingTheRule() {
        assertThatThrownBy(() -> TableSchema.builder("ab"))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table name 'ab' is not valid: DynamoDB table names are 3 to 255 characters of a-z, A-Z, 0-9, '_', '-' and '.'");
    }

    // ------------------------------------------------------------------ keyOf

    @Test
    void keyOf_whenEntitiesOfTheTable_givesTheirPrimaryKeyTextWithoutARequest() {
        TableSchema schema = TableSchema.builder("AppTable").entities(customer().build(), order().build()).build();
        try (DynamoDbClient client = DynamoDbClient.builder()
                .region(Region.US_EAST_1)
                .endpointOverride(URI.create("http://127.0.0.1:9"))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("unused", "unused")))
                .build()) {
            Table table = Table.of(schema, client);

            assertThat(table.keyOf(new Order("C#1", "O\\1", Status.PENDING, null, Instant.EPOCH, Set.of())))
                    .isEqualTo(Map.of("PK", "CUSTOMER#C\\#1", "SK", "ORDER#O\\\\1"));
            assertThat(table.keyOf(new Customer("C1", "Ann"))).isEqualTo(Map.of("PK", "CUSTOMER#C1", "SK", "PROFILE"));
        }
    }

    // ------------------------------------------------------------------ index shapes (issue 10)

    record Player(String playerId, String name, BigDecimal rating) {
    }

    static final Attribute<Player, String> P_ID = Attribute.required("playerId", AttributeTypes.STRING, Player::playerId);
    static final Attribute<Player, String> P_NAME = Attribute.of("name", AttributeTypes.STRING, Player::name);
    static final Attribute<Player, BigDecimal> P_RATING = Attribute.of("rating", AttributeTypes.DECIMAL, Player::rating);

    private static EntitySchema.Builder<Player> player() {
        return EntitySchema.builder(Player.class).attributes(P_ID, P_NAME, P_RATING)
                .primaryKey("PLAYER#{playerId}", "PROFILE")
                .factory(item -> new Player(item.get(P_ID), item.get(P_NAME), item.get(P_RATING)));
    }

    private static IndexSchema gsi(String name) {
        return IndexSchema.global(name).partitionKey(KeyAttribute.string(name + "PK")).build();
    }

    private static IndexSchema lsi(String name) {
        return IndexSchema.local(name).sortKey(KeyAttribute.string(name + "SK")).build();
    }

    @Test
    void build_whenMoreThanTwentyGsis_failsNamingTheLimit() {
        TableSchema.Builder builder = TableSchema.builder("AppTable");
        for (int i = 1; i <= 21; i++) {
            builder.index(gsi("GSI" + i));
        }
        assertThatThrownBy(builder::build)
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable declares 21 GSIs; DynamoDB allows 20 per table: remove 1, or overload one index with "
                        + "several entities' keys (GSI1PK/GSI1SK)");
    }

    @Test
    void build_whenMoreThanFiveLsis_failsNamingTheLimit() {
        TableSchema.Builder builder = TableSchema.builder("AppTable");
        for (int i = 1; i <= 6; i++) {
            builder.index(lsi("LSI" + i));
        }
        assertThatThrownBy(builder::build)
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable declares 6 LSIs; DynamoDB allows 5 per table: remove 1, or make some of them GSIs");
    }

    @Test
    void build_whenLsiHasAnotherPartitionKey_failsNamingBothKeys() {
        IndexSchema byDate = IndexSchema.local("ByDate").partitionKey(KeyAttribute.string("customerId"))
                .sortKey(KeyAttribute.string("createdAt")).build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(byDate).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable: LSI 'ByDate' has partition key customerId (S), but an LSI has the table's partition key "
                        + "PK (S); leave partitionKey(...) out of the LSI, or make it a GSI (IndexSchema.global)");
    }

    @Test
    void build_whenLsiOnTableWithoutSortKey_fails() {
        assertThatThrownBy(() -> TableSchema.builder("AppTable").noSortKey().index(lsi("ByDate")).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable: LSI 'ByDate' needs a table with a sort key, as DynamoDB allows LSIs only there; give "
                        + "the table a sort key or make the index global");
    }

    @Test
    void build_whenIncludeProjectionsNameMoreThanAHundredAttributes_failsNamingTheCount() {
        String[] sixty = java.util.stream.IntStream.range(0, 60).mapToObj(i -> "a" + i).toArray(String[]::new);
        TableSchema.Builder builder = TableSchema.builder("AppTable")
                .index(IndexSchema.global("One").partitionKey(KeyAttribute.string("OnePK")).projection(Projection.include(sixty)).build())
                .index(IndexSchema.local("Two").sortKey(KeyAttribute.string("TwoSK")).projection(Projection.include(sixty)).build());

        assertThatThrownBy(builder::build)
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable: the INCLUDE projections of its indexes name 120 attributes in all; DynamoDB allows 100 "
                        + "summed over every index (an attribute in two indexes counts twice): project fewer, or project ALL on the "
                        + "indexes that need most");
    }

    @Test
    void build_whenNumberKeyTemplateHasLiteralText_failsNamingTableIndexEntityAndTemplate() {
        EntitySchema<Player> player = player().index("ByRating", "PLAYERS", "RATING#{rating:%08.2f}").build();
        IndexSchema byRating = IndexSchema.global("ByRating").partitionKey(KeyAttribute.string("GSI1PK"))
                .sortKey(KeyAttribute.number("GSI1SK")).build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(byRating).entities(player).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Player: index ByRating of table AppTable, key attribute 'GSI1SK' (N): template 'RATING#{rating:%08.2f}' has "
                        + "literal text or a format; a number key stores one attribute's value, so its template is exactly one slot "
                        + "such as '{rating}' (or declare the key attribute a string, KeyAttribute.string(\"GSI1SK\"))");
    }

    @Test
    void build_whenNumberWithoutFormatComposesAStringSortKey_failsNamingTheFormatToGive() {
        EntitySchema<Player> player = player().index("ByRating", "PLAYERS", "{rating}").build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(IndexSchema.of("ByRating", "GSI1PK", "GSI1SK"))
                .entities(player).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Player index ByRating sort key template '{rating}', slot {rating}: BigDecimal in a sort key needs a "
                        + "fixed width and scale so that it sorts numerically, for example {slot:%012.2f} (key attribute 'GSI1SK' "
                        + "is a string)");
    }

    @Test
    void build_whenOneEntityStoresAKeyAttributeAsStringAndAnotherAsNumber_failsNamingBoth() {
        EntitySchema<Customer> customer = EntitySchema.builder(Customer.class).attributes(C_ID, C_NAME)
                .primaryKey("CUSTOMER#{customerId}", "PROFILE").index("ByName", "{name}")
                .factory(item -> new Customer(item.get(C_ID), item.get(C_NAME))).build();
        Attribute<Player, BigDecimal> rating = Attribute.of("name", AttributeTypes.DECIMAL, Player::rating);
        EntitySchema<Player> player = EntitySchema.builder(Player.class).attributes(P_ID, rating)
                .primaryKey("PLAYER#{playerId}", "PROFILE").index("ByName", "{name}")
                .factory(item -> new Player(item.get(P_ID), null, item.get(rating))).build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(IndexSchema.of("ByName", "name")).entities(customer, player).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Player: index ByName of table AppTable, key attribute 'name' (S): template '{name}' stores attribute "
                        + "'name', a BigDecimal, as N, while Customer (index ByName) stores it as S; DynamoDB refuses an N value in an "
                        + "S key: declare the key attribute N or give the attribute a type stored as S");
    }

    @Test
    void build_whenInvertedIndexTemplateDiffersFromThePrimaryOne_failsNamingBoth() {
        EntitySchema<Order> order = order().index("Inverted", "ORDER#{orderId}", "CUSTOMER#{customerId}#X").build();
        IndexSchema inverted = IndexSchema.global("Inverted").partitionKey(KeyAttribute.string("SK")).sortKey(KeyAttribute.string("PK")).build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(inverted).entities(order).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: index Inverted of table AppTable keys on the table's key attribute 'PK', which holds the entity's "
                        + "primary key template 'CUSTOMER#{customerId}'; its template on the index is 'CUSTOMER#{customerId}#X': give "
                        + "the index the same template, 'CUSTOMER#{customerId}'");
    }

    @Test
    void build_whenEntityGivesFewerTemplatesThanAMultiAttributeKeyHas_failsNamingBoth() {
        EntitySchema<Order> order = order().index("ByStatus", "{status}", "{createdAt}").build();
        IndexSchema byStatus = IndexSchema.global("ByStatus").partitionKey(KeyAttribute.string("status"), KeyAttribute.string("customerId"))
                .sortKey(KeyAttribute.string("createdAt")).build();

        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(byStatus).entities(order).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: the index ByStatus of table AppTable has 2 partition key attribute(s) [status, customerId] and 1 "
                        + "sort key attribute(s) [createdAt], but the entity gives 1 and 1 templates ({status} / {createdAt}); give "
                        + "one template per key attribute (IndexKey.ofAttributes(...))");
    }

    @Test
    void build_whenEntityAttributeIsTheIndexKeyItself_isAccepted() {
        EntitySchema<Order> order = order().index("ByCustomerDate", "{customerId}", "{createdAt}").build();
        IndexSchema index = IndexSchema.global("ByCustomerDate").partitionKey(KeyAttribute.string("customerId"))
                .sortKey(KeyAttribute.string("createdAt")).build();

        TableSchema schema = TableSchema.builder("AppTable").index(index).entities(order).build();

        assertThat(schema.keyType("createdAt")).contains(KeyType.S);
        assertThat(schema.index("ByCustomerDate")).contains(index);
    }

    @Test
    void indexSchema_whenKeysDoNotFitTheKind_failsNamingTheLimit() {
        assertThatThrownBy(() -> IndexSchema.global("Wide").partitionKey(KeyAttribute.string("a"), KeyAttribute.string("b"),
                KeyAttribute.string("c"), KeyAttribute.string("d"), KeyAttribute.string("e")).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("GSI 'Wide' has 5 partition key attributes; a GSI has 1 to 4: give them with partitionKey(...)");
        assertThatThrownBy(() -> IndexSchema.local("Two").sortKey(KeyAttribute.string("a"), KeyAttribute.string("b")).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("LSI 'Two' has 2 sort key attributes; an LSI has exactly one (and the table's partition key): give it "
                        + "with sortKey(...)");
    }

    @Test
    void tableSchema_readsAnLsiWithTheTablesPartitionKey() {
        TableSchema schema = TableSchema.builder("AppTable").partitionKey(KeyAttribute.number("PK")).index(lsi("ByDate")).build();

        assertThat(schema.index("ByDate").orElseThrow().partitionKey()).containsExactly(KeyAttribute.number("PK"));
        assertThat(schema.index("ByDate").orElseThrow().kind()).isEqualTo(IndexKind.LOCAL);
    }
}
