package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.capacity.CapacityUnits;
import dev.singletable.capacity.ItemSize;
import dev.singletable.capacity.ReadMode;
import dev.singletable.capacity.WriteUnits;
import dev.singletable.local.LocalDynamoDbExtension;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The capacity rules beyond one put of a new item, on the engine with {@code ReturnConsumedCapacity=INDEXES}: an
 * index key that moves (a delete and a put on GSI1), an item entering a sparse index (GSI3), a delete, a transaction
 * (twice the table's units, the indexes' once), {@code ReturnValues=ALL_OLD} (no more units) and a BatchGetItem (each item rounded on its own),
 * on the e-commerce design's orders.
 */
class CapacityRulesOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.load(Path.of("../designs/ecommerce.singletable.yaml"));

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    private static TableSchema schema;
    private static Table table;

    @BeforeAll
    static void createTable() {
        table = db.table();
        schema = table.schema();
    }

    /** A pending order (in GSI1 and GSI2, not in the sparse GSI3), as the table stores it. */
    private static Map<String, AttributeValue> pending(String orderId) {
        DynamicItem example = DESIGN.examples("Order").get(2);
        return table.toItem(example.toBuilder().set("orderId", orderId).build());
    }

    private static Map<String, AttributeValue> shipped(Map<String, AttributeValue> pending) {
        Map<String, AttributeValue> shipped = new LinkedHashMap<>(pending);
        shipped.put("status", AttributeValue.fromS("SHIPPED"));
        shipped.put("shippedAt", AttributeValue.fromS("2025-05-20T10:00:00Z"));
        shipped.put("GSI1PK", AttributeValue.fromS("STATUS#SHIPPED"));
        shipped.put("GSI3PK", AttributeValue.fromS("SHIPPED"));
        shipped.put("GSI3SK", AttributeValue.fromS("2025-05-20T10:00:00Z"));
        return shipped;
    }

    private static Map<String, Double> figures(ConsumedCapacity consumed) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("table", consumed.table() == null ? 0.0 : consumed.table().capacityUnits());
        consumed.globalSecondaryIndexes().forEach((index, capacity) -> figures.put(index, capacity.capacityUnits()));
        figures.put("total", consumed.capacityUnits());
        return figures;
    }

    private static Map<String, Double> figures(WriteUnits units) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("table", units.table());
        figures.putAll(units.indexes());
        figures.put("total", units.total());
        return figures;
    }

    private static ConsumedCapacity put(Map<String, AttributeValue> item) {
        return db.client().putItem(PutItemRequest.builder().tableName(schema.name()).item(item)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build()).consumedCapacity();
    }

    @Test
    void put_whenTheStatusMovesTheGsi1KeyAndTheItemEntersGsi3_consumesADeleteAndAPutOnGsi1AndOnePutOnGsi3() {
        Map<String, AttributeValue> before = pending("C-MOVE");
        put(before);
        Map<String, AttributeValue> after = shipped(before);

        WriteUnits predicted = WriteUnits.of(schema, Optional.of(before), Optional.of(after), false);

        assertThat(predicted.indexes()).containsExactly(Map.entry("GSI1", 2.0), Map.entry("GSI2", 1.0), Map.entry("GSI3", 1.0));
        assertThat(figures(put(after))).containsExactlyInAnyOrderEntriesOf(figures(predicted));
    }

    @Test
    void delete_whenReturningTheOldItem_consumesTheDeletedItemsUnitsAndNoMore() {
        Map<String, AttributeValue> item = shipped(pending("C-DELETE"));
        put(item);
        Map<String, AttributeValue> key = Map.of("PK", item.get("PK"), "SK", item.get("SK"));

        ConsumedCapacity consumed = db.client().deleteItem(DeleteItemRequest.builder().tableName(schema.name()).key(key)
                .returnValues(ReturnValue.ALL_OLD).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build()).consumedCapacity();

        assertThat(figures(consumed)).containsExactlyInAnyOrderEntriesOf(figures(WriteUnits.of(schema, Optional.of(item), Optional.empty(), false)));
    }

    @Test
    void transactWriteItems_whenOnePutOf1500Bytes_consumesTwiceItsTableUnitsAndItsIndexUnitsOnce() {
        Map<String, AttributeValue> item = new LinkedHashMap<>(pending("C-TRANSACT"));
        item.put("padding", AttributeValue.fromS("p".repeat(1500 - ItemSize.of(item) - "padding".length())));
        assertThat(ItemSize.of(item)).isEqualTo(1500);

        List<ConsumedCapacity> consumed = db.client().transactWriteItems(TransactWriteItemsRequest.builder()
                .transactItems(TransactWriteItem.builder().put(Put.builder().tableName(schema.name()).item(item).build()).build())
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build()).consumedCapacity();

        WriteUnits predicted = WriteUnits.of(schema, Optional.empty(), Optional.of(item), true);
        assertThat(predicted.table()).isEqualTo(4.0);
        assertThat(predicted.indexes()).containsExactly(Map.entry("GSI1", 2.0), Map.entry("GSI2", 2.0));
        assertThat(consumed).hasSize(1);
        assertThat(figures(consumed.get(0))).containsExactlyInAnyOrderEntriesOf(figures(predicted));
    }

    @Test
    void batchGetItem_whenItemsOf1536And6656Bytes_roundsEachOnItsOwn() {
        Map<String, AttributeValue> small = new LinkedHashMap<>(pending("C-SMALL"));
        small.put("padding", AttributeValue.fromS("p".repeat(1536 - ItemSize.of(small) - "padding".length())));
        Map<String, AttributeValue> large = new LinkedHashMap<>(pending("C-LARGE"));
        large.put("padding", AttributeValue.fromS("p".repeat(6656 - ItemSize.of(large) - "padding".length())));
        put(small);
        put(large);

        List<ConsumedCapacity> consumed = db.client().batchGetItem(BatchGetItemRequest.builder()
                .requestItems(Map.of(schema.name(), KeysAndAttributes.builder().consistentRead(true).keys(
                        Map.of("PK", small.get("PK"), "SK", small.get("SK")), Map.of("PK", large.get("PK"), "SK", large.get("SK"))).build()))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build()).consumedCapacity();

        double predicted = CapacityUnits.batchGet(List.of(ItemSize.of(small), ItemSize.of(large)), ReadMode.STRONGLY_CONSISTENT);
        assertThat(predicted).isEqualTo(3.0);   // 4 KB + 8 KB, not the 8 KB of their sum
        assertThat(consumed).hasSize(1);
        assertThat(consumed.get(0).capacityUnits()).isEqualTo(predicted);
    }
}
