package dev.singletable.internal.codec;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.TableSchema;
import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.kinds.ScalarType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * An upper bound of the size of an entity's items, for {@link BoundEntity#itemSizeBound}: the part that keys, the
 * entity type and the attributes of fixed-size types can take is counted once, from the schema, so that each write
 * reads only the values that can be of any size.
 */
final class EntitySizeBound {
    /** The most bytes that keys, the entity type and the attributes of fixed-size types can take. */
    private final long fixedSizeBound;
    /** The attributes whose size each write must read; null when the whole item must be read. */
    private final String[] unboundedAttributes;

    /** @param wholeItem whether every write must read the whole item: to-item hooks or an attribute bag may put anything in it */
    <T> EntitySizeBound(EntitySchema<T> schema, TableSchema table, Collection<KeyBinding<T>> keys, boolean wholeItem) {
        List<String> unbounded = new ArrayList<>();
        this.fixedSizeBound = fixedSizeBound(schema, table, keys, unbounded);
        this.unboundedAttributes = wholeItem ? null : unbounded.toArray(new String[0]);
    }

    /** See {@link #fixedSizeBound}; fills {@code unbounded} with the names of the attributes of other types. */
    private static <T> long fixedSizeBound(EntitySchema<T> schema, TableSchema table, Collection<KeyBinding<T>> keys,
                                           List<String> unbounded) {
        long bound = bytesBound(table.entityTypeAttribute()) + bytesBound(schema.type());
        for (KeyBinding<T> key : keys) {
            bound += bytesBound(key.partitionAttribute()) + KeyRole.PARTITION.maxBytes();
            if (key.sortAttribute().isPresent()) {
                bound += bytesBound(key.sortAttribute().get()) + KeyRole.SORT.maxBytes();
            }
        }
        for (Attribute<T, ?> attribute : schema.attributes()) {
            int most = attribute.type() instanceof ScalarType<?> scalar ? scalar.maxStoredBytes()
                    : attribute.type() == AttributeTypes.EPOCH_SECONDS ? 21 : -1;
            if (most < 0) {
                unbounded.add(attribute.name());
            } else {
                bound += bytesBound(attribute.name()) + most;
            }
        }
        return bound;
    }

    private static long bytesBound(String text) {
        return 3L * text.length();
    }

    /** The bound of this item: the fixed part, plus the values that can be of any size (the whole item when it must be read). */
    long of(Map<String, AttributeValue> item) {
        if (unboundedAttributes == null) {
            return ItemSize.atMost(item);
        }
        long bound = fixedSizeBound;
        for (String name : unboundedAttributes) {
            AttributeValue value = item.get(name);
            if (value != null) {
                bound += bytesBound(name) + ItemSize.atMost(value);
            }
        }
        return bound;
    }
}
