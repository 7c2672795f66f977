package dev.singletable.internal.expressions;

import dev.singletable.Placeholders;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The placeholders of one request, for writes and reads alike. Names read as themselves
 * ({@code #status}) when they are plain identifiers, so rendered expressions stay legible; values
 * are numbered {@code :v0, :v1...}. A name used twice shares one placeholder.
 *
 * <p>A read's request already holds fixed placeholders ({@code #pk}, {@code :pk}, {@code #et}...)
 * when its filter and projection are rendered: {@link #into(Map, Map)} adds to those maps, reusing
 * a placeholder that already stands for a name and never taking one in use.
 */
public final class Expressions implements Placeholders {
    private final Map<String, String> placeholderByName = new LinkedHashMap<>();
    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;
    private int namesAdded;
    private int valuesAdded;

    public Expressions() {
        this(new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    private Expressions(Map<String, String> names, Map<String, AttributeValue> values) {
        this.names = names;
        this.values = values;
        names.forEach((placeholder, name) -> placeholderByName.putIfAbsent(name, placeholder));
    }

    /** Placeholders written into a request's maps, which may already hold some. */
    public static Expressions into(Map<String, String> names, Map<String, AttributeValue> values) {
        return new Expressions(names, values);
    }

    @Override
    public String name(String attributeName) {
        String existing = placeholderByName.get(attributeName);
        if (existing != null) {
            return existing;
        }
        String base = isPlainName(attributeName) ? "#" + attributeName : "#n" + namesAdded;
        String placeholder = base;
        for (int i = 2; names.containsKey(placeholder); i++) {
            placeholder = base + "_" + i;
        }
        namesAdded++;
        placeholderByName.put(attributeName, placeholder);
        names.put(placeholder, attributeName);
        return placeholder;
    }

    @Override
    public String value(AttributeValue value) {
        String placeholder = ":v" + valuesAdded++;
        while (values.containsKey(placeholder)) {
            placeholder = ":v" + valuesAdded++;
        }
        values.put(placeholder, value);
        return placeholder;
    }

    /** Placeholder to attribute name, in order of first use. */
    public Map<String, String> names() {
        return Collections.unmodifiableMap(names);
    }

    /** Placeholder to value, in order of use. */
    public Map<String, AttributeValue> values() {
        return Collections.unmodifiableMap(values);
    }

    /** [A-Za-z0-9_]{1,200}, by hand: String.matches compiles the pattern on every call, and every request names attributes. */
    private static boolean isPlainName(String name) {
        int length = name.length();
        if (length == 0 || length > 200) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
                return false;
            }
        }
        return true;
    }
}
