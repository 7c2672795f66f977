package dev.singletable.cli.output;

import dev.singletable.DynamicItem;
import dev.singletable.design.internal.text.RequestText;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An attribute's value as the data commands show it to people, the same at every depth: text in double quotes, its
 * quotes and backslashes escaped ({@link RequestText#quote}), so that a set of the two strings {@code a, b} and
 * {@code c} reads {@code ["a, b", "c"]}; numbers as written, binaries in Base64, instants in ISO-8601, lists and sets in
 * brackets, embedded records as {@code {name: value}} in their attributes' order and maps the same way by key.
 *
 * <pre>{@code
 * ValueText.of(List.of("a, b", "c"))                 // ["a, b", "c"]
 * ValueText.of(Map.of("k#1", "v", "", "say \"hi\""))  // {"": "say \"hi\"", "k#1": "v"}
 * }</pre>
 */
public final class ValueText {
    private ValueText() {
    }

    /** The value as text; null as {@code null}. */
    public static String of(Object value) {
        if (value instanceof String text) {
            return RequestText.quote(text);
        }
        if (value instanceof DynamicItem record) {
            return entries(record.values());
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> byKey = new TreeMap<>(); // by key, as a map read back has no order of its own
            map.forEach((key, element) -> byKey.put(String.valueOf(key), element));
            return entries(byKey);
        }
        if (value instanceof Collection<?> collection) {
            List<String> elements = new ArrayList<>(collection.size());
            collection.forEach(element -> elements.add(of(element)));
            return "[" + String.join(", ", elements) + "]";
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof byte[] bytes) {
            return Base64.getEncoder().encodeToString(bytes);
        }
        if (value instanceof ByteBuffer buffer) {
            return Base64.getEncoder().encodeToString(bytes(buffer));
        }
        if (value instanceof Instant instant) {
            return DateTimeFormatter.ISO_INSTANT.format(instant);
        }
        return RequestText.visible(String.valueOf(value));
    }

    /** A name inside a record or map: as it is when plain, else quoted ({@code "summer house"}, {@code ""}). */
    public static String name(String name) {
        return name.matches("[A-Za-z0-9_-]+") ? name : RequestText.quote(name);
    }

    /** The remaining bytes of a buffer (a binary set's element), leaving the buffer as it is. */
    public static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private static String entries(Map<String, ?> values) {
        List<String> entries = new ArrayList<>(values.size());
        values.forEach((name, element) -> entries.add(name(name) + ": " + of(element)));
        return "{" + String.join(", ", entries) + "}";
    }
}
