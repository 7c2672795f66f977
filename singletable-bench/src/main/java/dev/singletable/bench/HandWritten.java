package dev.singletable.bench;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The item code a careful person writes by hand with the SDK: the baseline. */
final class HandWritten {
    private HandWritten() {
    }

    static Map<String, AttributeValue> encode(Item item) {
        Map<String, AttributeValue> map = new HashMap<>(20);
        map.put("PK", AttributeValue.fromS("ITEM#" + item.id()));
        map.put("SK", AttributeValue.fromS("ITEM"));
        map.put("entityType", AttributeValue.fromS("Item"));
        map.put("id", AttributeValue.fromS(item.id()));
        map.put("quantity", AttributeValue.fromN(Integer.toString(item.quantity())));
        map.put("views", AttributeValue.fromN(Long.toString(item.views())));
        map.put("price", AttributeValue.fromN(item.price().toString()));
        map.put("createdAt", AttributeValue.fromS(item.createdAt().toString()));
        map.put("active", AttributeValue.fromBool(item.active()));
        List<AttributeValue> tags = new ArrayList<>(item.tags().size());
        for (String tag : item.tags()) {
            tags.add(AttributeValue.fromS(tag));
        }
        map.put("tags", AttributeValue.fromL(tags));
        Map<String, AttributeValue> labels = new LinkedHashMap<>(item.labels().size() * 2);
        item.labels().forEach((k, v) -> labels.put(k, AttributeValue.fromS(v)));
        map.put("labels", AttributeValue.fromM(labels));
        map.put("status", AttributeValue.fromS(item.status().name()));
        map.put("ref", AttributeValue.fromS(item.ref().toString()));
        return map;
    }

    static Item decode(Map<String, AttributeValue> map) {
        if (!"Item".equals(map.get("entityType").s())) {
            throw new IllegalArgumentException("not an Item");
        }
        List<AttributeValue> tagValues = map.get("tags").l();
        List<String> tags = new ArrayList<>(tagValues.size());
        for (AttributeValue tag : tagValues) {
            tags.add(tag.s());
        }
        Map<String, String> labels = new LinkedHashMap<>();
        map.get("labels").m().forEach((k, v) -> labels.put(k, v.s()));
        return new Item(map.get("id").s(), Integer.parseInt(map.get("quantity").n()), Long.parseLong(map.get("views").n()),
                new BigDecimal(map.get("price").n()), Instant.parse(map.get("createdAt").s()), map.get("active").bool(),
                List.copyOf(tags), Map.copyOf(labels), Status.valueOf(map.get("status").s()), UUID.fromString(map.get("ref").s()));
    }
}
