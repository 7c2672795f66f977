package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;

/**
 * An update writing at a list element ({@link Update#set} of {@code tags.at(6)}, or a path into one) was refused because
 * the stored list has no such element; nothing was written. Amazon DynamoDB would append the value past the end, and
 * other engines pad the list with NULLs (an item the entity can no longer read), so singletable's update carries a
 * condition that the element exists: a set of a list element replaces one. Add elements with {@link Update#append} or
 * {@link Update#prepend}. It is thrown when the engine returns the stored item with the refusal (Amazon DynamoDB,
 * Dynoxide); {@link #currentItem()} holds it.
 *
 * <pre>{@code
 * try {
 *     table.update(CUSTOMER, key, u -> u.set(TAGS.at(6), "vip"), Condition.none());   // tags holds 3 elements
 * } catch (ListElementNotFoundException e) {
 *     e.path();   // "tags[6]"
 * }
 * }</pre>
 */
@Stable
public class ListElementNotFoundException extends ConditionFailedException {
    private static final long serialVersionUID = 1L;
    private final String path;

    public ListElementNotFoundException(String message, String entityType, String operation, Map<String, String> key,
                                        Optional<Map<String, AttributeValue>> currentItem, Optional<Object> currentEntity,
                                        String path, Throwable cause) {
        super(message, entityType, operation, key, currentItem, currentEntity, cause);
        this.path = path;
    }

    /** The list element the update needed, as a path: {@code "tags[6]"}, {@code "lines[1]"} (for a change at {@code lines[1].sku}). */
    public String path() {
        return path;
    }
}
