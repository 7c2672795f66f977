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
public interface ItemReader {
    /**
     * The attribute's value: decoded from the item, or, when the item lacks it, the type's value for
     * an absent attribute (an empty set or {@code Optional}, say) or null.
     *
     * @throws ItemDecodingException when a required attribute is missing or a stored value has the wrong shape
     */
    <V> V get(Attribute<?, V> attribute);

    /**
     * The item's attributes that no attribute of the entity maps and that hold no key and no entity
     * type, for an attribute bag; empty when there are none.
     */
    default Map<String, AttributeValue> unmappedAttributes() {
        return Map.of();
    }
}
