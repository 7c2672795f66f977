package dev.singletable;

/**
 * An item was read as one entity type but its entity-type attribute names another, or is
 * missing. The message names both types and the item's key.
 */
@Stable
public class EntityTypeMismatchException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final String expected;
    private final String found;

    public EntityTypeMismatchException(String message, String expected, String found) {
        super(message);
        this.expected = expected;
        this.found = found;
    }

    /** The entity type (or types, comma-separated) the caller asked for. */
    public String expected() {
        return expected;
    }

    /** The entity type found on the item, or {@code "(none)"} when the attribute is missing. */
    public String found() {
        return found;
    }
}
