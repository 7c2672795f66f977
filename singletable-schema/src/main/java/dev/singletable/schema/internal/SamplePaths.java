package dev.singletable.schema.internal;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Path slots in sample key values: a list of strings whose segments, joined by {@code #} as a path slot writes them, end
 * the value ({@code CATEGORY#ELECTRONICS#AUDIO} of {@code path: [ELECTRONICS, AUDIO]}). Its segments vary in number, so the
 * value is read with the path as one segment. A list of one string is a path only where no other attribute's text is that
 * string: {@code STATUS#ACTIVE} of {@code status: ACTIVE, tags: [ACTIVE]} is {@code STATUS#{status}}.
 */
final class SamplePaths {
    private SamplePaths() {
    }

    /**
     * The value with the path of one of the item's lists in place of its segments, as one segment, and that segment in
     * {@code known} under the list's name; the value itself when no list of the item ends it.
     */
    static String marked(String value, JsonNode item, Map<String, String> known) {
        for (Map.Entry<String, JsonNode> attribute : item.properties()) {
            Optional<String> path = joined(attribute.getValue());
            if (path.isPresent() && (value.equals(path.get()) || value.endsWith("#" + path.get())) && !aScalarsText(attribute, path.get(), known)) {
                // one segment without a delimiter that no attribute's text equals: the list's name marks it
                String segment = "\u0000" + attribute.getKey();
                known.put(attribute.getKey(), segment);
                return value.substring(0, value.length() - path.get().length()) + segment;
            }
        }
        return value;
    }

    /**
     * Whether the path is one segment ({@code tags: [ACTIVE]}) that another attribute's text equals ({@code status: ACTIVE}):
     * that attribute is the segment's slot, as the key's other segments are read, and not the list.
     */
    private static boolean aScalarsText(Map.Entry<String, JsonNode> list, String path, Map<String, String> known) {
        return list.getValue().path("L").size() == 1 && known.entrySet().stream()
                .anyMatch(other -> !other.getKey().equals(list.getKey()) && other.getValue().equals(path));
    }

    /** A list of non-empty strings as a path slot writes it: each segment's {@code \} and {@code #} escaped, joined by {@code #}. */
    private static Optional<String> joined(JsonNode value) {
        JsonNode list = value.path("L");
        if (!list.isArray() || list.isEmpty()) {
            return Optional.empty();
        }
        List<String> segments = new ArrayList<>();
        for (JsonNode element : list) {
            String text = element.path("S").asText("");
            if (!element.has("S") || text.isEmpty()) {
                return Optional.empty();
            }
            segments.add(text.replace("\\", "\\\\").replace("#", "\\#"));
        }
        return Optional.of(String.join("#", segments));
    }
}
