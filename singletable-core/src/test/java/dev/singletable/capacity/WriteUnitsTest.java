package dev.singletable.capacity;

import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Projection;
import dev.singletable.TableSchema;

import org.junit.jupiter.api.Test;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Index writes as "Provisioned throughput considerations for Global Secondary Indexes" describes them,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html#GSI.ThroughputConsiderations.Writes.
 */
class WriteUnitsTest {
    private static final TableSchema SCHEMA = TableSchema.builder("Orders").partitionKeyAttribute("pk").sortKeyAttribute("sk")
            .index(IndexSchema.global("gsi1").partitionKey(KeyAttribute.string("gsi1pk")).sortKey(KeyAttribute.string("gsi1sk")).build())
            .index(IndexSchema.global("keys").partitionKey(KeyAttribute.string("status")).projection(Projection.keysOnly()).build())
            .build();

    private static Map<String, AttributeValue> item(String... pairs) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put(pairs[i], AttributeValue.fromS(pairs[i + 1]));
        }
        return item;
    }

    @Test
    void ofNewItem_whenItemLacksAnIndexKey_writesOnlyTheIndexesItIsIn() {
        WriteUnits units = WriteUnits.ofNewItem(SCHEMA, item("pk", "A", "sk", "B", "gsi1pk", "G", "gsi1sk", "S", "body", "x".repeat(1500)));

        assertThat(units.table()).isEqualTo(2.0);
        assertThat(units.indexes()).containsExactly(Map.entry("gsi1", 2.0));
        assertThat(units.total()).isEqualTo(4.0);
    }

    @Test
    void of_whenTheIndexKeyMoves_isADeleteAndAPut() {
        Map<String, AttributeValue> before = item("pk", "A", "sk", "B", "status", "OPEN", "body", "x".repeat(1500));
        Map<String, AttributeValue> after = item("pk", "A", "sk", "B", "status", "DONE", "body", "x".repeat(1500));

        WriteUnits units = WriteUnits.of(SCHEMA, Optional.of(before), Optional.of(after), false);

        assertThat(units.table()).isEqualTo(2.0);
        assertThat(units.indexes()).containsExactly(Map.entry("keys", 2.0));   // KEYS_ONLY: two small entries
    }

    @Test
    void of_whenOnlyAnUnprojectedAttributeChanges_writesNoIndex() {
        Map<String, AttributeValue> before = item("pk", "A", "sk", "B", "status", "OPEN", "body", "one");
        Map<String, AttributeValue> after = item("pk", "A", "sk", "B", "status", "OPEN", "body", "two");

        assertThat(WriteUnits.of(SCHEMA, Optional.of(before), Optional.of(after), false).indexes()).isEmpty();
    }

    @Test
    void of_whenDeleteInATransaction_costsTwiceTheOldItemOnTheTableAndOnceOnItsIndexes() {
        // the table's item is prepared and committed; index changes propagate after the transaction, as ordinary writes
        WriteUnits units = WriteUnits.of(SCHEMA, Optional.of(item("pk", "A", "sk", "B", "status", "OPEN")), Optional.empty(), true);

        assertThat(units.table()).isEqualTo(2.0);
        assertThat(units.indexes()).containsExactly(Map.entry("keys", 1.0));
    }
}
