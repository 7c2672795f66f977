package dev.singletable.processor.it;

import dev.singletable.local.LocalDynamoDbExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Items as the engine holds them, read and written with the raw client, and the expected ones to compare them with. */
final class RawItems {
    private RawItems() {
    }

    /** The item under a primary key, read consistently past singletable; empty when there is none. */
    static Map<String, AttributeValue> stored(LocalDynamoDbExtension db, String pk, String sk) {
        return db.client().getItem(b -> b.tableName(db.tableName()).consistentRead(true)
                .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk)))).item();
    }

    /** Writes an item as other code would, past singletable. */
    static void putRaw(LocalDynamoDbExtension db, Map<String, AttributeValue> item) {
        db.client().putItem(b -> b.tableName(db.tableName()).item(item));
    }

    /** An item from name and value pairs: {@code item("PK", fromS("A#1"), "SK", fromS("A"))}. */
    static Map<String, AttributeValue> item(Object... namesAndValues) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            item.put((String) namesAndValues[i], (AttributeValue) namesAndValues[i + 1]);
        }
        return item;
    }

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    static AttributeValue n(String value) {
        return AttributeValue.fromN(value);
    }

    static AttributeValue numbers(int... values) {
        return AttributeValue.fromL(Arrays.stream(values).mapToObj(v -> n(Integer.toString(v))).toList());
    }

    static AttributeValue strings(String... values) {
        return AttributeValue.fromL(List.of(values).stream().map(RawItems::s).toList());
    }
}
