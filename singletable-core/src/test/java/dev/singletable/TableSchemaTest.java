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
        assertThatThrownBy(() -> order().index("GSI1", "STATUS#{status}", "{total}").build())
                .isInstanceOf(KeyTemplateException.class)
                .hasMessage("Order index GSI1 sort key template '{total}', slot {total}: BigDecimal in a sort key needs a fixed width "
                        + "and scale so that it sorts numerically, for example {slot:%012.2f}");
    }

    @Test
    void build_whenAttributeDeclaredTwice_fails() {
        assertThatThrownBy(() -> order().attribute(Attribute.of("total", AttributeTypes.LONG, o -> 1L)))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: attribute 'total' is declared twice; give each attribute its own name");
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
                .hasMessage("Order: declare how to build a Order from an item with factory(item -> new Order(...))");
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
                        + " in table AppTable; rename the entity attribute");
    }

    @Test
    void build_whenTwoTableRolesShareAnAttribute_failsNamingBoth() {
        assertThatThrownBy(() -> TableSchema.builder("AppTable").index(IndexSchema.of("GSI1", "PK", "GSI1SK")).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Table AppTable: attribute 'PK' would hold both the table's partition key and index GSI1's partition key; "
                        + "give each its own attribute");
    }

    @Test
    void build_whenTimeToLiveAttributeIsNotANumber_failsNamingTheTypesToUse() {
        assertThatThrownBy(() -> TableSchema.builder("AppTable").timeToLiveAttribute("createdAt").entities(order().build()).build())
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("Order: attribute 'createdAt' is the table's TTL attribute, which DynamoDB reads as epoch seconds; "
                        + "declare it with AttributeTypes.EPOCH_SECONDS (an Instant) or LONG, not Instant");
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
}
