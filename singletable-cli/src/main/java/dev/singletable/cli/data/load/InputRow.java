package dev.singletable.cli.data.load;

import java.util.Map;
import java.util.Optional;

/**
 * One item as an input file holds it, before the design sees it: where it is (file and line), the
 * entity it names (when the format names one per item) and its values as plain data (text,
 * BigDecimal, Boolean, List, Map), or why the line could not be read as an item.
 */
record InputRow(String file, long line, Optional<String> entity, Map<String, Object> values, Optional<String> unreadable) {
    static InputRow of(String file, long line, Optional<String> entity, Map<String, Object> values) {
        return new InputRow(file, line, entity, values, Optional.empty());
    }

    static InputRow unreadable(String file, long line, String reason) {
        return new InputRow(file, line, Optional.empty(), Map.of(), Optional.of(reason));
    }

    /** {@code file:line}, as reports give it; an item of a table (line 0) is named by its table and key alone. */
    String where() {
        return line > 0 ? file + ":" + line : file;
    }
}
