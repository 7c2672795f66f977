package dev.singletable.design.internal.cost;

import dev.singletable.DynamicItem;
import dev.singletable.IndexSchema;
import dev.singletable.Table;
import dev.singletable.capacity.IndexEntry;
import dev.singletable.capacity.ItemSize;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaFile;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    private final Map<String, Map<String, AttributeValue>> items = new LinkedHashMap<>();
    private final Map<String, List<Map<String, AttributeValue>>> examples = new LinkedHashMap<>();
    private final Map<String, Boolean> estimated = new LinkedHashMap<>();

    private TypicalItems() {
    }

    /** The typical item of every entity type of the design (a state's type stands for itself). */
    public static TypicalItems of(SchemaFile design) {
        TypicalItems typical = new TypicalItems();
        Table table = Table.offlineBuilder(design.tableSchema()).clock(CLOCK).build();
        design.document().entityTypes().forEach((type, definition) -> {
            List<Map<String, AttributeValue>> written = design.examples(type).stream().map(item -> asWritten(table, item)).toList();
            typical.examples.put(type, written);
            if (!written.isEmpty()) {
                typical.items.put(type, written.stream().max(java.util.Comparator.comparingInt(ItemSize::of)).orElseThrow());
                typical.estimated.put(type, false);
            } else {
                typical.items.put(type, estimate(design, table, type, definition));
                typical.estimated.put(type, true);
            }
        });
        return typical;
    }

    /**
     * The item as {@code put} writes it: {@link Table#toItem}'s attributes and keys, and the timestamps (and first version)
     * put sets at the table's clock. An entity stored by its state is put in a transaction, its Put first.
     */
    public static Map<String, AttributeValue> asWritten(Table table, DynamicItem item) {
        var request = table.explainPut(item).request();
        return request instanceof TransactWriteItemsRequest transaction ? transaction.transactItems().get(0).put().item()
                : ((PutItemRequest) request).item();
    }

    /** The entity types, in the design's order. */
    public List<String> types() {
        return List.copyOf(items.keySet());
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

    /** Its size in bytes. */
    public int bytes(String type) {
        return ItemSize.of(item(type));
    }

    /** Whether the item is made of typical values because the type has no examples. */
    public boolean estimated(String type) {
        return estimated.get(type);
    }

    /**
     * The share of the type's items that are in the index: of its examples, those with an entry there; without examples,
     * 1 when the typical item has one, else 0.
     */
    public double shareIn(dev.singletable.TableSchema schema, String type, IndexSchema index) {
        List<Map<String, AttributeValue>> written = examples.get(type);
        if (written == null || written.isEmpty()) {
            return IndexEntry.of(schema, index, item(type)).isPresent() ? 1 : 0;
        }
        return (double) written.stream().filter(item -> IndexEntry.of(schema, index, item).isPresent()).count() / written.size();
    }

    private static Map<String, AttributeValue> estimate(SchemaFile design, Table table, String type, EntityDefinition definition) {
        Map<String, Object> values = new LinkedHashMap<>();
        definition.attributes().forEach((name, attribute) -> {
            Object value = typical(attribute);
            if (value != null) {
                values.put(name, value);
            }
        });
        try {
            return asWritten(table, design.item(type, values));
        } catch (RuntimeException e) {
            // a type whose keys the typical values cannot make (a state picked by a value): its attributes alone
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            values.forEach((name, value) -> item.put(name, AttributeValue.fromS(String.valueOf(value))));
            return item;
        }
    }

    private static Object typical(AttributeDefinition attribute) {
        String text = "x".repeat(TYPICAL_TEXT);
        return switch (attribute.type()) {
            case STRING -> text;
            case BINARY -> java.util.Base64.getEncoder().encodeToString(new byte[TYPICAL_TEXT]);
            case ENUM -> attribute.values().stream().max(java.util.Comparator.comparingInt(String::length)).orElse(text);
            case STRING_SET, STRING_LIST -> {
                List<String> list = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    list.add(i + text.substring(1));
                }
                yield list;
            }
            case STRING_MAP -> {
                Map<String, String> map = new LinkedHashMap<>();
                for (int i = 0; i < 5; i++) {
                    map.put("key" + i, text);
                }
                yield map;
            }
            case RECORD, RECORD_LIST, RECORD_MAP -> null;
            case NUMBER_SET -> List.of(new java.math.BigDecimal("12345678"), new java.math.BigDecimal("23456789"));
            case BINARY_SET -> List.of(java.util.Base64.getEncoder().encodeToString(new byte[TYPICAL_TEXT]));
            case DOCUMENT -> Map.of("key", text);
            case LIST, MAP -> null;
            // the other scalars: the typical value of the kind's entry in the core's registry (12345678, 2025-06-01...)
            default -> Kind.ofFileName(attribute.type().fileName()).flatMap(Kind::sample).orElse(null);
        };
    }
}
