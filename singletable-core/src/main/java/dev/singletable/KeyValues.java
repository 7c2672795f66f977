package dev.singletable;


import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;

/**
 * The attribute values a key is built from: a get's whole key, a query's partition, a sort key
 * prefix. Immutable; {@code and} returns a new instance.
 *
 * <pre>{@code
 * table.get(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1"));
 * }</pre>
 */
@Stable
public final class KeyValues {
    private static final KeyValues NONE = new KeyValues(new String[0], new Object[0]);
    // two small arrays in the order given, not a map copied per slot: a get's key is built on every call
    private final String[] names;
    private final Object[] values;

    private KeyValues(String[] names, Object[] values) {
        this.names = names;
        this.values = values;
    }

    /** No values: a constant key, or a sort key prefix that stops before the first slot. */
    public static KeyValues none() {
        return NONE;
    }

    public static <V> KeyValues of(Attribute<?, V> attribute, V value) {
        NullArgumentException.check("KeyValues.of", "attribute", attribute);
        if (value == null) {
            throw new NullArgumentException("KeyValues.of", "value", "key slot '" + attribute.name() + "' needs a value");
        }
        return NONE.and(attribute.name(), value);
    }

    /** By attribute name, for values whose attribute constant is not at hand; the type is checked when the key is built. */
    public static KeyValues of(String attributeName, Object value) {
        NullArgumentException.check("KeyValues.of", "attributeName", attributeName);
        if (value == null) {
            throw new NullArgumentException("KeyValues.of", "value", "key slot '" + attributeName + "' needs a value");
        }
        return NONE.and(attributeName, value);
    }

    public <V> KeyValues and(Attribute<?, V> attribute, V value) {
        NullArgumentException.check("KeyValues.and", "attribute", attribute);
        if (value == null) {
            throw new NullArgumentException("KeyValues.and", "value", "key slot '" + attribute.name() + "' needs a value");
        }
        return and(attribute.name(), value);
    }

    public KeyValues and(String attributeName, Object value) {
        NullArgumentException.check("KeyValues.and", "attributeName", attributeName);
        if (value == null) {
            throw new NullArgumentException("KeyValues.and", "value", "key slot '" + attributeName + "' needs a value");
        }
        int size = names.length;
        for (String name : names) {
            if (name.equals(attributeName)) {
                throw new ValidationException("Key value for '" + attributeName + "' is given twice");
            }
        }
        String[] moreNames = Arrays.copyOf(names, size + 1);
        Object[] moreValues = Arrays.copyOf(values, size + 1);
        moreNames[size] = attributeName;
        moreValues[size] = value;
        return new KeyValues(moreNames, moreValues);
    }

    /** The value given for an attribute. */
    public Optional<Object> value(String attributeName) {
        NullArgumentException.check("KeyValues.value", "attributeName", attributeName);
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(attributeName)) {
                return Optional.of(values[i]);
            }
        }
        return Optional.empty();
    }

    /** Attribute name to value, in the order given. */
    public Map<String, Object> asMap() {
        return new Ordered(names, values);
    }

    public boolean isEmpty() {
        return names.length == 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyValues other && other.asMap().equals(asMap());
    }

    @Override
    public int hashCode() {
        return asMap().hashCode();
    }

    @Override
    public String toString() {
        return asMap().toString();
    }

    /** The unmodifiable map of {@link #asMap()}: a view of the two arrays, in their order, copying nothing. */
    private static final class Ordered extends AbstractMap<String, Object> {
        private final String[] names;
        private final Object[] values;

        Ordered(String[] names, Object[] values) {
            this.names = names;
            this.values = values;
        }

        @Override
        public int size() {
            return names.length;
        }

        @Override
        public Object get(Object key) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(key)) {
                    return values[i];
                }
            }
            return null;
        }

        @Override
        public boolean containsKey(Object key) {
            return get(key) != null; // no value is null
        }

        @Override
        public Set<String> keySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<String> iterator() {
                    return Arrays.asList(names).iterator(); // its remove is refused
                }

                @Override
                public int size() {
                    return names.length;
                }

                @Override
                public boolean contains(Object o) {
                    return containsKey(o);
                }
            };
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, Object>> iterator() {
                    return new Iterator<>() {
                        private int next;

                        @Override
                        public boolean hasNext() {
                            return next < names.length;
                        }

                        @Override
                        public Entry<String, Object> next() {
                            if (next >= names.length) {
                                throw new NoSuchElementException();
                            }
                            Entry<String, Object> entry = Map.entry(names[next], values[next]);
                            next++;
                            return entry;
                        }
                    };
                }

                @Override
                public int size() {
                    return names.length;
                }
            };
        }
    }
}
