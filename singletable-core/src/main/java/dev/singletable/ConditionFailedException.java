package dev.singletable;

import java.util.Map;

/**
 * DynamoDB refused a write because its condition did not hold. Names the entity type, the
 * operation and the item's key.
 */
public class ConditionFailedException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final String entityType;
    private final String operation;
    private final Map<String, String> key;

    public ConditionFailedException(String message, String entityType, String operation,
                                    Map<String, String> key, Throwable cause) {
        super(message, cause);
        this.entityType = entityType;
        this.operation = operation;
        this.key = Map.copyOf(key);
    }

    /** The entity type the write was for, e.g. {@code "Order"}. */
    public String entityType() {
        return entityType;
    }

    /** The operation that failed, e.g. {@code "create"}. */
    public String operation() {
        return operation;
    }

    /** The item's primary key: key attribute name to its string value. */
    public Map<String, String> key() {
        return key;
    }
}
