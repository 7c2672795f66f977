package dev.singletable.extension;

import dev.singletable.Attribute;
import dev.singletable.EntitySchema;
import dev.singletable.ItemDecodingException;
import dev.singletable.ItemReader;
import dev.singletable.Stable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Map;
import java.util.Optional;

/**
 * An entity's attributes written and read in straight-line code, as singletable's annotation
 * processor generates it next to the schema: the same item the schema's attributes write and the
 * same entity its factory builds, without a loop over the attributes, a call per attribute through
 * an accessor interface, or boxing of primitives. Hand-written schemas need none; give one with
 * {@link EntitySchema.Builder#codec(ItemCodec)}.
 *
 * <p>A codec handles the common case only. When it throws, singletable encodes or decodes that
 * entity again through the attributes and factory, whose errors name the entity, the attribute and
 * the value (a required attribute that is null, a stored value of the wrong shape), and discards
 * what the codec had written. So a codec may leave every check to the attribute types it calls.
 *
 * <pre>{@code
 * final class OrderCodec implements ItemCodec<Order> {
 *     public void encode(Order order, Map<String, AttributeValue> item) {
 *         String orderId = Objects.requireNonNull(order.orderId(), "orderId");
 *         item.put("orderId", ORDER_ID.type().toAttributeValue(orderId));
 *         item.put("quantity", AttributeValue.fromN(Integer.toString(order.quantity())));
 *     }
 *
 *     public Order decode(Map<String, AttributeValue> item, ItemReader reader) {
 *         AttributeValue orderId = ItemCodec.stored(item, "orderId");
 *         AttributeValue quantity = ItemCodec.stored(item, "quantity");
 *         return new Order(
 *                 orderId == null ? ItemCodec.absent(ORDER_ID) : ORDER_ID.type().fromAttributeValue(orderId),
 *                 quantity == null ? ItemCodec.absent(QUANTITY) : QUANTITY.type().fromAttributeValue(quantity));
 *     }
 * }
 * }</pre>
 *
 * @param <T> the entity's Java type
 */
@Stable
public interface ItemCodec<T> {

    /**
     * Puts the entity's mapped attributes into the item, exactly as the schema's attributes would:
     * keys, the entity type and the attribute bag are written by singletable.
     */
    void encode(T entity, Map<String, AttributeValue> item);

    /**
     * Builds the entity from a stored item, exactly as the schema's factory would; {@code reader}
     * gives {@link ItemReader#unmappedAttributes()} to an entity with an attribute bag.
     */
    T decode(Map<String, AttributeValue> item, ItemReader reader);

    /** The item's value of an attribute, or null when it lacks it or holds DynamoDB's NULL there. */
    static AttributeValue stored(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || Boolean.TRUE.equals(value.nul()) ? null : value;
    }

    /**
     * What an attribute the item lacks reads as: its type's value for an absent attribute (an empty
     * set or {@code Optional}), else null for an optional attribute.
     *
     * @throws ItemDecodingException for a required attribute, which singletable then reports with the item's key
     */
    static <V> V absent(Attribute<?, V> attribute) {
        Optional<V> value = attribute.type().valueWhenAbsent();
        if (value.isPresent()) {
            return value.get();
        }
        if (attribute.isRequired()) {
            throw new ItemDecodingException("the item lacks required attribute '" + attribute.name() + "'");
        }
        return null;
    }
}
