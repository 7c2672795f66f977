package dev.singletable.design.internal.cost;

import dev.singletable.DynamicItem;
import dev.singletable.IndexSchema;
import dev.singletable.KeyTemplate;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.capacity.CapacityUnits;
import dev.singletable.capacity.IndexEntry;
import dev.singletable.capacity.ItemSize;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.SchemaFile;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The item of each entity type that the cost model sizes: the largest of its examples as {@code put} writes it (keys,
 * entity type, timestamps and first version included), sized by {@link ItemSize}; for a type without examples, an item
 * of typical values made the same way ({@link #TYPICAL_TEXT} characters of text, eight-digit numbers, five elements in
 * a collection; embedded records left out), marked {@link #estimated}.
 *
 * <pre>{@code
 * TypicalItems items = TypicalItems.of(SchemaFile.load(Path.of("designs/blog.singletable.yaml")));
 * int bytes = items.bytes("Post");
 * }</pre>
 */
public final class TypicalItems {
    /** The clock timestamps are written with, as the design commands show items. */
    public static final Clock CLOCK = Clock.fixed(Instant.parse("2025-06-01T00:00:00Z"), ZoneOffset.UTC);
    /** Characters of a text value without examples. */
    public static final int TYPICAL_TEXT = 32;
    /** Elements of a collection without examples. */
    public static final int TYPICAL_ELEMENTS = 5;

    private final Map<String, Map<String, AttributeValue>> items = new LinkedHashMap<>();
    /** How the library sends each type's put, as {@link #put} tells. */
    private final Map<String, Put> puts = new LinkedHashMap<>();
    private final Map<String, List<Map<String, AttributeValue>>> examples = new LinkedHashMap<>();
    private final Map<String, Boolean> estimated = new LinkedHashMap<>();
    /** Each type's entry in each index (type, then index name), as {@link #entry} finds it. */
    private final Map<String, Map<String, Optional<Map<String, AttributeValue>>>> entries = new LinkedHashMap<>();
    /** The indexes of each type without examples that are sparse for it, as {@link #shareAssumed} says. */
    private final Map<String, List<String>> assumed = new LinkedHashMap<>();

    private TypicalItems() {
    }

    /** The typical item of every entity type of the design (a state's type stands for itself). */
    public static TypicalItems of(SchemaFile design) {
        TypicalItems typical = new TypicalItems();
        Table table = Table.offlineBuilder(design.upperBoundSchema()).clock(CLOCK).build();
        TableSchema schema = design.upperBoundSchema();
        design.document().entityTypes().forEach((type, definition) -> {
            List<Put> sent = design.examples(type).stream().map(item -> put(table, item)).toList();
            List<Map<String, AttributeValue>> written = sent.stream().map(Put::item).toList();
            typical.examples.put(type, written);
            Map<String, Optional<Map<String, AttributeValue>>> inIndexes = new LinkedHashMap<>();
            if (!written.isEmpty()) {
                Put largest = sent.stream().max(Comparator.comparingInt(put -> ItemSize.of(put.item()))).orElseThrow();
                typical.items.put(type, largest.item());
                typical.puts.put(type, largest);
                typical.estimated.put(type, false);
                // the largest entry of the examples in the index: the largest item may be one the index leaves out
                schema.indexes().forEach(index -> inIndexes.put(index.name(), written.stream()
                        .flatMap(item -> IndexEntry.of(schema, index, item).stream()).max(Comparator.comparingInt(ItemSize::of))));
            } else {
                Map<String, Object> values = typicalValues(definition);
                Put put = written(design, table, type, values);
                typical.items.put(type, put.item());
                typical.puts.put(type, put);
                typical.estimated.put(type, true);
                schema.indexes().forEach(index -> inIndexes.put(index.name(), IndexEntry.of(schema, index,
                        meeting(Optional.ofNullable(definition.indexes().get(index.name())).flatMap(KeyDefinition::when), design, table,
                                type, values, typical.items.get(type)))));
                typical.assumed.put(type, definition.indexes().entrySet().stream().filter(key -> sparse(definition, key.getValue()))
                        .map(Map.Entry::getKey).filter(name -> inIndexes.getOrDefault(name, Optional.empty()).isPresent()).toList());
            }
            typical.entries.put(type, inIndexes);
        });
        return typical;
    }

    /**
     * The item as {@code put} writes it: {@link Table#toItem}'s attributes and keys, and the timestamps (and first version)
     * put sets at the table's clock. An entity stored by its state is put in a transaction, its Put first.
     */
    public static Map<String, AttributeValue> asWritten(Table table, DynamicItem item) {
        return put(table, item).item();
    }

    /**
     * How the library sends a put of an entity type: a PutItem of {@code item}, or (an entity stored by its state) a
     * TransactWriteItems of the Put of {@code item} and {@code conditionChecks} ConditionChecks, one per other state.
     *
     * @param item            the item written
     * @param transaction     whether the put is a TransactWriteItems
     * @param conditionChecks the ConditionChecks beside the Put in that transaction
     */
    record Put(Map<String, AttributeValue> item, boolean transaction, int conditionChecks) {
        public Put {
            item = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(item));
        }

        /**
         * Write units of the put on the table: a transaction's writes cost double, its Put and each ConditionCheck
         * (of another state's key, where no item is: one 1 KB block).
         */
        public double tableUnits() {
            int bytes = ItemSize.of(item);
            return transaction ? CapacityUnits.transactionalWrite(bytes) + conditionChecks * CapacityUnits.transactionalWrite(0)
                    : CapacityUnits.write(bytes);
        }
    }

    private static Put put(Table table, DynamicItem item) {
        var request = table.explainPut(item).request();
        if (request instanceof TransactWriteItemsRequest transaction) {
            int checks = (int) transaction.transactItems().stream().filter(action -> action.conditionCheck() != null).count();
            return new Put(transaction.transactItems().get(0).put().item(), true, checks);
        }
        return new Put(((PutItemRequest) request).item(), false, 0);
    }

    /** The entity types, in the design's order. */
    public List<String> types() {
        return List.copyOf(items.keySet());
    }

    /** The type's examples as put writes them (keys and entity type included); empty without examples. */
    public List<Map<String, AttributeValue>> examples(String type) {
        return examples.getOrDefault(type, List.of());
    }

    /** True when the design has this entity type (without copying {@link #types()}). */
    public boolean has(String type) {
        return items.containsKey(type);
    }

    /** The typical item of an entity type. */
    public Map<String, AttributeValue> item(String type) {
        Map<String, AttributeValue> item = items.get(type);
        if (item == null) {
            throw new IllegalArgumentException("no entity type '" + type + "'; the types are " + items.keySet());
        }
        return item;
    }

    /** How the library sends a put of the type's typical item. */
    Put put(String type) {
        item(type);
        return puts.get(type);
    }

    /** Its size in bytes. */
    public int bytes(String type) {
        return ItemSize.of(item(type));
    }

    /** Whether the item is made of typical values because the type has no examples. */
    public boolean estimated(String type) {
        return estimated.get(type);
    }

    /**
     * The type's entry in the index, empty when none of its items is in it: of its examples, the largest entry there;
     * without examples, the entry of the typical item made to meet the index's {@code when} (its {@code absent}
     * attributes left out, its {@code equals} and {@code beginsWith} values taken), so that a sparse index is priced as
     * if the item were in it.
     */
    public Optional<Map<String, AttributeValue>> entry(String type, IndexSchema index) {
        item(type);
        return entries.get(type).getOrDefault(index.name(), Optional.empty());
    }

    /** The bytes of the type's entry in {@code index} (0 when it has none there), or of its item in the table. */
    int entryBytes(String type, Optional<IndexSchema> index) {
        return index.map(i -> entry(type, i).map(ItemSize::of).orElse(0)).orElse(bytes(type));
    }

    /**
     * The share of the type's items that are in the index: of its examples, those with an entry there; without examples,
     * 1 when the type has an {@link #entry} there (whatever the index's {@code when}: an upper bound, as no example says
     * how many items meet it), else 0.
     */
    public double shareIn(TableSchema schema, String type, IndexSchema index) {
        List<Map<String, AttributeValue>> written = examples.get(type);
        if (written == null || written.isEmpty()) {
            return entry(type, index).isPresent() ? 1 : 0;
        }
        return (double) written.stream().filter(item -> IndexEntry.of(schema, index, item).isPresent()).count() / written.size();
    }

    /**
     * Whether the type's share of the index is an assumption: it has no examples, and its key there has a {@code when} or
     * reads an optional attribute that nothing sets on put, so that some of its items may not be in the index.
     */
    public boolean shareAssumed(String type, IndexSchema index) {
        return assumed.getOrDefault(type, List.of()).contains(index.name());
    }

    private static boolean sparse(EntityDefinition definition, KeyDefinition key) {
        if (key.when().isPresent()) {
            return true;
        }
        List<String> templates = new ArrayList<>(key.partition());
        templates.addAll(key.sort());
        for (String template : templates) {
            try {
                for (KeyTemplate.Slot slot : KeyTemplate.parse(template).slots()) {
                    AttributeDefinition attribute = definition.attributes().get(slot.attribute());
                    if (attribute != null && !attribute.required() && attribute.role().isEmpty()) {
                        return true;
                    }
                }
            } catch (RuntimeException e) {
                // the design's own check reports a broken template
            }
        }
        return false;
    }

    private static Map<String, Object> typicalValues(EntityDefinition definition) {
        Map<String, Object> values = new LinkedHashMap<>();
        definition.attributes().forEach((name, attribute) -> {
            Object value = typical(attribute);
            if (value != null) {
                values.put(name, value);
            }
        });
        return values;
    }

    private static Put written(SchemaFile design, Table table, String type, Map<String, Object> values) {
        try {
            return put(table, design.item(type, values));
        } catch (RuntimeException e) {
            // a type whose keys the typical values cannot make (a state picked by a value): its attributes alone, put as
            // the library puts a state (a transaction with a ConditionCheck per other state) when it is one
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            values.forEach((name, value) -> item.put(name, AttributeValue.fromS(String.valueOf(value))));
            int others = design.document().entities().values().stream().flatMap(entity -> entity.states().stream())
                    .filter(states -> states.values().values().stream().anyMatch(state -> state.type().equals(type)))
                    .mapToInt(states -> (int) states.values().values().stream().map(state -> state.type()).distinct().count() - 1)
                    .findFirst().orElse(-1);
            return new Put(item, others >= 0, Math.max(0, others));
        }
    }

    /** The typical item as written when it meets {@code when}: {@code typical} itself when there is no condition. */
    private static Map<String, AttributeValue> meeting(Optional<ConditionDefinition> when, SchemaFile design, Table table, String type,
                                                       Map<String, Object> values, Map<String, AttributeValue> typical) {
        if (when.isEmpty()) {
            return typical;
        }
        Map<String, Object> met = new LinkedHashMap<>(values);
        meet(when.get(), met);
        return written(design, table, type, met).item();
    }

    /**
     * Changes {@code values} so that they meet the condition: an {@code any} by its first part; a {@code present} holds
     * already, as every attribute with a typical value has one.
     */
    private static void meet(ConditionDefinition condition, Map<String, Object> values) {
        if (condition instanceof ConditionDefinition.Absent absent) {
            values.remove(absent.attribute());
        } else if (condition instanceof ConditionDefinition.Equals equals) {
            values.putAll(equals.values());
        } else if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            notEquals.values().forEach((name, value) -> {
                if (String.valueOf(value).equals(String.valueOf(values.get(name)))) {
                    values.remove(name);
                }
            });
        } else if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            beginsWith.prefixes().forEach((name, prefix) -> values.put(name, prefix + "x".repeat(TYPICAL_TEXT)));
        } else if (condition instanceof ConditionDefinition.All all) {
            all.conditions().forEach(part -> meet(part, values));
        } else if (condition instanceof ConditionDefinition.Any any && !any.conditions().isEmpty()) {
            meet(any.conditions().get(0), values);
        }
    }

    private static Object typical(AttributeDefinition attribute) {
        String text = "x".repeat(TYPICAL_TEXT);
        return switch (attribute.type()) {
            case STRING -> text;
            case BINARY -> java.util.Base64.getEncoder().encodeToString(new byte[TYPICAL_TEXT]);
            case ENUM -> attribute.values().stream().max(Comparator.comparingInt(String::length)).orElse(text);
            case STRING_SET, STRING_LIST -> {
                List<String> list = new ArrayList<>();
                for (int i = 0; i < TYPICAL_ELEMENTS; i++) {
                    list.add(i + text.substring(1));
                }
                yield list;
            }
            case STRING_MAP -> {
                Map<String, String> map = new LinkedHashMap<>();
                for (int i = 0; i < TYPICAL_ELEMENTS; i++) {
                    map.put("key" + i, text);
                }
                yield map;
            }
            case RECORD, RECORD_LIST, RECORD_MAP -> null;
            // five elements, as every other collection (and the cost report's defaults note) has: distinct, as a set's are
            case NUMBER_SET -> java.util.stream.IntStream.range(0, TYPICAL_ELEMENTS).mapToObj(i -> java.math.BigDecimal.valueOf(12_345_678 + i)).toList();
            case BINARY_SET -> java.util.stream.IntStream.range(0, TYPICAL_ELEMENTS).mapToObj(i -> {
                byte[] bytes = new byte[TYPICAL_TEXT];
                bytes[0] = (byte) i;
                return java.util.Base64.getEncoder().encodeToString(bytes);
            }).toList();
            case DOCUMENT -> Map.of("key", text);
            case LIST, MAP -> null;
            // the other scalars: the typical value of the kind's entry in the core's registry (12345678, 2025-06-01...)
            default -> Kind.ofFileName(attribute.type().fileName()).flatMap(Kind::sample).orElse(null);
        };
    }
}
