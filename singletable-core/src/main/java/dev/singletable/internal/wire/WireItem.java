package dev.singletable.internal.wire;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * One item as the wire codec read it from the response body: strings and numbers kept as their text, so
 * an entity decoder takes them without an {@code AttributeValue}; nested values (maps, lists, sets,
 * binaries) already as {@code AttributeValue}s. As a {@code Map}, it hands out an {@code AttributeValue}
 * per attribute when asked, so every reader of items (TTL, entity type, cursors, projections, the
 * unmapped-attributes bag) works on it unchanged. Read by one thread at a time, as a page is.
 */
public final class WireItem extends AbstractMap<String, AttributeValue> {
    static final byte STRING = 1;
    static final byte NUMBER = 2;
    static final byte OTHER = 3;

    private String[] names = new String[16];
    private byte[] kinds = new byte[16];
    private String[] texts = new String[16];
    private AttributeValue[] values = new AttributeValue[16];
    private int size;

    void addText(String name, byte kind, String text) {
        grow();
        names[size] = name;
        kinds[size] = kind;
        texts[size] = text;
        size++;
    }

    void addValue(String name, AttributeValue value) {
        grow();
        names[size] = name;
        kinds[size] = OTHER;
        values[size] = value;
        size++;
    }

    private void grow() {
        if (size == names.length) {
            int capacity = size * 2;
            names = Arrays.copyOf(names, capacity);
            kinds = Arrays.copyOf(kinds, capacity);
            texts = Arrays.copyOf(texts, capacity);
            values = Arrays.copyOf(values, capacity);
        }
    }

    /** The position of an attribute, or -1 when the item lacks it. */
    public int indexOf(String name) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** True when the attribute at the position is a String (S) or, with {@code number}, a Number (N), held as text. */
    public boolean holdsText(int index, boolean number) {
        return kinds[index] == (number ? NUMBER : STRING);
    }

    /** The text of the String or Number at the position, when {@link #holdsText} said so. */
    public String text(int index) {
        return texts[index];
    }

    /** The attribute at the position as an {@code AttributeValue}, built once when first asked. */
    public AttributeValue value(int index) {
        AttributeValue value = values[index];
        if (value == null) {
            value = kinds[index] == STRING ? AttributeValue.fromS(texts[index]) : AttributeValue.fromN(texts[index]);
            values[index] = value;
        }
        return value;
    }

    @Override
    public AttributeValue get(Object name) {
        if (!(name instanceof String text)) {
            return null;
        }
        int index = indexOf(text);
        return index < 0 ? null : value(index);
    }

    @Override
    public boolean containsKey(Object name) {
        return name instanceof String text && indexOf(text) >= 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<Map.Entry<String, AttributeValue>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<String, AttributeValue>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Map.Entry<String, AttributeValue> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        int index = next++;
                        return new SimpleImmutableEntry<>(names[index], value(index));
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
