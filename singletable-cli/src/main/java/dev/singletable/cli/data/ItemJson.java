package dev.singletable.cli.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.DynamicItem;
import dev.singletable.design.internal.tables.SampleItems;
import dev.singletable.EntitySchema;
import dev.singletable.TableSchema;
import software.amazon.awssdk.core.SdkBytes;

import java.math.BigDecimal;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Items as JSON objects, as {@code load} reads JSON Lines: {@code "entity"} names the entity,
 * then the attributes by name in the design's order. Instants, dates and uuids as ISO text,
 * binary as Base64, sets as arrays, embedded records as objects. An entity with an attribute named
 * {@code entity} is named by {@code "@entity"} instead ({@link SampleItems#entityField(java.util.Collection)}), so that
 * the attribute keeps its name and value. The attributes an entity's attribute bag holds (undeclared ones, written by
 * other or newer code) follow the declared ones, each as its stored value reads as plain data
 * ({@link AttributeTypes#DOCUMENT_VALUE}), so that a {@code get} edited and given back to {@code put} or {@code load}
 * keeps them.
 */
public final class ItemJson {
    static final ObjectMapper JSON = new ObjectMapper();

    private ItemJson() {
    }

    /** The item as a JSON object, its entity first. */
    public static ObjectNode of(TableSchema schema, DynamicItem item) {
        Set<String> names = new LinkedHashSet<>();
        schema.entity(item.entityType()).map(EntitySchema::attributes)
                .ifPresent(attributes -> attributes.stream().map(Attribute::name).forEach(names::add));
        names.addAll(item.values().keySet());
        Set<String> named = new LinkedHashSet<>(names);
        named.addAll(item.unmappedAttributes().keySet());
        ObjectNode node = JSON.createObjectNode();
        node.put(SampleItems.entityField(named), item.entityType());
        for (String name : names) {
            item.find(name).ifPresent(value -> node.set(name, value(value)));
        }
        // by name: a stored item has no order of attributes, and the engine answers in any
        new java.util.TreeMap<>(item.unmappedAttributes()).forEach((name, stored) -> node.set(name,
                value(AttributeTypes.DOCUMENT_VALUE.fromAttributeValue(stored))));
        return node;
    }

    private static JsonNode value(Object value) {
        if (value instanceof String text) {
            return JSON.getNodeFactory().textNode(text);
        }
        if (value instanceof Boolean bool) {
            return JSON.getNodeFactory().booleanNode(bool);
        }
        if (value instanceof Integer number) {
            return JSON.getNodeFactory().numberNode(number);
        }
        if (value instanceof Long number) {
            return JSON.getNodeFactory().numberNode(number);
        }
        if (value instanceof BigDecimal number) {
            return JSON.getNodeFactory().numberNode(number);
        }
        if (value instanceof byte[] bytes) {
            return JSON.getNodeFactory().textNode(Base64.getEncoder().encodeToString(bytes));
        }
        if (value instanceof java.nio.ByteBuffer buffer) {
            return value(SdkBytes.fromByteBuffer(buffer).asByteArray()); // its remaining bytes, the buffer left as it is
        }
        if (value == null) {
            return JSON.getNodeFactory().nullNode();
        }
        if (value instanceof DynamicItem record) { // an embedded record: its values, as load and the put tool take it
            ObjectNode object = JSON.createObjectNode();
            record.values().forEach((name, element) -> object.set(name, value(element)));
            return object;
        }
        if (value instanceof Collection<?> collection) {
            ArrayNode array = JSON.createArrayNode();
            collection.forEach(element -> array.add(value(element)));
            return array;
        }
        if (value instanceof Map<?, ?> map) { // by key: a stored map has no order, and the engine answers in any
            ObjectNode object = JSON.createObjectNode();
            Map<String, Object> byKey = new java.util.TreeMap<>();
            map.forEach((key, element) -> byKey.put(String.valueOf(key), element));
            byKey.forEach((key, element) -> object.set(key, value(element)));
            return object;
        }
        return JSON.getNodeFactory().textNode(value.toString());
    }
}
