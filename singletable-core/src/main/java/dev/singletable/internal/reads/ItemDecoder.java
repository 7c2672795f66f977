package dev.singletable.internal.reads;

import dev.singletable.Attribute;
import dev.singletable.ItemDecodingException;
import dev.singletable.internal.codec.BoundEntity;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns one stored item of a read into what the read returns: the entity, the collection member
 * named by the item's entity-type attribute, or a plain map of projected attributes. Chosen once per
 * read, so decoding an item costs no more than the entity's own decoding.
 */
@FunctionalInterface
interface ItemDecoder<T> {
    T decode(Map<String, AttributeValue> item);

    /**
     * @param what      the read, for messages
     * @param narrowing what the user narrows to keep other entity types out, for messages
     */
    static <T> ItemDecoder<T> entities(ReadSubject<T> subject, String what, String narrowing) {
        if (!subject.collection()) {
            BoundEntity<? extends T> entity = subject.first();
            return entity::fromItem;
        }
        return item -> subject.memberOf(item, what, narrowing).decode(item);
    }

    /** Maps of attribute name to decoded value, holding the projected attributes an item has. */
    static ItemDecoder<Map<String, Object>> maps(ReadSubject<?> subject, List<Attribute<?, ?>> projection, String what,
                                                 String narrowing) {
        return item -> {
            BoundEntity<?> member = subject.collection() ? subject.memberOf(item, what, narrowing) : subject.first();
            Map<String, Object> map = new LinkedHashMap<>();
            for (Attribute<?, ?> attribute : projection) {
                AttributeValue value = item.get(attribute.name());
                Optional<? extends Attribute<?, ?>> own = member.schema().attribute(attribute.name());
                if (value != null && !Boolean.TRUE.equals(value.nul()) && own.isPresent()) {
                    map.put(attribute.name(), decoded(member, own.get(), value, item));
                }
            }
            return map;
        };
    }

    private static Object decoded(BoundEntity<?> member, Attribute<?, ?> attribute, AttributeValue value,
                                  Map<String, AttributeValue> item) {
        try {
            return attribute.type().fromAttributeValue(value);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new ItemDecodingException(member.type() + "." + attribute.name() + " of item " + member.describeKey(item)
                    + " cannot be read as " + attribute.type().typeName() + ": " + e.getMessage(), e);
        }
    }
}
