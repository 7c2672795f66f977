package dev.singletable.internal.writes;

import dev.singletable.AttributePath;
import dev.singletable.Update;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;

/**
 * An update writing at a list element ({@code SET #tags[6] = :v}, or into one: {@code SET #lines[1].#sku = :v}). Past the
 * end of the list Amazon DynamoDB appends the value, and other engines pad the list with NULLs up to the index (an item
 * the entity can no longer read): the update's condition holds that the element exists ({@code attribute_exists(#tags[6])}),
 * so a set of a list element replaces one, on every engine. Elements are added with append or prepend.
 *
 * @param operation what the update does at the path
 * @param changed   the path the update writes at
 * @param element   the list element on that path that must exist
 */
record ElementGuard(Update.Operation operation, AttributePath<?, ?> changed, AttributePath<?, ?> element) {

    /** The guard of an action writing at or into a list element; empty for a removal and any action on no list element. */
    static Optional<ElementGuard> of(Update.Action<?> action) {
        return switch (action.operation()) {
            // removing past the end changes nothing; a set's deletion only takes elements away
            case REMOVE, DELETE_FROM_SET, SET_FROM_ATTRIBUTE -> Optional.empty();
            case SET, SET_IF_ABSENT, ADD_NUMBER, SUBTRACT_NUMBER, APPEND, PREPEND, ADD_TO_SET ->
                    action.path().listElement().map(element -> new ElementGuard(action.operation(), action.path(), element));
        };
    }

    /** True when the guard held not for the stored item: the element is not there. */
    boolean refuses(Map<String, AttributeValue> item) {
        return element.valueIn(item).isEmpty();
    }

    /** Why the write was refused, from the stored item that lacks the element. */
    String reason(String entity, Map<String, AttributeValue> item) {
        AttributePath<?, ?> list = element.parent().orElseThrow(); // an element's path is one step past its list's
        Optional<AttributeValue> stored = list.valueIn(item);
        String holds;
        if (stored.isEmpty()) {
            holds = "the stored item has no " + list;
        } else if (!stored.get().hasL()) {
            holds = "the stored " + list + " is not a list";
        } else {
            int size = stored.get().l().size();
            holds = "the stored " + list + " holds " + (size == 0 ? "no elements"
                    : size == 1 ? "1 element (" + list + "[0])" : size + " elements (" + list + "[0] to " + list + "[" + (size - 1) + "])");
        }
        return method() + "(" + changed + ") needs " + entity + "." + element + ", but " + holds + "; nothing was written. A change at "
                + "a list element changes one that exists (set replaces it): add elements with append(" + list + ", ...) or prepend";
    }

    /** The Update method of the operation, as a reader wrote it. */
    String method() {
        return switch (operation) {
            case SET -> "set";
            case SET_IF_ABSENT -> "setIfAbsent";
            case ADD_NUMBER -> "add";
            case SUBTRACT_NUMBER -> "subtract";
            case APPEND -> "append";
            case PREPEND -> "prepend";
            case ADD_TO_SET -> "addToSet";
            case DELETE_FROM_SET -> "deleteFromSet";
            case REMOVE -> "remove";
            case SET_FROM_ATTRIBUTE -> "setFrom";
        };
    }
}
