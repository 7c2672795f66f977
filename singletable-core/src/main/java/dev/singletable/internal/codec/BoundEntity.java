package dev.singletable.internal.codec;

import dev.singletable.internal.declaration.DeclarationFixes;
import dev.singletable.internal.kinds.ScalarType;
import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.keys.EntityTemplates;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import dev.singletable.Attribute;
import dev.singletable.EntitySchema;
import dev.singletable.IndexKey;
import dev.singletable.IndexSchema;
import dev.singletable.extension.ItemCodec;
import dev.singletable.KeyAttribute;
import dev.singletable.KeyValues;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
import dev.singletable.ClosestName;
import dev.singletable.ValidationException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.function.Function;

/** An entity bound to a table: turns entities into items and keys with the table's attribute names, and items back. */
public final class BoundEntity<T> {
    private final EntitySchema<T> schema;
    private final TableSchema table;
    private final EntityLifecycle<T> hooks;
    private final AttributeValue typeValue;
    private final KeyBinding<T> primary;
    private final Map<String, KeyBinding<T>> indexes;
    private final int itemCapacity;
    private final KeyBinding<T>[] indexArray;
    /** Key attributes holding an attribute's own value (not composed text), whose values {@link #toItem} checks as keys. */
    private final List<KeyPart<T>> valueKeyParts;
    /** Composed key attributes of the table, then of the indexes, whose text slots {@link #toItem} checks are not empty. */
    private final List<KeyPart<T>> primaryComposedParts;
    private final List<KeyPart<T>> indexComposedParts;
    private final AttributeValue constantPartition;
    private final AttributeValue constantSort;
    private final Set<String> reserved;
    /** The names an attribute bag never holds: the reserved ones, the attributes and the read-only attributes; one lookup a name. */
    private final Set<String> declared;
    private final Attribute<T, ?>[] attributeArray;
    private final ItemCodec<T> codec;
    private final EntityDecoder<T> decoder;
    private static final AttributeValue NULL = AttributeValue.fromNul(true);
    private final Function<? super T, Map<String, AttributeValue>> attributeBag;
    private final EntitySizeBound sizeBound;

    public BoundEntity(EntitySchema<T> schema, TableSchema table) {
        this.schema = schema;
        this.table = table;
        this.typeValue = AttributeValue.fromS(schema.type());
        EntityTemplates<T> templates = EntityTemplates.of(schema);
        Map<String, Set<Integer>> escapes = EntityTemplates.escapesByKeyAttribute(table);
        this.hooks = new EntityLifecycle<>(schema);
        Map<String, KeyPart<T>> primaryParts = new LinkedHashMap<>();
        List<KeyAttribute> primaryPartition = List.of(table.partitionKey());
        List<KeyAttribute> primarySort = table.sortKey().map(List::of).orElse(List.of());
        this.primary = KeyBinding.bind("primary", schema.type() + " primary", primaryPartition, primarySort, templates.primary(), primaryParts, escapes);
        Map<String, KeyBinding<T>> bound = new LinkedHashMap<>();
        for (Map.Entry<String, IndexKey> entry : schema.indexKeys().entrySet()) {
            Optional<IndexSchema> found = table.index(entry.getKey());
            if (found.isEmpty()) {
                throw new SchemaDefinitionException(schema.type() + ": index '" + entry.getKey() + "' is not an index of table " + table.name());
            }
            IndexSchema index = found.get();
            bound.put(index.name(), KeyBinding.bind(index.name(), schema.type() + " index " + index.name(), index.partitionKey(), index.sortKey(),
                    templates.index(index.name()).orElseThrow(), primaryParts, escapes));
        }
        this.indexes = Collections.unmodifiableMap(bound);
        this.itemCapacity = (schema.attributes().size() + 3 + 2 * bound.size()) * 4 / 3 + 1;
        Set<String> names = new HashSet<>();
        names.add(table.partitionKeyAttribute());
        if (table.sortKeyAttribute().isPresent()) {
            names.add(table.sortKeyAttribute().get());
        }
        for (IndexSchema index : table.indexes()) {
            for (KeyAttribute attribute : index.keyAttributes()) {
                names.add(attribute.name());
            }
        }
        names.add(table.entityTypeAttribute());
        this.reserved = Set.copyOf(names);
        schema.attributes().forEach(attribute -> names.add(attribute.name()));
        names.addAll(schema.readOnlyAttributes());
        this.declared = Set.copyOf(names);
        this.attributeArray = toArray(schema.attributes());
        // the generated codecs write and read the plain declarations; nullable, default and rules go through the attributes
        this.codec = schema.attributes().stream().anyMatch(Attribute::hasValueOptions) ? null : schema.codec().orElse(null);
        this.decoder = new EntityDecoder<>(schema, table, hooks, codec, declared);
        this.attributeBag = schema.attributeBag().orElse(null);
        List<KeyBinding<T>> keys = new ArrayList<>(indexes.values());
        keys.add(primary);
        this.sizeBound = new EntitySizeBound(schema, table, keys, attributeBag != null || schema.hooks().touchesItems());
        this.indexArray = indexArray(indexes);
        this.valueKeyParts = KeyBinding.valueParts(primary, indexes.values());
        this.primaryComposedParts = KeyBinding.composedParts(List.of(primary));
        this.indexComposedParts = KeyBinding.composedParts(indexes.values());
        this.constantPartition = primary.partitionParts().get(0).source() == KeyPart.Source.COMPOSED ? constant(primary.partition()) : null;
        this.constantSort = !primary.sortParts().isEmpty() && primary.sortParts().get(0).source() == KeyPart.Source.COMPOSED
                ? constant(primary.sort().get()) : null;
    }

