package dev.singletable.internal.codec;

import dev.singletable.internal.keys.BoundKeyTemplate;
import dev.singletable.internal.keys.EntityTemplates;
import java.util.function.Predicate;
import dev.singletable.internal.keys.KeyRole;

import dev.singletable.Attribute;
import dev.singletable.AttributeTypes;
import dev.singletable.EntitySchema;
import dev.singletable.EntityTypeMismatchException;
import dev.singletable.IndexKey;
import dev.singletable.IndexSchema;
import dev.singletable.ItemCodec;
import dev.singletable.ItemDecodingException;
import dev.singletable.ItemReader;
import dev.singletable.KeyValues;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
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
    private final AttributeValue constantPartition;
    private final AttributeValue constantSort;
    private final Set<String> reserved;
    private final Attribute<T, ?>[] attributeArray;
    private final ItemCodec<T> codec;
    private final Function<? super T, Map<String, AttributeValue>> attributeBag;
    /** The most bytes that keys, the entity type and the attributes of fixed-size types can take. */
    private final long fixedSizeBound;
    /**
     * The attributes whose size each write must read; null when the whole item must be read, because
     * to-item hooks or an attribute bag may put anything in it.
     */
    private final String[] unboundedAttributes;

    /** The templates of one index and the attributes that hold them. */
    public record KeyBinding<T>(String indexName, String partitionAttribute, BoundKeyTemplate<T> partition,
                                Optional<String> sortAttribute, Optional<BoundKeyTemplate<T>> sort) {
    }

    public BoundEntity(EntitySchema<T> schema, TableSchema table) {
        this.schema = schema;
        this.table = table;
        this.typeValue = AttributeValue.fromS(schema.type());
        EntityTemplates<T> templates = EntityTemplates.of(schema);
        Map<String, Set<Integer>> escapes = EntityTemplates.escapesByKeyAttribute(table);
        this.hooks = new EntityLifecycle<>(schema);
        this.primary = bind("primary", table.partitionKeyAttribute(), table.sortKeyAttribute(),
                templates.primary().escaping(escapes, table.partitionKeyAttribute(), table.sortKeyAttribute()));
        Map<String, KeyBinding<T>> bound = new LinkedHashMap<>();
        for (Map.Entry<String, IndexKey> entry : schema.indexKeys().entrySet()) {
            Optional<IndexSchema> found = table.index(entry.getKey());
            if (found.isEmpty()) {
                throw new SchemaDefinitionException(schema.type() + ": index '" + entry.getKey() + "' is not an index of table " + table.name());
            }
            IndexSchema index = found.get();
            bound.put(index.name(), bind(index.name(), index.partitionKeyAttribute(), index.sortKeyAttribute(),
                    templates.index(index.name()).orElseThrow().escaping(escapes, index.partitionKeyAttribute(), index.sortKeyAttribute())));
        }
        this.indexes = Collections.unmodifiableMap(bound);
        this.itemCapacity = (schema.attributes().size() + 3 + 2 * bound.size()) * 4 / 3 + 1;
        Set<String> names = new HashSet<>();
        names.add(table.partitionKeyAttribute());
        if (table.sortKeyAttribute().isPresent()) {
            names.add(table.sortKeyAttribute().get());
        }
        for (IndexSchema index : table.indexes()) {
            names.add(index.partitionKeyAttribute());
            if (index.sortKeyAttribute().isPresent()) {
                names.add(index.sortKeyAttribute().get());
            }
        }
        names.add(table.entityTypeAttribute());
        this.reserved = Set.copyOf(names);
        this.attributeArray = toArray(schema.attributes());
        this.codec = schema.codec().orElse(null);
        this.attributeBag = schema.attributeBag().orElse(null);
        List<String> unbounded = new ArrayList<>();
        this.fixedSizeBound = fixedSizeBound(unbounded);
        this.unboundedAttributes = attributeBag != null || schema.hooks().touchesItems() ? null : unbounded.toArray(new String[0]);
        this.indexArray = indexArray(indexes);
        this.constantPartition = constant(primary.partition());
        this.constantSort = primary.sort().isPresent() ? constant(primary.sort().get()) : null;
    }

    /** See {@link #fixedSizeBound}; fills {@code unbounded} with the names of the attributes of other types. */
    private long fixedSizeBound(List<String> unbounded) {
        long bound = bytesBound(table.entityTypeAttribute()) + bytesBound(schema.type());
        List<KeyBinding<T>> keys = new ArrayList<>(indexes.values());
        keys.add(primary);
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

    /**
     * An upper bound of the item's size: the fixed part counted once for the schema, plus the values that
     * can be of any size. Read for every write, so it reads as little of the item as it can.
     */
    public long itemSizeBound(Map<String, AttributeValue> item) {
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

    @SuppressWarnings("unchecked")
    private static <T> KeyBinding<T>[] indexArray(Map<String, KeyBinding<T>> indexes) {
        return (KeyBinding<T>[]) indexes.values().toArray(new KeyBinding<?>[0]);
    }

    @SuppressWarnings("unchecked")
    private static <T> Attribute<T, ?>[] toArray(List<Attribute<T, ?>> attributes) {
        return (Attribute<T, ?>[]) attributes.toArray(new Attribute<?, ?>[0]);
    }

    private static <T> KeyBinding<T> bind(String indexName, String pkAttribute, Optional<String> skAttribute, EntityTemplates.Pair<T> templates) {
        return new KeyBinding<>(indexName, pkAttribute, templates.partition(), skAttribute, templates.sort());
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

    /** The whole item: attributes, entity type, primary key, and the index keys whose slots all have values. */
    public Map<String, AttributeValue> toItem(T given) {
        T entity = hooks.prepareForWrite(given);
        Map<String, AttributeValue> item = new HashMap<>(itemCapacity);
        hooks.beforeToItem(entity, item);
        if (attributeBag != null) {
            putBag(item, entity, attributeBag.apply(entity));
        }
        putAttributes(item, entity);
        item.put(table.entityTypeAttribute(), typeValue);
        putKey(item, entity);
        for (KeyBinding<T> index : indexArray) {
            Optional<Predicate<? super T>> condition = hooks.indexCondition(index.indexName());
            if (condition.isPresent()) {
                // a sparse index: the condition decides, and when it holds every slot must have a value
                if (condition.get().test(entity)) {
                    item.put(index.partitionAttribute(), AttributeValue.fromS(index.partition().compose(entity)));
                    if (index.sortAttribute().isPresent()) {
                        item.put(index.sortAttribute().get(), AttributeValue.fromS(index.sort().orElseThrow().compose(entity)));
                    }
                }
                continue;
            }
            String pk = index.partition().composeOrNull(entity);
            String sk = index.sort().isPresent() ? index.sort().get().composeOrNull(entity) : "";
            // an index key is written whole or not at all: a half key would only waste storage
            if (pk != null && sk != null) {
                item.put(index.partitionAttribute(), AttributeValue.fromS(pk));
                if (index.sortAttribute().isPresent()) {
                    item.put(index.sortAttribute().get(), AttributeValue.fromS(sk));
                }
            }
        }
        hooks.afterToItem(entity, item);
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
            if (reserved.contains(name) || schema.attribute(name).isPresent()) {
                throw new ValidationException(schema.type() + ": attribute bag entry '" + name + "' has the name of "
                        + (reserved.contains(name) ? "a key or the entity type attribute" : "the mapped attribute " + name)
                        + "; remove it from the bag (the bag holds only attributes the entity does not map)");
            }
            if (entry.getValue() == null) {
                throw new ValidationException(schema.type() + ": attribute bag entry '" + name + "' is null; remove it or give it a value");
            }
            item.put(name, entry.getValue());
        }
    }

    private <V> void putAttribute(Map<String, AttributeValue> item, T entity, Attribute<T, V> attribute) {
        V value = attribute.valueOf(entity);
        if (value == null) {
            if (attribute.isRequired()) {
                throw new ValidationException(schema.type() + "." + attribute.name() + " is null but required; give it a value"
                        + " or declare it with Attribute.of(...) to allow null");
            }
            return;
        }
        if (attribute.type().isOmitted(value)) {
            return;
        }
        try {
            item.put(attribute.name(), attribute.type().toAttributeValue(value));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new ValidationException(schema.type() + "." + attribute.name() + ": " + e.getMessage(), e);
        }
    }

    private void putKey(Map<String, AttributeValue> item, T entity) {
        item.put(primary.partitionAttribute(), constantPartition != null ? constantPartition
                : AttributeValue.fromS(primary.partition().compose(entity)));
        if (primary.sort().isPresent()) {
            item.put(primary.sortAttribute().orElseThrow(), constantSort != null ? constantSort
                    : AttributeValue.fromS(primary.sort().get().compose(entity)));
        }
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
            if (!primary.partition().hasSlot(name) && primary.sort().map(sk -> !sk.hasSlot(name)).orElse(true)) {
                List<String> slots = new ArrayList<>(primary.partition().template().attributeNames());
                primary.sort().ifPresent(sk -> slots.addAll(sk.template().attributeNames()));
                throw new ValidationException(schema.type() + " primary key has no slot for '" + name + "'; its slots are " + slots
                        + " (templates '" + primary.partition().template().text()
                        + primary.sort().map(sk -> "' and '" + sk.template().text()).orElse("") + "')");
            }
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>(4);
        key.put(primary.partitionAttribute(), AttributeValue.fromS(primary.partition().compose(values)));
        primary.sort().ifPresent(sk -> key.put(primary.sortAttribute().orElseThrow(), AttributeValue.fromS(sk.compose(values))));
        return key;
    }

    /** Decodes an item, first checking that its entity-type attribute names this entity. */
    public T fromItem(Map<String, AttributeValue> item) {
        AttributeValue found = item.get(table.entityTypeAttribute());
        if (found == null || !schema.type().equals(found.s())) {
            String foundType = found == null ? "(none)" : found.s() == null ? ScalarType.describe(found) : found.s();
            throw new EntityTypeMismatchException("Item " + describeKey(item) + " in table " + table.name() + " has "
                    + table.entityTypeAttribute() + " '" + foundType + "' but was read as " + schema.type()
                    + (found == null ? "; it was not written by singletable, or the entity type attribute is misnamed" : ""),
                    schema.type(), foundType);
        }
        return decode(item);
    }

    /** Decodes an item whose entity type the caller has checked. */
    public T decode(Map<String, AttributeValue> stored) {
        Map<String, AttributeValue> item = stored;
        if (hooks.hasBeforeFromItem()) {
            item = new HashMap<>(stored);
            hooks.beforeFromItem(item);
        }
        Reader reader = new Reader(item);
        T entity;
        if (codec != null) {
            try {
                entity = codec.decode(item, reader);
            } catch (RuntimeException e) {
                // the factory's reader says precisely what is wrong, and builds the same entity when nothing is
                entity = schema.create(reader);
            }
        } else {
            entity = schema.create(reader);
        }
        return hooks.afterFromItem(item, entity);
    }

    private final class Reader implements ItemReader {
        private final Map<String, AttributeValue> item;

        Reader(Map<String, AttributeValue> item) {
            this.item = item;
        }

        @Override
        public <V> V get(Attribute<?, V> attribute) {
            AttributeValue value = item.get(attribute.name());
            if (value == null || Boolean.TRUE.equals(value.nul())) {
                Optional<V> absent = attribute.type().valueWhenAbsent();
                if (absent.isPresent()) {
                    return absent.get();
                }
                if (attribute.isRequired()) {
                    throw new ItemDecodingException(schema.type() + " " + describeKey(item) + " lacks required attribute '"
                            + attribute.name() + "'; write it, or declare the attribute with Attribute.of(...) to allow it to be missing");
                }
                return null;
            }
            try {
                return attribute.type().fromAttributeValue(value);
            } catch (IllegalArgumentException | ArithmeticException e) {
                throw new ItemDecodingException(schema.type() + "." + attribute.name() + " of item " + describeKey(item)
                        + " cannot be read as " + attribute.type().typeName() + ": " + e.getMessage(), e);
            }
        }

        @Override
        public Map<String, AttributeValue> unmappedAttributes() {
            Map<String, AttributeValue> unmapped = new LinkedHashMap<>();
            for (Map.Entry<String, AttributeValue> entry : item.entrySet()) {
                if (!reserved.contains(entry.getKey()) && schema.attribute(entry.getKey()).isEmpty()) {
                    unmapped.put(entry.getKey(), entry.getValue());
                }
            }
            return Collections.unmodifiableMap(unmapped);
        }
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
