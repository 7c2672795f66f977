package dev.singletable;

/**
 * An item read from DynamoDB cannot be turned into its entity: a required attribute is
 * missing, or a stored attribute has a DynamoDB type the entity's attribute type cannot read.
 */
@Stable
public class ItemDecodingException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public ItemDecodingException(String message) {
        super(message);
    }

    public ItemDecodingException(String message, Throwable cause) {
        super(message, cause);
    }
}
