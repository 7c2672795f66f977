package dev.singletable.internal.codec;

import dev.singletable.internal.declaration.DeclarationFixes;
import dev.singletable.Attribute;
import dev.singletable.EntitySchema;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.extension.ItemCodec;
import dev.singletable.ItemDecodingException;
import dev.singletable.SingleTableException;
import dev.singletable.ItemReader;
import dev.singletable.TableSchema;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.internal.kinds.ScalarType;
import dev.singletable.internal.page.StoredItem;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Items back into entities of one type: the entity-type check, the before-from-item hooks, the generated codec when it
 * can read the item (else the entity's factory over an {@link ItemReader}), and the after-from-item hooks.
 */
final class EntityDecoder<T> {
    private final EntitySchema<T> schema;
    private final TableSchema table;
    private final EntityLifecycle<T> hooks;
    /** The generated codec, or null when the attributes must read the item (value options) or there is none. */
    private final ItemCodec<T> codec;
    /**
     * The table's key attributes and entity-type attribute, the entity's attributes and its read-only ones: never an
     * unmapped attribute (a read-only attribute is the entity's, though never written: in the bag it would be written back).
     */
    private final Set<String> declared;

    EntityDecoder(EntitySchema<T> schema, TableSchema table, EntityLifecycle<T> hooks, ItemCodec<T> codec, Set<String> declared) {
        this.schema = schema;
        this.table = table;
        this.hooks = hooks;
        this.codec = codec;
        this.declared = declared;
    }

    /** Decodes an item, first checking that its entity-type attribute names this entity. */
    T fromItem(Map<String, AttributeValue> item) {
        if (item instanceof StoredItem stored && namesThisEntity(stored)) {
            return decode(item, true); // checked on the page's text; anything else goes on to say what was found
        }
        AttributeValue found = item.get(table.entityTypeAttribute());
        if (found == null || !schema.type().equals(found.s())) {
            String foundType = found == null ? "(none)" : found.s() == null ? ScalarType.describe(found) : found.s();
            throw new EntityTypeMismatchException("Item " + BoundEntity.describeKey(table, item) + " in table " + table.name() + " has "
                    + table.entityTypeAttribute() + " '" + foundType + "' but was read as " + schema.type()
                    + (found == null ? withoutType(item) : ""), schema.type(), foundType);
        }
        return decode(item, true);
    }

    /** Why an item has no entity type: an item of key attributes only is an index's projection, not a foreign item. */
    private String withoutType(Map<String, AttributeValue> item) {
        Set<String> keys = new HashSet<>();
        keys.add(table.partitionKeyAttribute());
        table.sortKeyAttribute().ifPresent(keys::add);
        table.indexes().forEach(index -> index.keyAttributes().forEach(key -> keys.add(key.name())));
        if (!item.isEmpty() && keys.containsAll(item.keySet())) {
            return "; it holds only key attributes, as a read of an index that projects only its keys returns them: "
                    + "read whole items (from the table, with fetchFullItems(), or from an index that projects them)";
        }
        return "; it was not written by singletable, or the entity type attribute is misnamed";
    }

    private boolean namesThisEntity(StoredItem item) {
        int place = item.find(table.entityTypeAttribute());
        return place >= 0 && StoredItem.STRING.equals(item.storedAs(place)) && schema.type().contentEquals(item.text(place));
    }

    /** Decodes an item whose entity type the caller has checked; {@code hooked}: running the from-item hooks. */
    T decode(Map<String, AttributeValue> stored, boolean hooked) {
        Map<String, AttributeValue> item = stored;
        if (hooked && hooks.hasBeforeFromItem()) {
            item = new HashMap<>(stored);
            hooks.beforeFromItem(item);
        }
        Reader reader = new Reader(item);
        T entity;
        // a decoded page's item goes to the factory, whose reader parses its text in place (a codec reads AttributeValues)
        if (codec != null && !(item instanceof StoredItem)) {
            try {
                entity = codec.decode(item, reader);
            } catch (RuntimeException e) {
                // the factory's reader says precisely what is wrong, and builds the same entity when nothing is
                entity = create(reader, item);
            }
        } else {
            entity = create(reader, item);
        }
        return hooked ? hooks.afterFromItem(item, entity) : entity;
    }

    /** The entity from the factory; what the factory (a record's constructor) refuses is said with the item's key. */
    private T create(Reader reader, Map<String, AttributeValue> item) {
        try {
            return schema.create(reader);
        } catch (SingleTableException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ItemDecodingException(schema.type() + " " + BoundEntity.describeKey(table, item) + " in table " + table.name()
                    + " cannot be built from its stored values: the " + schema.type() + " factory threw " + e
                    + "; correct the stored item, or let the factory accept what is stored", e);
        }
    }

    private final class Reader implements ItemReader {
        private final Map<String, AttributeValue> item;

        Reader(Map<String, AttributeValue> item) {
            this.item = item;
        }

        @Override
        public <V> V get(Attribute<?, V> attribute) {
            if (item instanceof StoredItem stored) {
                int place = stored.find(attribute.name());
                if (place >= 0 && StoredText.reads(stored, place, attribute.type())) {
                    try {
                        return StoredText.read(stored, place, attribute.type());
                    } catch (IllegalArgumentException | ArithmeticException e) {
                        throw cannotRead(attribute, e);
                    }
                }
            }
            AttributeValue value = item.get(attribute.name());
            if (Kind.isMissing(value)) {
                return Kind.missingValue(attribute, value, () -> new ItemDecodingException(schema.type() + " "
                        + BoundEntity.describeKey(table, item) + " lacks required attribute '" + attribute.name() + "'; "
                        + DeclarationFixes.missingOnRead(schema, attribute)));
            }
            try {
                return attribute.type().fromAttributeValue(value);
            } catch (IllegalArgumentException | ArithmeticException e) {
                throw cannotRead(attribute, e);
            }
        }

        @Override
        public boolean has(Attribute<?, ?> attribute) {
            return ItemCodec.stored(item, attribute.name()) != null;
        }

        private ItemDecodingException cannotRead(Attribute<?, ?> attribute, RuntimeException e) {
            return new ItemDecodingException(schema.type() + "." + attribute.name() + " of item " + BoundEntity.describeKey(table, item)
                    + " cannot be read as " + attribute.type().typeName() + ": " + e.getMessage(), e);
        }

        @Override
        public Map<String, AttributeValue> unmappedAttributes() {
            Map<String, AttributeValue> unmapped = new LinkedHashMap<>();
            for (Map.Entry<String, AttributeValue> entry : item.entrySet()) {
                if (!declared.contains(entry.getKey())) {
                    unmapped.put(entry.getKey(), entry.getValue());
                }
            }
            return Collections.unmodifiableMap(unmapped);
        }
    }
}
