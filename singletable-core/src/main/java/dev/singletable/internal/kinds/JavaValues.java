package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Says which Java value was handed to an attribute type that cannot hold it, in the words a user recognises. */
final class JavaValues {
    private JavaValues() {
    }

    static String notA(Object value, AttributeType<?> type) {
        return notA(value, type.typeName());
    }

    static String notA(Object value, String typeName) {
        return "the value " + value + " is " + javaKind(value) + ", not " + withArticle(typeName);
    }

    /** Collections by their interface (the implementation classes, such as ImmutableCollections$ListN, say nothing). */
    private static String javaKind(Object value) {
        if (value instanceof List) {
            return "a List";
        }
        if (value instanceof Set) {
            return "a Set";
        }
        if (value instanceof Map) {
            return "a Map";
        }
        return withArticle(value.getClass().getSimpleName());
    }

    /** {@code an Integer}, {@code a String}, {@code a UUID} (a U read "you"), {@code an Unknown}. */
    private static String withArticle(String name) {
        boolean vowel = "AEIO".indexOf(name.isEmpty() ? 'x' : name.charAt(0)) >= 0 || name.startsWith("Un");
        return (vowel ? "an " : "a ") + name;
    }
}
