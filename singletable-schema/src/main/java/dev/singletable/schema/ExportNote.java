package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Objects;

/**
 * Something of a design that an export's format cannot hold, with the path in the design (as a schema file's JSON
 * path) of what is left out or narrowed.
 *
 * <pre>{@code
 * not exported: entities.Order.examples: 2 examples (a OneTable schema holds no items)
 * not exported: entities.Order.attributes.placedAt.type: date written as String
 * }</pre>
 *
 * @param path where in the design, such as {@code entities.Order.attributes.version.role}
 * @param message what was left out or narrowed
 */
@Experimental
public record ExportNote(String path, String message) {
    public ExportNote {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return "not exported: " + path + ": " + message;
    }
}
