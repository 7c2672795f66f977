package dev.singletable;

/**
 * A key template is malformed, refers to an attribute its entity lacks, or a stored key
 * does not match the template it is parsed with.
 *
 * <pre>{@code
 * KeyTemplate.parse("ORDER#{orderId"); // KeyTemplateException: slot opened at index 6 is never closed
 * }</pre>
 */
public class KeyTemplateException extends SchemaDefinitionException {
    private static final long serialVersionUID = 1L;

    public KeyTemplateException(String message) {
        super(message);
    }
}
