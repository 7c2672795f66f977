package dev.singletable;

/**
 * A query returned an item whose entity-type attribute names a type the query cannot decode,
 * or the item has no entity-type attribute at all.
 */
@Stable
public class UnknownEntityTypeException extends EntityTypeMismatchException {
    private static final long serialVersionUID = 1L;

    public UnknownEntityTypeException(String message, String expected, String found) {
        super(message, expected, found);
    }
}
