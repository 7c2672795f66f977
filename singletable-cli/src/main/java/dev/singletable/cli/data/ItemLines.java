package dev.singletable.cli.data;

import dev.singletable.Attribute;
import dev.singletable.DynamicItem;
import dev.singletable.EntitySchema;
import dev.singletable.Table;
import dev.singletable.design.internal.text.RequestText;

import java.math.BigDecimal;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One item for people, one attribute a line: the entity, the composed primary key, then every
 * attribute in the design's order, names aligned.
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
            item.find(attribute.name()).ifPresent(value -> rows.put(attribute.name(), text(value)));
        }
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
        return name.matches("[A-Za-z0-9_-]+") ? name : RequestText.quote(name);
    }

    private static String text(Object value) {
        if (value instanceof DynamicItem record) {
            List<String> entries = new ArrayList<>();
            record.values().forEach((name, v) -> entries.add(name(name) + ": " + text(v)));
            return "{" + String.join(", ", entries) + "}";
        }
        if (value instanceof List<?> list && list.stream().anyMatch(DynamicItem.class::isInstance)) {
            return "[" + String.join(", ", list.stream().map(ItemLines::text).toList()) + "]";
        }
        if (value instanceof Map<?, ?> map && map.values().stream().anyMatch(DynamicItem.class::isInstance)) {
            List<String> entries = new ArrayList<>();
            new java.util.TreeMap<>(map).forEach((k, v) -> entries.add(name(String.valueOf(k)) + ": " + text(v)));
            return "{" + String.join(", ", entries) + "}";
        }
        if (value instanceof String text) {
            return RequestText.quote(text);
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        if (value instanceof java.nio.ByteBuffer buffer) {
            return Base64.getEncoder().encodeToString(bytes(buffer));
        }
        if (value instanceof java.util.Set<?> set && !set.isEmpty() && set.iterator().next() instanceof java.nio.ByteBuffer) {
            List<String> texts = new ArrayList<>();
            set.forEach(element -> texts.add(text(element)));
            return texts.toString();
        }
        if (value instanceof java.time.Instant instant) {
            return DateTimeFormatter.ISO_INSTANT.format(instant);
        }
        return RequestText.visible(String.valueOf(value));
    }

    /** The remaining bytes of a buffer (a binary set's element), leaving the buffer as it is. */
    static byte[] bytes(java.nio.ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }
}
