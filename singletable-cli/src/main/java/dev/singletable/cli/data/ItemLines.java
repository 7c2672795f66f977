package dev.singletable.cli.data;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.Table;
import dev.singletable.design.internal.text.RequestText;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One item for people, one attribute a line: the entity, the composed primary key, then every
 * attribute in the design's order, names aligned; then those the entity's attribute bag holds, which it does not declare.
 */
final class ItemLines {
    private ItemLines() {
    }

    static List<String> of(Table table, DynamicItem item) {
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put("entity", item.entityType());
        table.keyOf(item).forEach((attribute, value) -> rows.put(attribute, RequestText.quote(value)));
        EntitySchema<?> entity = table.schema().entity(item.entityType()).orElseThrow();
        for (Attribute<?, ?> attribute : entity.attributes()) {
            item.find(attribute.name()).ifPresent(value -> rows.put(attribute.name(), RequestText.value(value)));
        }
        new java.util.TreeMap<>(item.unmappedAttributes()).forEach((name, stored) -> rows.put(name, // by name, as stored items have no order
                RequestText.value(AttributeTypes.DOCUMENT_VALUE.fromAttributeValue(stored))));
        int width = rows.keySet().stream().mapToInt(String::length).max().orElse(0);
        List<String> lines = new ArrayList<>(rows.size());
        rows.forEach((name, value) -> lines.add(name + " ".repeat(width - name.length() + 2) + value));
        return lines;
    }

    /** A key of the table as {@code pk = "USER#alice", sk = "USER#alice"}. */
    static String key(Map<String, String> key) {
        List<String> parts = new ArrayList<>();
        key.forEach((attribute, value) -> parts.add(attribute + " = " + RequestText.quote(value)));
        return String.join(", ", parts);
    }

    /** A name inside a record or map: as it is when plain, else quoted ({@code "summer house"}). */
    static String name(String name) {
        return RequestText.name(name);
    }
}