    /**
     * An upper bound of the item's size: the fixed part counted once for the schema, plus the values that
     * can be of any size. Read for every write, so it reads as little of the item as it can.
     */
    public long itemSizeBound(Map<String, AttributeValue> item) {
        return sizeBound.of(item);
    }

    @SuppressWarnings("unchecked")
    private static <T> KeyBinding<T>[] indexArray(Map<String, KeyBinding<T>> indexes) {
        return (KeyBinding<T>[]) indexes.values().toArray(new KeyBinding<?>[0]);
    }

    @SuppressWarnings("unchecked")
    private static <T> Attribute<T, ?>[] toArray(List<Attribute<T, ?>> attributes) {
        return (Attribute<T, ?>[]) attributes.toArray(new Attribute<?, ?>[0]);
    }

    /** The entity after its beforeWrite steps (generated ids and the like), as it will be encoded. */
    public T prepareForWrite(T entity) {
        return hooks.prepareForWrite(entity);
    }

    public EntitySchema<T> schema() {
        return schema;
    }

    public String type() {
        return schema.type();
    }

    public KeyBinding<T> primary() {
        return primary;
    }

    /** The keys a read or write uses: the table's primary key when no index is named, else the index's keys if the entity has them. */
    public Optional<KeyBinding<T>> binding(Optional<String> indexName) {
        return indexName.isEmpty() ? Optional.of(primary) : Optional.ofNullable(indexes.get(indexName.get()));
    }

    /**
     * Refuses a value an update sets for an attribute that is itself a key attribute (of the table or an index, or
     * whose value a number or binary key takes) where DynamoDB would refuse it as a key: empty, or over the key's length.
     */
    public void checkKeyValue(String attribute, AttributeValue value) {
        for (KeyPart<T> part : valueKeyParts) {
            if (part.slot().name().equals(attribute)) {
                part.checkKeyValue(value);
            }
        }
        if (value.s() != null && value.s().isEmpty()) {
            for (KeyPart<T> part : primaryComposedParts) {
                part.checkSlotNotEmpty(attribute, value.s(), false);
            }
            for (KeyPart<T> part : indexComposedParts) {
                part.checkSlotNotEmpty(attribute, value.s(), true);
            }
        }
    }

    /**
     * Refuses key values that would write a primary key with an empty text slot ({@code PRODUCT#} for an empty sku), as
     * an upsert creating the item would. Reads take them: an item stored so by an earlier build stays reachable.
     */
    public void checkKeyValuesForWrite(KeyValues values) {
        for (KeyPart<T> part : primaryComposedParts) {
            for (Attribute<T, ?> slot : part.template().attributes()) {
                Optional<Object> value = values.value(slot.name());
                if (value.isPresent()) {
                    part.checkSlotNotEmpty(slot.name(), value.get(), false);
                }
            }
        }
    }

    /**
     * The whole item: attributes, entity type, primary key, and the index keys whose slots all have values. The entity
     * is encoded as given: a write runs its beforeWrite steps once, before ({@link #prepareForWrite}), and hands back
     * the entity they made, so running them again here would store another entity than the one handed back.
     */
    public Map<String, AttributeValue> toItem(T entity) {
        return item(entity, true);
    }

    /**
     * The entity with {@code changes} made to its item (as DynamoDB would apply an update), running none of the item hooks:
     * for the entity a state-changing update writes, whose write runs them once. Encoding and decoding alike skip them,
     * so what an afterFromItem hook made of the stored item is kept as the entity holds it.
     */
    public T withItemChanges(T entity, UnaryOperator<Map<String, AttributeValue>> changes) {
        return decoder.decode(changes.apply(item(entity, false)), false);
    }

