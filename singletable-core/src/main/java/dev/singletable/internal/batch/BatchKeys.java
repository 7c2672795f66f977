package dev.singletable.internal.batch;

import dev.singletable.ItemKey;
import dev.singletable.ValidationException;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The keys a batch asks for, resolved to item keys once, and the items that come back, decoded. */
final class BatchKeys {
    private final BoundTable table;

    BatchKeys(BoundTable table) {
        this.table = table;
    }

    record Asked(ItemKey<?> key, BoundEntity<?> bound, Map<String, AttributeValue> itemKey) {
    }

    String tableName() {
        return table.name();
    }

    BoundTable table() {
        return table;
    }

    List<Asked> resolve(List<? extends ItemKey<?>> keys, String operation) {
        List<Asked> asked = new ArrayList<>(keys.size());
        Map<Map<String, AttributeValue>, ItemKey<?>> seen = new HashMap<>();
        for (ItemKey<?> key : keys) {
            BoundEntity<?> bound = table.bound(key.entity());
            Map<String, AttributeValue> itemKey = bound.key(key.values());
            ItemKey<?> previous = seen.putIfAbsent(itemKey, key);
            if (previous != null) {
                throw new ValidationException(operation + " asks for key " + table.keyText(itemKey) + " twice (" + previous + " and " + key
                        + "); DynamoDB refuses duplicate keys in one request: ask once");
            }
            asked.add(new Asked(key, bound, itemKey));
        }
        return asked;
    }

    /** The entity of a returned item, unless there is none or its TTL has passed. */
    Optional<Object> decodeLive(Asked asked, Map<String, AttributeValue> item) {
        if (item.isEmpty() || table.isExpired(item)) {
            return Optional.empty();
        }
        return Optional.of(asked.bound().fromItem(item));
    }

    Map<String, AttributeValue> keyOnly(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(table.schema().partitionKeyAttribute(), item.get(table.schema().partitionKeyAttribute()));
        table.schema().sortKeyAttribute().ifPresent(sk -> key.put(sk, item.get(sk)));
        return key;
    }

    static String entities(List<Asked> asked) {
        return asked.stream().map(a -> a.bound().type()).distinct().toList().toString();
    }
}
