package dev.singletable.schema.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How key values are cut and which of their segments vary: values are split on {@code #} (or on the one {@code :}
 * of {@code User:alice}); a segment is variable when it holds a digit, or when it follows a prefix whose values differ
 * between items ({@code USER#alice}, {@code USER#bob}). {@link SampleKeys} makes templates of them.
 */
final class KeyShapes {
    private static final Pattern PREFIXED = Pattern.compile("[A-Za-z]+:[^:]+");

    /** A value cut at its delimiter. */
    record Split(String delimiter, List<String> segments) {
        static Split of(String value) {
            if (value.contains("#")) {
                return new Split("#", List.of(value.split("#", -1)));
            }
            if (PREFIXED.matcher(value).matches()) {
                return new Split(":", List.of(value.split(":", -1)));
            }
            return new Split("", List.of(value));
        }
    }

    /** The prefixes after which a segment varies between values: {@code USER} for {@code USER#alice, USER#bob}. */
    static Set<String> varyingPrefixes(List<String> values) {
        Map<String, Set<String>> seconds = new HashMap<>();
        for (String value : values) {
            Split split = Split.of(value);
            if (split.segments().size() == 2) {
                seconds.computeIfAbsent(split.segments().get(0), p -> new HashSet<>()).add(split.segments().get(1));
            }
        }
        Set<String> varying = new HashSet<>();
        seconds.forEach((prefix, second) -> {
            if (second.size() > 1) {
                varying.add(prefix);
            }
        });
        return varying;
    }

    /** Slot names of one item: {@code base}, then {@code base2}, {@code base3}... */
    static final class SlotNames {
        private final Map<String, String> values = new LinkedHashMap<>();

        String add(String base, String value) {
            String name = base;
            for (int n = 2; values.containsKey(name); n++) {
                name = base + n;
            }
            values.put(name, value);
            return name;
        }

        /** The slots made so far and their values, in order. */
        Map<String, String> values() {
            return values;
        }
    }

    static boolean isVariable(Split split, int index, Set<String> varyingPrefixes) {
        String segment = split.segments().get(index);
        if (segment.chars().anyMatch(Character::isDigit)) {
            return true;
        }
        if (split.delimiter().equals(":")) {
            return index == 1;
        }
        return split.segments().size() == 2 && index == 1 && varyingPrefixes.contains(split.segments().get(0));
    }

    private KeyShapes() {
    }
}
