package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;
import dev.singletable.IndefiniteArticle;

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
        return "the value " + value + " is " + javaKind(value) + ", not " + IndefiniteArticle.before(typeName);
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
        return IndefiniteArticle.before(value.getClass().getSimpleName());
    }
}