    private Map<String, AttributeValue> item(T entity, boolean hooked) {
        Map<String, AttributeValue> item = new HashMap<>(itemCapacity);
        if (hooked) {
            hooks.beforeToItem(entity, item);
        }
        if (attributeBag != null) {
            putBag(item, entity, attributeBag.apply(entity));
        }
        putAttributes(item, entity);
        item.put(table.entityTypeAttribute(), typeValue);
        putKey(item, entity);
        for (KeyBinding<T> index : indexArray) {
            if (!index.writesAnyAttribute()) {
                continue; // keyed on the entity's own attributes or the table's keys: the item is in the index when they are
            }
            Optional<Predicate<? super T>> condition = hooks.indexCondition(index.indexName());
            if (condition.isPresent()) {
                // a sparse index: the condition decides, and when it holds every slot must have a value
                if (condition.get().test(entity)) {
                    for (KeyPart<T> part : index.parts()) {
                        if (part.written()) {
                            item.put(part.attribute(), part.value(entity));
                        }
                    }
                }
                continue;
            }
            putIndexKey(item, entity, index);
        }
        if (hooked) {
            hooks.afterToItem(entity, item);
        }
        for (KeyPart<T> part : valueKeyParts) {
            AttributeValue value = item.get(part.attribute());
            if (value != null) {
                part.checkKeyValue(value);
            }
        }
        for (KeyPart<T> part : primaryComposedParts) {
            part.checkSlotsNotEmpty(entity, false);
        }
        for (KeyPart<T> part : indexComposedParts) {
            if (item.containsKey(part.attribute())) { // an index key left out (a null slot, a sparse index) is not written
                part.checkSlotsNotEmpty(entity, true);
            }
        }
        int size;
        if (itemSizeBound(item) > ItemSize.MAX_ITEM_BYTES && (size = ItemSize.of(item)) > ItemSize.MAX_ITEM_BYTES) {
            throw new ValidationException(schema.type() + " " + describeKey(item) + ": the item is " + size
                    + " bytes; DynamoDB items hold at most " + ItemSize.MAX_ITEM_BYTES + " bytes (400 KB). Largest attributes: "
                    + largest(item) + ". Move large values to S3 or split the item");
        }
        return item;
    }

    private void putAttributes(Map<String, AttributeValue> item, T entity) {
        if (codec != null) {
            try {
                codec.encode(entity, item);
                return;
            } catch (RuntimeException e) {
                // the attributes say precisely what is wrong; they rewrite every attribute the codec wrote
                // (same values), so what hooks put in the item stays as it would without a codec
            }
        }
        for (Attribute<T, ?> attribute : attributeArray) {
            putAttribute(item, entity, attribute);
        }
    }

    private void putBag(Map<String, AttributeValue> item, T entity, Map<String, AttributeValue> bag) {
        if (bag == null) {
            return;
        }
        for (Map.Entry<String, AttributeValue> entry : bag.entrySet()) {
            String name = entry.getKey();
            if (declared.contains(name)) {
                throw new ValidationException(schema.type() + ": attribute bag entry '" + name + "' has the name of "
                        + (reserved.contains(name) ? "a key or the entity type attribute"
                                : schema.attribute(name).isPresent() ? "the mapped attribute " + name
                                : "the read-only attribute " + name + ", which " + schema.type() + " never writes")
                        + "; remove it from the bag (the bag holds only attributes the entity does not declare)");
            }
            if (entry.getValue() == null) {
                throw new ValidationException(schema.type() + ": attribute bag entry '" + name + "' is null; remove it or give it a value");
            }
            item.put(name, entry.getValue());
        }
    }

    private <V> void putAttribute(Map<String, AttributeValue> item, T entity, Attribute<T, V> attribute) {
        V value = attribute.valueOf(entity);
        if (value == null && attribute.isNullable()) {
            item.put(attribute.name(), NULL);
            return;
        }
        if (value == null && attribute.defaultValue().isPresent()) {
            value = attribute.defaultValue().get();
        }
        if (value == null) {
            if (attribute.isRequired()) {
                throw new ValidationException(schema.type() + "." + attribute.name() + " is null but required; "
                        + DeclarationFixes.nullOnWrite(schema, attribute));
            }
            return;
        }
        attribute.check(schema.type(), value);
        try {
            if (attribute.type().isOmitted(value)) {
                return;
            }
            item.put(attribute.name(), attribute.type().toAttributeValue(value));
        } catch (ClassCastException e) {
            // a getter typed by erasure (dynamic entities, raw maps) can hand over a value of another Java type
            throw new ValidationException(schema.type() + "." + attribute.name() + ": " + ScalarType.notA(value, attribute.type())
                    + "; give it a value of the attribute's type", e);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new ValidationException(schema.type() + "." + attribute.name() + ": " + e.getMessage(), e);
        }
    }

