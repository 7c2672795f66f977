package dev.singletable;

import java.util.Map;

/**
 * {@code Table.create} found an item with the same primary key already in the table; nothing
 * was written.
 */
public class ItemAlreadyExistsException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;

    public ItemAlreadyExistsException(String message, String entityType, Map<String, String> key, Throwable cause) {
        super(message, entityType, "create", key, cause);
    }
}
