package dev.singletable.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Defensive copies that keep declaration order (Map.copyOf does not). */
final class Definitions {
    private Definitions() {
    }

    static <K, V> Map<K, V> copy(Map<K, V> map, String what) {
        Objects.requireNonNull(map, what);
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
