package dev.singletable.cli.lint;

import dev.singletable.KeyTemplate;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.KeyDefinition;
import dev.singletable.schema.SchemaDocument;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * An entity's item size as DynamoDB counts it (attribute names plus values, UTF-8), from its
 * largest example value of each attribute, else a typical size of the attribute's type; key
 * attributes from their templates, and the entity-type attribute.
 */
final class ItemSizeEstimate {
    /** One read unit reads 4 KB (strongly consistent). */
    static final int THRESHOLD = 4096;

    /** Typical sizes of values without examples: short text, a number, a collection of ten short strings. */
    private static final int TEXT = 64;
    private static final int NUMBER = 8;
    private static final int COLLECTION = 10 * 32;

    private ItemSizeEstimate() {
    }

    static int of(SchemaDocument document, String entity, List<Map<String, Object>> examples) {
        EntityDefinition definition = document.entities().get(entity);
        int bytes = utf8(document.table().entityTypeAttribute()) + utf8(entity);
        for (Map.Entry<String, AttributeDefinition> attribute : definition.attributes().entrySet()) {
            int largest = examples.stream().filter(e -> e.containsKey(attribute.getKey()))
                    .mapToInt(e -> valueSize(e.get(attribute.getKey()))).max().orElse(typical(attribute.getValue()));
            bytes += utf8(attribute.getKey()) + largest;
        }
        List<String> keyAttributes = new ArrayList<>();
        keyAttributes.add(document.table().partitionKey().name());
        document.table().sortKey().ifPresent(sk -> keyAttributes.add(sk.name()));
        bytes += keySize(keyAttributes, definition.keys());
        for (Map.Entry<String, KeyDefinition> index : definition.indexes().entrySet()) {
            List<String> names = new ArrayList<>();
            document.table().index(index.getKey()).ifPresent(i -> {
                i.partitionKey().forEach(k -> names.add(k.name()));
                i.sortKey().forEach(k -> names.add(k.name()));
            });
            bytes += keySize(names, index.getValue());
        }
        return bytes;
    }

    /** Composed key attributes: the name and the template's literal text (the slots' values are counted with the attributes). */
    private static int keySize(List<String> names, KeyDefinition key) {
        List<String> templates = new ArrayList<>(key.partition());
        templates.addAll(key.sort());
        int bytes = 0;
        for (int i = 0; i < templates.size() && i < names.size(); i++) {
            KeyTemplate template = KeyTemplate.parse(templates.get(i));
            if (template.literals().stream().allMatch(String::isEmpty) && template.slots().size() == 1
                    && template.slots().get(0).attribute().equals(names.get(i))) {
                continue;   // the entity's own attribute, already counted
            }
            bytes += utf8(names.get(i)) + template.literals().stream().mapToInt(ItemSizeEstimate::utf8).sum() + TEXT * template.slots().size();
        }
        return bytes;
    }

    private static int typical(AttributeDefinition attribute) {
        return switch (attribute.type()) {
            case STRING, BINARY -> TEXT;
            case INTEGER, LONG, DECIMAL, EPOCH_SECONDS -> NUMBER;
            case BOOLEAN -> 1;
            case INSTANT -> 27;
            case DATE -> 10;
            case UUID -> 36;
            case ENUM -> attribute.values().stream().mapToInt(ItemSizeEstimate::utf8).max().orElse(TEXT);
            case STRING_SET, STRING_LIST, STRING_MAP, RECORD, RECORD_LIST, RECORD_MAP -> COLLECTION;
        };
    }

    private static int valueSize(Object value) {
        if (value instanceof byte[] bytes) {
            return bytes.length;
        }
        if (value instanceof BigDecimal number) {
            return (number.precision() + 1) / 2 + 1;
        }
        if (value instanceof Boolean) {
            return 1;
        }
        if (value instanceof Collection<?> values) {
            return 3 + values.stream().mapToInt(v -> 1 + valueSize(v)).sum();
        }
        if (value instanceof Map<?, ?> map) {
            return 3 + map.entrySet().stream().mapToInt(e -> 1 + utf8(String.valueOf(e.getKey())) + valueSize(e.getValue())).sum();
        }
        return utf8(String.valueOf(value));
    }

    private static int utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
