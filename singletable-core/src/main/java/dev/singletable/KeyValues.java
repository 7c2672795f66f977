package dev.singletable;


import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The attribute values a key is built from: a get's whole key, a query's partition, a sort key
 * prefix. Immutable; {@code and} returns a new instance.
 *
 * <pre>{@code
 * table.get(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1"));
 * }</pre>
 */
public final class KeyValues {
    private static final KeyValues NONE = new KeyValues(Map.of());
    private final Map<String, Object> values;

    private KeyValues(Map<String, Object> values) {
        this.values = values;
    }

    /** No values: a constant key, or a sort key prefix that stops before the first slot. */
    public static KeyValues none() {
        return NONE;
    }

    public static <V> KeyValues of(Attribute<?, V> attribute, V value) {
        NullArgumentException.check("KeyValues.of", "attribute", attribute);
        NullArgumentException.require(value, "KeyValues.of", "value", "key slot '" + attribute.name() + "' needs a value");
        return NONE.and(attribute, value);
    }

    /** By attribute name, for values whose attribute constant is not at hand; the type is checked when the key is built. */
    public static KeyValues of(String attributeName, Object value) {
        NullArgumentException.check("KeyValues.of", "attributeName", attributeName);
        NullArgumentException.require(value, "KeyValues.of", "value", "key slot '" + attributeName + "' needs a value");
        return NONE.and(attributeName, value);
    }

    public <V> KeyValues and(Attribute<?, V> attribute, V value) {
        NullArgumentException.check("KeyValues.and", "attribute", attribute);
        NullArgumentException.require(value, "KeyValues.and", "value", "key slot '" + attribute.name() + "' needs a value");
        return and(attribute.name(), value);
    }

    public KeyValues and(String attributeName, Object value) {
        NullArgumentException.check("KeyValues.and", "attributeName", attributeName);
        NullArgumentException.require(value, "KeyValues.and", "value", "key slot '" + attributeName + "' needs a value");
        Objects.requireNonNull(attributeName, "attributeName");
        if (value == null) {
            throw new ValidationException("Key value for '" + attributeName + "' is null; key slots need a value");
        }
        Map<String, Object> copy = new LinkedHashMap<>(values);
        if (copy.put(attributeName, value) != null) {
            throw new ValidationException("Key value for '" + attributeName + "' is given twice");
        }
        return new KeyValues(Collections.unmodifiableMap(copy));
    }

    /** The value given for an attribute. */
    public Optional<Object> value(String attributeName) {
        NullArgumentException.check("KeyValues.value", "attributeName", attributeName);
        return Optional.ofNullable(values.get(attributeName));
    }

    /** Attribute name to value, in the order given. */
    public Map<String, Object> asMap() {
        return values;
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyValues other && other.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