    /** An index key is written whole or not at all: a half key would only waste storage. */
    private void putIndexKey(Map<String, AttributeValue> item, T entity, KeyBinding<T> index) {
        List<KeyPart<T>> parts = index.parts();
        if (parts.size() == 2 && parts.get(0).written() && parts.get(1).written()) {
            AttributeValue pk = parts.get(0).valueOrNull(entity);
            AttributeValue sk = pk == null ? null : parts.get(1).valueOrNull(entity);
            if (sk != null) {
                item.put(parts.get(0).attribute(), pk);
                item.put(parts.get(1).attribute(), sk);
            }
            return;
        }
        Map<String, AttributeValue> values = new LinkedHashMap<>(8);
        for (KeyPart<T> part : parts) {
            AttributeValue value = part.valueOrNull(entity);
            if (value == null) {
                return;
            }
            if (part.written()) {
                values.put(part.attribute(), value);
            }
        }
        item.putAll(values);
    }

    private void putKey(Map<String, AttributeValue> item, T entity) {
        item.put(primary.partitionAttribute(), constantPartition != null ? constantPartition
                : primary.partitionParts().get(0).value(entity));
        if (!primary.sortParts().isEmpty()) {
            KeyPart<T> sort = primary.sortParts().get(0);
            item.put(sort.attribute(), constantSort != null ? constantSort : sort.value(entity));
        }
    }

    /**
     * The primary key of an item this entity's {@link #toItem} made, taken from the item (its key attributes
     * are composed there already), as DynamoDB's Key map.
     */
    public Map<String, AttributeValue> keyOfItem(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(primary.partitionAttribute(), item.get(primary.partitionAttribute()));
        if (!primary.sortParts().isEmpty()) {
            String sort = primary.sortParts().get(0).attribute();
            key.put(sort, item.get(sort));
        }
        return key;
    }

    /** The entity's type as the entity-type attribute stores it, made once. */
    public AttributeValue typeValue() {
        return typeValue;
    }

    /** The AttributeValue of a key template without slots, built once (AttributeValues are immutable). */
    private static AttributeValue constant(BoundKeyTemplate<?> template) {
        return template.constantKey() == null ? null : AttributeValue.fromS(template.constantKey());
    }

    /** The primary key of an entity, as DynamoDB's Key map. */
    public Map<String, AttributeValue> key(T entity) {
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        putKey(key, entity);
        return key;
    }

    /** The primary key from key values, as DynamoDB's Key map. */
    public Map<String, AttributeValue> key(KeyValues values) {
        for (String name : values.asMap().keySet()) {
            if (!primary.partition().hasSlot(name) && (primary.sortParts().isEmpty() || !primary.sortParts().get(0).template().hasSlot(name))) {
                Set<String> slots = new LinkedHashSet<>(primary.partition().template().attributeNames()); // USER#{id} / USER#{id}: once
                primary.sort().ifPresent(sk -> slots.addAll(sk.template().attributeNames()));
                throw new ValidationException(schema.type() + " primary key has no slot for '" + name + "'"
                        + ClosestName.among(name, slots).map(closest -> " (did you mean '" + closest + "'?)").orElse("") + "; its slots are " + slots
                        + " (templates '" + primary.partition().template().text()
                        + primary.sort().map(sk -> "' and '" + sk.template().text()).orElse("") + "')");
            }
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(primary.partitionAttribute(), primary.partitionValue(0, values));
        if (!primary.sortParts().isEmpty()) {
            KeyPart<T> sort = primary.sortParts().get(0);
            key.put(sort.attribute(), sort.value(values));
        }
        return key;
    }

    /** Decodes an item, first checking that its entity-type attribute names this entity. */
    public T fromItem(Map<String, AttributeValue> item) {
        return decoder.fromItem(item);
    }

    /** Decodes an item whose entity type the caller has checked. */
    public T decode(Map<String, AttributeValue> stored) {
        return decoder.decode(stored, true);
    }

    /** The item's primary key for messages, such as {@code [PK=CUSTOMER#C1, SK=ORDER#O1]}. */
    public String describeKey(Map<String, AttributeValue> item) {
        return describeKey(table, item);
    }

    public static String describeKey(TableSchema table, Map<String, AttributeValue> item) {
        List<String> parts = new ArrayList<>(2);
        parts.add(table.partitionKeyAttribute() + "=" + text(item.get(table.partitionKeyAttribute())));
        table.sortKeyAttribute().ifPresent(sk -> parts.add(sk + "=" + text(item.get(sk))));
        return parts.toString();
    }

    private static String text(AttributeValue value) {
        return value == null ? "(missing)" : value.s() != null ? value.s() : ScalarType.describe(value);
    }

    private static String largest(Map<String, AttributeValue> item) {
        return item.entrySet().stream()
                .sorted((a, b) -> Integer.compare(ItemSize.of(b.getValue()), ItemSize.of(a.getValue())))
                .limit(3)
                .map(e -> e.getKey() + " (" + ItemSize.of(e.getValue()) + " bytes)")
                .toList().toString();
    }
}
