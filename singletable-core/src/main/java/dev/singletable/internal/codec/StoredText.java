package dev.singletable.internal.codec;

import dev.singletable.AttributeType;
import dev.singletable.internal.keys.ListAttributeType;
import dev.singletable.internal.kinds.ScalarType;
import dev.singletable.internal.page.StoredItem;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the core reads of a decoded page's item ({@link StoredItem}) from the page's text in place: a String or Number
 * of an attribute whose scalar type reads that stored type as text, and a List (L) whose elements all are such of a
 * list of that scalar type (a list of tags, of amounts). The same parser as for an {@code AttributeValue}'s text
 * ({@link ScalarType#fromText}) reads each, so the value, and the exception for a text that does not fit, are those the
 * {@code AttributeValue} gives; anything else is read from the item's {@code AttributeValue}.
 */
final class StoredText {
    private static final String LIST = "L";

    private StoredText() {
    }

    /** True when the value at that place is read in place as a value of that type. */
    static boolean reads(StoredItem item, int place, AttributeType<?> type) {
        String storedAs = item.storedAs(place);
        if (type instanceof ScalarType<?> scalar) {
            return isText(storedAs, scalar);
        }
        if (!(type instanceof ListAttributeType list && list.element() instanceof ScalarType<?> scalar && LIST.equals(storedAs))) {
            return false;
        }
        // a list with an element of another type (a NULL, a map) is read from its AttributeValue, which says what is wrong
        for (int element = place + 1, end = item.after(place); element < end; element = item.after(element)) {
            if (!isText(item.storedAs(element), scalar)) {
                return false;
            }
        }
        return true;
    }

    /** The value at that place, which {@link #reads} reads in place, as a value of that type. */
    @SuppressWarnings("unchecked")
    static <V> V read(StoredItem item, int place, AttributeType<V> type) {
        if (type instanceof ScalarType<?> scalar) {
            return (V) scalar.fromText(item.text(place));
        }
        ScalarType<?> scalar = (ScalarType<?>) ((ListAttributeType) type).element();
        int end = item.after(place);
        int count = 0;
        for (int element = place + 1; element < end; element = item.after(element)) {
            count++; // counted first: the list is made of its exact size, as the list type makes it
        }
        List<Object> values = new ArrayList<>(count);
        for (int element = place + 1; element < end; element = item.after(element)) {
            values.add(scalar.fromText(item.text(element)));
        }
        return (V) Collections.unmodifiableList(values); // as the list type reads a list's AttributeValue
    }

    /** True for a String or Number that the type reads as text; anything else is read from the AttributeValue. */
    private static boolean isText(String storedAs, ScalarType<?> type) {
        return (StoredItem.STRING.equals(storedAs) || StoredItem.NUMBER.equals(storedAs)) && storedAs.equals(type.kind().storedAs());
    }
}
