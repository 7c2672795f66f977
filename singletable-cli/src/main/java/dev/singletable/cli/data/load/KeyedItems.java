package dev.singletable.cli.data.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.EntitySchema;
import dev.singletable.KeyReader;
import dev.singletable.KeyTemplateException;
import dev.singletable.KeyType;
import dev.singletable.TableSchema;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Items that name no entity type, placed by their keys: each item's primary key is read back by the design's templates
 * ({@link KeyReader}) into its entity type and slot values, added to the item as the attributes they are. A NoSQL
 * Workbench model's sample items carry their keys ({@code PK: "User:UserA"}) but neither an entity-type attribute nor the
 * attributes the keys were made from, which the importer turned into slots ({@code User:{id}}); a DynamoDB JSON item of
 * a table other code wrote may carry no entity-type attribute either.
 */
final class KeyedItems {
    private final TableSchema table;
    private final KeyReader keys;
    private final String entityTypeAttribute;
    private final Optional<String> entity;

    /**
     * @param design the design the items are loaded into
     * @param entity the entity of every item, when the user named one with {@code --entity}
     */
    KeyedItems(SchemaDocument design, Optional<String> entity) {
        this.table = SchemaFile.of(design).tableSchema();
        this.keys = KeyReader.of(table);
        this.entityTypeAttribute = design.table().entityTypeAttribute();
        this.entity = entity;
    }

    /**
     * An item read: the item with its entity type and key slot values added (those it has already kept), or why
     * its keys name no entity of the design.
     */
    record Keyed(JsonNode item, Optional<String> refused) {
    }

    Keyed keyed(JsonNode item) {
        if (!item.isObject() || item.has(entityTypeAttribute) && entity.isEmpty()) {
            // the loader reads it as any DynamoDB JSON item, whose entity type must be text
            return new Keyed(item, item.isObject() ? notTextType(item.get(entityTypeAttribute)) : Optional.empty());
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String name : keyAttributes()) {
            try {
                keyValue(item.get(name), table.keyType(name).orElse(KeyType.S)).ifPresent(value -> key.put(name, value));
            } catch (IllegalArgumentException e) {
                return new Keyed(item, Optional.of("key attribute '" + name + "' is binary (B) and its value " + item.get(name).get("B")
                        + " is not base64 (" + e.getMessage() + "); DynamoDB JSON gives binary as base64 text"));
            }
        }
        Optional<EntitySchema<?>> named = entity.flatMap(table::entity);
        KeyReader.Match match;
        if (named.isPresent()) {
            try {
                match = new KeyReader.Match(named.get(), keys.values(named.get(), key));
            } catch (KeyTemplateException e) {
                return new Keyed(item, Optional.of(e.getMessage()));
            }
        } else if (entity.isPresent()) {
            return new Keyed(item, Optional.empty()); // an entity stored by its state: its state attribute picks the type
        } else {
            List<KeyReader.Match> matches = keys.matches(key);
            if (matches.size() != 1) {
                return new Keyed(item, Optional.of(unmatched(key, matches)));
            }
            match = matches.get(0);
        }
        ObjectNode keyed = ((ObjectNode) item).deepCopy();
        keyed.set(entityTypeAttribute, text(match.entity().type()));
        match.values().asMap().forEach((name, value) -> {
            if (!keyed.has(name)) {
                keyed.set(name, attributeValue(value));
            }
        });
        return new Keyed(keyed, Optional.empty());
    }

    private List<String> keyAttributes() {
        List<String> names = new ArrayList<>(List.of(table.partitionKeyAttribute()));
        table.sortKeyAttribute().ifPresent(names::add);
        return names;
    }

    /** Why no one entity type is the item's: none of the design's key templates compose its key, or several do. */
    private String unmatched(Map<String, AttributeValue> key, List<KeyReader.Match> matches) {
        StringBuilder text = new StringBuilder();
        key.forEach((name, value) -> text.append(text.length() == 0 ? "" : ", ").append(name).append('=')
                .append(value.s() != null ? value.s() : value.n() != null ? value.n() : value.toString()));
        if (matches.isEmpty()) {
            return "no entity of the design composes the key " + (text.length() == 0 ? "(the item has none)" : text)
                    + " with its key templates (the design's entity types are " + String.join(", ",
                    table.entities().stream().map(EntitySchema::type).toList()) + "); give --entity, or add an entity-type attribute '"
                    + entityTypeAttribute + "' to the items";
        }
        return "the key " + text + " is composed by the key templates of " + String.join(" and ",
                matches.stream().map(match -> match.entity().type()).toList()) + "; name one with --entity";
    }

    /**
     * Why the item's entity-type attribute names no entity type: given, but not as text ({@code {"N": "1"}}). An {@code S}
     * holding no text is left to the loader, which names what is wrong with that DynamoDB JSON value.
     */
    private Optional<String> notTextType(JsonNode type) {
        if (type.isObject() && type.has("S")) {
            return Optional.empty();
        }
        String given = type.isObject() && type.size() == 1 ? "a DynamoDB " + type.fieldNames().next() + " (" + type + ")" : type.toString();
        return Optional.of("the entity-type attribute '" + entityTypeAttribute + "' is " + given + "; it must be a string (S) naming "
                + "an entity type of the design (" + String.join(", ", table.entities().stream().map(EntitySchema::type).toList())
                + "), or give --entity");
    }

    /**
     * A key attribute's DynamoDB JSON value as the key type's AttributeValue; empty when absent or of another type, so that
     * the item is refused as one whose key no template composes.
     *
     * @throws IllegalArgumentException when a binary key's value is not base64, which the caller names
     */
    private static Optional<AttributeValue> keyValue(JsonNode value, KeyType type) {
        JsonNode typed = value == null ? null : value.get(type.name());
        if (typed == null || !typed.isTextual()) {
            return Optional.empty();
        }
        return Optional.of(switch (type) {
            case S -> AttributeValue.fromS(typed.asText());
            case N -> AttributeValue.fromN(typed.asText());
            case B -> AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(typed.asText())));
        });
    }

    /**
     * A slot's value in DynamoDB JSON as the loader reads it: numbers as N, a path's segments as a list, booleans as
     * BOOL, anything else (text, instants, dates, ids) as its text, which the design reads by the attribute's type.
     */
    private static JsonNode attributeValue(Object value) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (value instanceof Number number) {
            node.put("N", new BigDecimal(number.toString()).toPlainString());
        } else if (value instanceof Boolean bool) {
            node.put("BOOL", bool);
        } else if (value instanceof List<?> segments) {
            ArrayNode list = node.putArray("L");
            segments.forEach(segment -> list.add(text(String.valueOf(segment))));
        } else if (value instanceof SdkBytes bytes) {
            node.put("B", Base64.getEncoder().encodeToString(bytes.asByteArray()));
        } else if (value instanceof byte[] bytes) {
            node.put("B", Base64.getEncoder().encodeToString(bytes)); // a binary key's slot, as KeyReader reads it back
        } else {
            return text(String.valueOf(value));
        }
        return node;
    }

    private static ObjectNode text(String text) {
        return JsonNodeFactory.instance.objectNode().put("S", text);
    }
}
