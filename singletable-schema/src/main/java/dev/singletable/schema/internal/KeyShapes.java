package dev.singletable.schema.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads key templates from key values: {@code u#12345#follower} becomes {@code u#{id}#follower}.
 * Values are split on {@code #} (or on the one {@code :} of {@code User:alice}); a segment becomes
 * a slot when it equals a value the item already holds (that attribute's slot), when it holds a
 * digit, or when it follows a prefix whose values differ between items ({@code USER#alice},
 * {@code USER#bob}); anything else is literal text. These are guesses, which is why every
 * template made here is reported as inferred.
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

    /**
     * The template of one key value.
     *
     * @param known attribute name to its value as text: a segment equal to one becomes its slot
     * @param slots the item's new slots, shared by its keys so that a value seen twice is one slot
     * @param base the name of a new slot
     */
    static String template(String value, Map<String, String> known, SlotNames slots, String base, Set<String> varyingPrefixes) {
        Split split = Split.of(value);
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < split.segments().size(); i++) {
            String segment = split.segments().get(i);
            String slot = slotFor(segment, known, slots.values());
            if (slot != null) {
                parts.add("{" + slot + "}");
            } else if (segment.isEmpty() || !isVariable(split, i, varyingPrefixes)) {
                parts.add(segment.replace("{", "{{").replace("}", "}}"));
            } else {
                parts.add("{" + slots.add(base, segment) + "}");
            }
        }
        return String.join(split.delimiter(), parts);
    }

    private static String slotFor(String segment, Map<String, String> known, Map<String, String> slots) {
        if (segment.isEmpty()) {
            return null;
        }
        for (Map.Entry<String, String> entry : known.entrySet()) {
            if (entry.getValue().equals(segment)) {
                return entry.getKey();
            }
        }
        for (Map.Entry<String, String> entry : slots.entrySet()) {
            if (entry.getValue().equals(segment)) {
                return entry.getKey();
            }
        }
        return null;
    }

    private static boolean isVariable(Split split, int index, Set<String> varyingPrefixes) {
        String segment = split.segments().get(index);
        if (segment.chars().anyMatch(Character::isDigit)) {
            return true;
        }
        if (split.delimiter().equals(":")) {
            return index == 1;
        }
        return split.segments().size() == 2 && index == 1 && varyingPrefixes.contains(split.segments().get(0));
    }

    /** True when the template is one slot and nothing else, such as {@code {id}}. */
    static boolean isWholeSlot(String template) {
        return template.startsWith("{") && template.endsWith("}") && template.indexOf('}') == template.length() - 1
                && !template.startsWith("{{");
    }

    private KeyShapes() {
    }
}
