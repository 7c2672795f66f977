package dev.singletable;

/**
 * A table or entity declaration is inconsistent: an unknown index, two attributes with one
 * name, an entity type declared twice, an attribute type that cannot be used in a key.
 * Thrown while the schema is built, never while requests run.
 */
public class SchemaDefinitionException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public SchemaDefinitionException(String message) {
        super(message);
    }
}
