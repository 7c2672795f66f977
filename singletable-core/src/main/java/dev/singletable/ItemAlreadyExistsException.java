package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;

/**
 * {@code Table.create} or {@code Table.restore} (or their async twins) found an item with the same primary key already in
 * the table; nothing was written ({@link #operation()} says which). {@link #currentItem()} holds the item found.
 */
@Stable
public class ItemAlreadyExistsException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;

    public ItemAlreadyExistsException(String message, String entityType, Map<String, String> key, Throwable cause) {
        super(message, entityType, "create", key, cause);
    }

    public ItemAlreadyExistsException(String message, String entityType, String operation, Map<String, String> key,
                                      Optional<Map<String, AttributeValue>> currentItem, Optional<Object> currentEntity,
                                      Throwable cause) {
        super(message, entityType, operation, key, currentItem, currentEntity, cause);
    }
}
