package dev.singletable.internal;

import dev.singletable.Placeholders;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The placeholders of one request. Names read as themselves ({@code #status}) when they are
 * plain identifiers, so rendered expressions stay legible; values are numbered {@code :v0, :v1...}.
 */
public final class Expressions implements Placeholders {
    private final Map<String, String> placeholderByName = new LinkedHashMap<>();
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();

    @Override
    public String name(String attributeName) {
        String existing = placeholderByName.get(attributeName);
        if (existing != null) {
            return existing;
        }
        String base = attributeName.matches("[A-Za-z0-9_]{1,200}") ? "#" + attributeName : "#n" + names.size();
        String placeholder = base;
        for (int i = 2; names.containsKey(placeholder); i++) {
            placeholder = base + "_" + i;
        }
        placeholderByName.put(attributeName, placeholder);
        names.put(placeholder, attributeName);
        return placeholder;
    }

    @Override
    public String value(AttributeValue value) {
        String placeholder = ":v" + values.size();
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
}
