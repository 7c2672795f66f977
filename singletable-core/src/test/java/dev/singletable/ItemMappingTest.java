package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;

import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import static dev.singletable.ReadFixtures.CUSTOMER;
import static dev.singletable.ReadFixtures.ORDER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The public mapping of entities to items and back: nothing is sent (the clients fail the test if anything is). */
class ItemMappingTest {
    private static final ReadFixtures.Order ORDER_O1 = new ReadFixtures.Order("C1", "O1", ReadFixtures.Status.PENDING,
            new BigDecimal("9.99"), Instant.parse("2025-05-19T09:00:00Z"), null);

    private final Table table = ReadFixtures.table();

    @Test
    void toItem_whenEntityIsOfTheTable_givesTheWholeItemWithKeysAndIndexKeys() {
        assertThat(new TreeMap<>(table.toItem(ORDER_O1))).hasToString(new TreeMap<>(Map.of(
                "PK", AttributeValue.fromS("CUSTOMER#C1"),
                "SK", AttributeValue.fromS("ORDER#O1"),
                "GSI1PK", AttributeValue.fromS("STATUS#PENDING"),
                "GSI1SK", AttributeValue.fromS("2025-05-19T09:00:00.000000000Z"), // sortable: fixed-width nanoseconds
                "entityType", AttributeValue.fromS("Order"),
                "customerId", AttributeValue.fromS("C1"),
                "orderId", AttributeValue.fromS("O1"),
                "status", AttributeValue.fromS("PENDING"),
                "total", AttributeValue.fromN("9.99"),
                "createdAt", AttributeValue.fromS("2025-05-19T09:00:00Z"))).toString());
    }

    @Test
    void fromItem_whenGivenTheItemOfToItem_givesTheEntityBack() {
        assertThat(table.fromItem(ORDER, table.toItem(ORDER_O1))).isEqualTo(ORDER_O1);
    }

    @Test
    void fromItem_whenItemIsTheNewImageOfAStreamRecord_decodesIt() {
        Record record = Record.builder().eventName(OperationType.INSERT)
                .dynamodb(StreamRecord.builder().keys(Map.of("PK", AttributeValue.fromS("CUSTOMER#C1"), "SK", AttributeValue.fromS("ORDER#O1")))
                        .newImage(table.toItem(ORDER_O1)).build())
                .build();

        assertThat(table.fromItem(ORDER, record.dynamodb().newImage())).isEqualTo(ORDER_O1);
    }

    @Test
    void fromItem_whenItemIsOfAnotherType_failsNamingBoth() {
        assertThatThrownBy(() -> table.fromItem(CUSTOMER, table.toItem(ORDER_O1)))
                .isInstanceOf(EntityTypeMismatchException.class)
                .hasMessage("Item [PK=CUSTOMER#C1, SK=ORDER#O1] in table AppTable has entityType 'Order' but was read as Customer");
    }

    @Test
    void fromItem_whenRequiredAttributeIsMissing_failsNamingIt() {
        Map<String, AttributeValue> item = new HashMap<>(table.toItem(ORDER_O1));
        item.remove("status");

        assertThatThrownBy(() -> table.fromItem(ORDER, item))
                .isInstanceOf(ItemDecodingException.class)
                .hasMessage("Order [PK=CUSTOMER#C1, SK=ORDER#O1] lacks required attribute 'status'; write it, or declare the "
                        + "attribute with Attribute.of(...) to allow it to be missing");
    }

    record Stock(String id, int qty) {
        Stock {
            if (qty < 0) {
                throw new IllegalArgumentException("qty " + qty + " is negative");
            }
        }
    }

    @Test
    void fromItem_whenTheFactoryRefusesTheStoredValues_failsTypedNamingTheItemAndKeepingTheCause() {
        Attribute<Stock, String> id = Attribute.required("id", AttributeTypes.STRING, Stock::id);
        Attribute<Stock, Integer> qty = Attribute.required("qty", AttributeTypes.INTEGER, Stock::qty);
        EntitySchema<Stock> stock = EntitySchema.builder(Stock.class).attributes(id, qty).primaryKey("STOCK#{id}", "META")
                .factory(item -> new Stock(item.get(id), item.get(qty))).build();
        Table offline = Table.offline(TableSchema.builder("Stocks").entities(stock).build());
        Map<String, AttributeValue> item = new HashMap<>(offline.toItem(new Stock("s1", 3)));
        item.put("qty", AttributeValue.fromN("-1"));

        assertThatThrownBy(() -> offline.fromItem(stock, item))
                .isInstanceOf(ItemDecodingException.class)
                .hasMessage("Stock [PK=STOCK#s1, SK=META] in table Stocks cannot be built from its stored values: the Stock factory threw "
                        + "java.lang.IllegalArgumentException: qty -1 is negative; correct the stored item, or let the factory accept what is stored")
                .hasCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void toItem_whenClassIsNotOfTheTable_failsNamingTheEntities() {
        assertThatThrownBy(() -> table.toItem("not an entity"))
                .isInstanceOf(SchemaDefinitionException.class)
                .hasMessage("No entity type of table AppTable maps java.lang.String; add its EntitySchema to the TableSchema "
                        + "(entities are [Customer, Order])");
    }

    @Test
    void toItemAndFromItem_onTheAsyncTable_areTheSyncTables() {
        AsyncTable async = AsyncTable.of(ReadFixtures.SCHEMA, (DynamoDbAsyncClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{DynamoDbAsyncClient.class}, (proxy, method, args) -> {
                    throw new AssertionError("nothing should be sent, but " + method.getName() + " was called");
                }));

        assertThat(async.toItem(ORDER_O1)).isEqualTo(table.toItem(ORDER_O1));
        assertThat(async.fromItem(ORDER, table.toItem(ORDER_O1))).isEqualTo(ORDER_O1);
    }
}
