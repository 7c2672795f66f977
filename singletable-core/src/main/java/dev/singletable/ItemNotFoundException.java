package dev.singletable;

import java.util.Map;
import java.util.Optional;

/**
 * A write that needs an existing item ({@code replace}, {@code update}, a versioned delete, {@code relate}'s
 * ends) found none at its key; nothing was written.
 *
 * <pre>{@code
 * try {
 *     table.replace(order);
 * } catch (ItemNotFoundException e) {
 *     table.create(order);  // or tell the user it was deleted
 * }
 * }</pre>
 */
@Stable
public class ItemNotFoundException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;

    public ItemNotFoundException(String message, String entityType, String operation, Map<String, String> key, Throwable cause) {
        super(message, entityType, operation, key, Optional.empty(), Optional.empty(), cause);
    }
}
