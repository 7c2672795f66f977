package dev.singletable;

import java.util.Optional;

/**
 * A key template is malformed, refers to an attribute its entity lacks, or a stored key
 * does not match the template it is parsed with.
 *
 * <pre>
 * KeyTemplate.parse("ORDER#{orderId"); // KeyTemplateException: slot opened at index 6 is never closed
 * </pre>
 *
 * <p>A failure of a template bound to an entity's key names that key as its {@link #place()}, and
 * {@link #detail()} is the rest of the message, for a tool that shows it where the template is written:
 *
 * <pre>{@code
 * try {
 *     EntitySchema.builder(Order.class).attributes(ORDER_ID).primaryKey("ORDER#{ordrId}")...build();
 * } catch (KeyTemplateException e) {
 *     e.place();   // Optional[Order primary partition key]
 *     e.detail();  // template 'ORDER#{ordrId}' refers to unknown attribute 'ordrId' ...
 * }
 * }</pre>
 */
@Stable
public class KeyTemplateException extends SchemaDefinitionException {
    private static final long serialVersionUID = 1L;

    /** The key the template is bound to, such as "Order primary sort key"; null when the failure is of the template alone. */
    private final String place;
    private final String detail;

    public KeyTemplateException(String message) {
        super(message);
        this.place = null;
        this.detail = message;
    }

    /**
     * A failure of the template bound to {@code place}: the message is the place, a space and {@code detail}.
     *
     * <pre>{@code
     * new KeyTemplateException("Order primary sort key", "template 'ORDER#{id}': ...");
     * }</pre>
     */
    public KeyTemplateException(String place, String detail) {
        super(place + " " + detail);
        this.place = place;
        this.detail = detail;
    }

    /** The entity's key whose template failed ("Order primary partition key", "Order index GSI1 sort key"), when it is one. */
    public final Optional<String> place() {
        return Optional.ofNullable(place);
    }

    /** The message without its {@link #place()}: what is wrong with the template, and the fix; the whole message without a place. */
    public final String detail() {
        return detail;
    }
}
