package dev.singletable;

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
}
