package dev.singletable.internal.keys;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;

import java.util.LinkedHashMap;
import java.util.Map;

/** The key property tests' entity of three string slots, and attributes by name to bind templates against. */
final class KeyRows {
    private KeyRows() {
    }

    record Row(String a, String b, String c) {
    }

    static final Map<String, Attribute<Row, ?>> ROW_ATTRIBUTES = attributes(
            Attribute.required("a", AttributeTypes.STRING, Row::a),
            Attribute.required("b", AttributeTypes.STRING, Row::b),
            Attribute.required("c", AttributeTypes.STRING, Row::c));

    /** The attributes by name, in the order given. */
    @SafeVarargs
    static <T> Map<String, Attribute<T, ?>> attributes(Attribute<T, ?>... attributes) {
        Map<String, Attribute<T, ?>> map = new LinkedHashMap<>();
        for (Attribute<T, ?> attribute : attributes) {
            map.put(attribute.name(), attribute);
        }
        return map;
    }
}
