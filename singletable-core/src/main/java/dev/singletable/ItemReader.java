package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;

/**
 * Gives the decoded attribute values of one stored item to an entity's factory.
 *
 * <pre>{@code
 * .factory(item -> new Order(item.get(CUSTOMER_ID), item.get(ORDER_ID), item.get(TOTAL)))
 * }</pre>
 */
@Stable
public interface ItemReader {
    /**
     * The attribute's value: decoded from the item, or, when the item lacks it, the type's value for
     * an absent attribute (an empty set or {@code Optional}, say) or null.
     *
     * @throws ItemDecodingException when a required attribute is missing or a stored value has the wrong shape
     */
    <V> V get(Attribute<?, V> attribute);

    /**
     * True when the item holds a value for the attribute (neither absent nor DynamoDB's NULL), an empty
     * list or map included. {@link #get} reads an absent list, map or set as empty, the same as a stored
     * empty one; a factory that must keep the difference asks this first (as {@link DynamicItem}'s do,
     * so that an item read back has exactly the attributes that were written).
     *
     * <pre>{@code
     * .factory(item -> item.has(TAGS) ? new Post(item.get(ID), item.get(TAGS)) : new Post(item.get(ID), null))
     * }</pre>
     */
    boolean has(Attribute<?, ?> attribute);

    /**
     * The item's attributes that the entity does not declare (neither an attribute nor a read-only one) and that hold no
     * key and no entity type, for an attribute bag; empty when there are none.
     */
    default Map<String, AttributeValue> unmappedAttributes() {
        return Map.of();
    }
}
