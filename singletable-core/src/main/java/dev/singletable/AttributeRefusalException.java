package dev.singletable;

import java.util.Optional;

/**
 * A refusal that may name the one attribute it is about: a declaration ({@link SchemaDefinitionException}) or a value
 * ({@link ValidationException}). Package-private: callers read {@link #attribute()} on those two.
 */
abstract class AttributeRefusalException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    /** The attribute refused; null when the refusal names no single attribute (kept as a String: serializable). */
    private final String attribute;

    /** @param cause null for none: the cause is then left unset, as {@link RuntimeException#RuntimeException(String)} leaves it */
    AttributeRefusalException(String attribute, String message, Throwable cause) {
        super(message);
        this.attribute = attribute;
        if (cause != null) {
            initCause(cause);
        }
    }

    /**
     * The attribute whose declaration or value was refused, when the refusal is about one attribute (a role it cannot
     * take, a key slot's value).
     */
    public final Optional<String> attribute() {
        return Optional.ofNullable(attribute);
    }
}
