package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Objects;

/**
 * One mistake in a schema file: what kind, where (file, line, column and the path of the field,
 * such as {@code entities.Order.keys.pk}) and the message, which says the fix.
 *
 * <pre>{@code
 * design.singletable.yaml:14:11: entities.Order.keys.pk: template 'CUSTOMER#{custId}' refers to unknown attribute 'custId'; did you mean 'customerId'? ...
 * }</pre>
 *
 * @param kind the kind of mistake
 * @param file the file's name as given to the loader
 * @param line the 1-based line, 0 when unknown
 * @param column the 1-based column, 0 when unknown
 * @param path the field's path: names joined by dots, list positions in brackets; empty for the whole file
 * @param message what is wrong and the fix
 */
@Experimental
public record SchemaError(Kind kind, String file, int line, int column, String path, String message) {
    public SchemaError {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }

    /** {@code file:line:column: path: message}, the form compilers and editors link to. */
    @Override
    public String toString() {
        return file + ":" + line + ":" + column + ": " + (path.isEmpty() ? "" : path + ": ") + message;
    }

    /** The kinds of mistakes. */
    public enum Kind {
        /** Not well-formed YAML or JSON. */
        SYNTAX,
        /** A file past one of the {@link TextLimits} checked before parsing: size, line length or nesting depth. */
        LIMIT,
        /** A {@code format} other than {@code singletable/1}, or none. */
        WRONG_FORMAT_VERSION,
        /** A field the format does not have. */
        UNKNOWN_FIELD,
        /** A field missing, or a value of the wrong shape, by the format's JSON Schema. */
        INVALID_STRUCTURE,
        /** Two entities, attributes, keys or access patterns with one name. */
        DUPLICATE_NAME,
        /** A name of an attribute, entity, index or collection that the file does not declare. */
        UNKNOWN_NAME,
        /** A key template that does not parse or does not fit its attributes. */
        KEY_TEMPLATE,
        /** A template with literal text, or several slots, on a number or binary key attribute. */
        TEMPLATE_ON_NON_STRING_KEY,
        /** Collection members whose items could not be told apart, or not read by one query. */
        INDISTINGUISHABLE_COLLECTION,
        /** A value (example, condition, pattern key) that does not fit its attribute's type. */
        INVALID_VALUE,
        /** Any other rule of the table and entity model, in the core's words. */
        SCHEMA_DEFINITION
    }
}
