package dev.singletable.it;

import dev.singletable.local.LocalDynamoDbExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What a test's table holds: read back with a scan as plain text, so that tests compare whole stored items, or emptied. */
public final class StoredItems {
    private StoredItems() {
    }

    /**
     * Every item of the extension's table, each as attribute to value text (a string, a number or a boolean as such, any
     * other value as the SDK prints it), in key order.
     */
    public static List<Map<String, String>> of(LocalDynamoDbExtension db) {
        List<Map<String, String>> items = new ArrayList<>();
        for (Map<String, AttributeValue> item : db.client().scan(ScanRequest.builder().tableName(db.tableName()).build()).items()) {
            Map<String, String> text = new TreeMap<>();
            item.forEach((name, value) -> text.put(name, text(value)));
            items.add(text);
        }
        items.sort(Comparator.comparing((Map<String, String> i) -> i.get("PK")).thenComparing(i -> i.get("SK")));
        return items;
    }

    /** Deletes every item of the extension's table, so that a test starts from an empty one. */
    public static void deleteAll(LocalDynamoDbExtension db) {
        for (Map<String, AttributeValue> item : db.client().scan(ScanRequest.builder().tableName(db.tableName()).build()).items()) {
            db.client().deleteItem(r -> r.tableName(db.tableName()).key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))));
        }
    }

    /** An item as the pairs attribute, value, attribute, value, ... */
    public static Map<String, String> item(String... pairs) {
        Map<String, String> item = new TreeMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put(pairs[i], pairs[i + 1]);
        }
        return item;
    }

    private static String text(AttributeValue value) {
        return value.s() != null ? value.s() : value.n() != null ? value.n() : value.bool() != null ? String.valueOf(value.bool())
                : value.toString();
    }
}
