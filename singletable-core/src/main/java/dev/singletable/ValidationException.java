package dev.singletable;

import java.util.Optional;

/**
 * A value was refused before any request was sent, because DynamoDB would reject it or
 * because writing it would lose data: a required attribute is null, a number has more than
 * 38 significant digits, a key is longer than DynamoDB allows, an item is over 400 KB, a
 * value does not fit the width its key slot declares.
 *
 * <p>When the refusal is about one attribute's value, {@link #attribute()} names it, so that a
 * tool can point at that attribute without reading the message:
 *
 * <pre>{@code
 * try {
 *     table.put(new Product(List.of("ELECTRONICS", "")));   // a path key slot with an empty segment
 * } catch (ValidationException e) {
 *     e.attribute();                                          // Optional[category]
 * }
 * }</pre>
 */
@Stable
public class ValidationException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    /** The attribute whose value was refused; null when the refusal names no single attribute (kept as a String: serializable). */
    private final String attribute;

    public ValidationException(String message) {
        super(message);
        this.attribute = null;
    }

    public ValidationException(String message, Throwable cause) {
        super(message, cause);
        this.attribute = null;
    }

    private ValidationException(String attribute, String message, Throwable cause) {
        super(message, cause);
        this.attribute = attribute;
    }

    /**
     * A refusal of {@code attribute}'s value.
     *
     * <pre>{@code
     * throw ValidationException.ofAttribute("sku", "Product primary partition key template 'PRODUCT#{sku}': ...");
     * }</pre>
     */
    public static ValidationException ofAttribute(String attribute, String message) {
        return new ValidationException(NullArgumentException.require(attribute, "ValidationException.ofAttribute", "attribute",
                "name the attribute whose value is refused, or use new ValidationException(message)"), message, null);
    }

    /** As {@link #ofAttribute(String, String)}, with the failure that made the value unusable. */
    public static ValidationException ofAttribute(String attribute, String message, Throwable cause) {
        return new ValidationException(NullArgumentException.require(attribute, "ValidationException.ofAttribute", "attribute",
                "name the attribute whose value is refused, or use new ValidationException(message, cause)"), message, cause);
    }

    /** The attribute whose value was refused, when the refusal is about one attribute (a key slot's value, for one). */
    public final Optional<String> attribute() {
        return Optional.ofNullable(attribute);
    }
}
