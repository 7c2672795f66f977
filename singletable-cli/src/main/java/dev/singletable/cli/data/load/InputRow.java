package dev.singletable.cli.data.load;

import java.util.Map;
import java.util.Optional;

/**
 * One item as an input file holds it, before the design sees it: where it is (file and line), the
 * entity it names (when the format names one per item) and its values as plain data (text,
 * BigDecimal, Boolean, List, Map), or why the line could not be read as an item.
 *
 * @param storedKeys the table and index key attributes the row carries as stored (a DynamoDB JSON item's), which the
 *                   design composes again from its values: the composed ones must be these
 */
record InputRow(String file, long line, Optional<String> entity, Map<String, Object> values, Map<String, Object> storedKeys,
                Optional<String> unreadable) {
    static InputRow of(String file, long line, Optional<String> entity, Map<String, Object> values) {
        return new InputRow(file, line, entity, values, Map.of(), Optional.empty());
    }

    /** A row of a stored item, whose key attributes the design's composed keys must match. */
    static InputRow stored(String file, long line, Optional<String> entity, Map<String, Object> values, Map<String, Object> storedKeys) {
        return new InputRow(file, line, entity, values, java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(storedKeys)),
                Optional.empty());
    }

    static InputRow unreadable(String file, long line, String reason) {
        return new InputRow(file, line, Optional.empty(), Map.of(), Map.of(), Optional.of(reason));
    }

    /** {@code file:line}, as reports give it; an item of a table (line 0) is named by its table and key alone. */
    String where() {
        return line > 0 ? file + ":" + line : file;
    }
}
