package dev.singletable;

import java.util.Optional;

/**
 * A table or entity declaration is inconsistent: an unknown index, two attributes with one
 * name, an entity type declared twice, an attribute type that cannot be used in a key.
 * Thrown while the schema is built, never while requests run.
 *
 * <p>When the declaration refused is one attribute's (its role, its type for that role, its name
 * given twice), {@link #attribute()} names it, so that a tool can point at that attribute without
 * reading the message:
 *
 * <pre>{@code
 * try {
 *     EntitySchema.builder(Note.class).attributes(NOTE_ID, REVISION)
 *             .primaryKey("NOTE#{noteId}", "REVISION#{revision}").version(REVISION)...build();
 * } catch (SchemaDefinitionException e) {
 *     e.attribute();   // Optional[revision]: a version cannot fill a key slot
 * }
 * }</pre>
 */
@Stable
public class SchemaDefinitionException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    /** The attribute whose declaration was refused; null when the refusal names no single attribute (kept as a String: serializable). */
    private final String attribute;

    public SchemaDefinitionException(String message) {
        super(message);
        this.attribute = null;
    }

    private SchemaDefinitionException(String attribute, String message) {
        super(message);
        this.attribute = attribute;
    }

    /**
     * A refusal of {@code attribute}'s declaration.
     *
     * <pre>{@code
     * throw SchemaDefinitionException.ofAttribute("revision", "Note: version attribute 'revision' fills a key template slot; ...");
     * }</pre>
     */
    public static SchemaDefinitionException ofAttribute(String attribute, String message) {
        return new SchemaDefinitionException(NullArgumentException.require(attribute, "SchemaDefinitionException.ofAttribute", "attribute",
                "name the attribute whose declaration is refused, or use new SchemaDefinitionException(message)"), message);
    }

    /** The attribute whose declaration was refused, when the refusal is about one attribute (a role it cannot take, for one). */
    public final Optional<String> attribute() {
        return Optional.ofNullable(attribute);
    }
}
