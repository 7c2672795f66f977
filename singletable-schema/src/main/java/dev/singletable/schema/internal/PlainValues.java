package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values as the document model holds them, free of Jackson: String, BigDecimal, Boolean, List and
 * Map (in order); and back to tree nodes for writing.
 */
final class PlainValues {
    private static final JsonNodeFactory NODES = new JsonNodeFactory(true);

    private PlainValues() {
    }

    public static Object of(JsonNode node) {
        if (node.isTextual()) {
            return node.asText();
        }
        if (node.isNumber()) {
            return node.decimalValue();
        }
        if (node.isBoolean()) {
            return node.asBoolean();
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(n -> list.add(inner(n)));
            return list;
        }
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            node.properties().forEach(e -> map.put(e.getKey(), inner(e.getValue())));
            return map;
        }
        throw new IllegalArgumentException("null is not a value; leave the attribute out instead");
    }

    /** A value inside a list or map, where null is a value (a document's NULL) that the attribute's type accepts or refuses. */
    private static Object inner(JsonNode node) {
        return node.isNull() ? null : of(node);
    }

    public static JsonNode toNode(Object value) {
        if (value == null) {
            return NODES.nullNode();
        }
        if (value instanceof String text) {
            return NODES.textNode(text);
        }
        if (value instanceof BigDecimal number) {
            return NODES.numberNode(number);
        }
        if (value instanceof Number number) {
            return NODES.numberNode(new BigDecimal(number.toString()));
        }
        if (value instanceof Boolean bool) {
            return NODES.booleanNode(bool);
        }
        if (value instanceof List<?> list) {
            var array = NODES.arrayNode();
            list.forEach(v -> array.add(toNode(v)));
            return array;
        }
        if (value instanceof Map<?, ?> map) {
            var object = NODES.objectNode();
            map.forEach((k, v) -> object.set(String.valueOf(k), toNode(v)));
            return object;
        }
        throw new IllegalArgumentException("cannot write " + value + " (" + value.getClass().getName() + ") into a schema file");
    }
}
