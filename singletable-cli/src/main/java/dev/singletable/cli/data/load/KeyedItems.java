package dev.singletable.cli.data.load;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Stored items placed by their keys: each item's primary key is read back by the design's templates ({@link KeyReader})
 * into its slot values, and its entity type where the item names none, added to the item as the attributes they are
 * (those the item also gives win, and its stored keys must then be the ones they compose). The seeds' items keep their
 * ids only in the keys ({@code PK: "USER#123"} with {@code Type: "USER"}); a NoSQL
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
     * Where the keys of an item that names no entity type place it: the entity type they are composed by and the values of
     * their slots (plain data, as the loader reads attribute values), or why they name no entity of the design. Neither
     * type nor slots when {@code --entity} names an entity stored by its state, whose state attribute picks its type.
     */
    record Placed(Optional<String> entityType, Map<String, Object> slots, Optional<String> refused) {
        static Placed none() {
            return new Placed(Optional.empty(), Map.of(), Optional.empty());
        }

        static Placed refused(String reason) {
            return new Placed(Optional.empty(), Map.of(), Optional.of(reason));
        }
    }

    /**
     * The entity type and slot values of a DynamoDB JSON item, read from its keys: by the templates of the entity its
     * entity-type attribute (or {@code --entity}) names, else by those of the one entity whose templates compose them.
     * None for an item whose entity-type attribute is not text or names no entity of the table (a relation's item, an
     * unknown type), which the loader reads or refuses, and for a named item whose keys are absent or not composed by its
     * templates while it gives the slots' values as attributes (the loader then compares its keys with the composed ones).
     */
    Placed placed(JsonNode item) {
        if (!item.isObject() || entity.isEmpty() && item.has(entityTypeAttribute) && !item.get(entityTypeAttribute).path("S").isTextual()) {
            return Placed.none();
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String name : keyAttributes()) {
            try {
                keyValue(item.get(name), table.keyType(name).orElse(KeyType.S)).ifPresent(value -> key.put(name, value));
            } catch (IllegalArgumentException e) {
                return Placed.refused("key attribute '" + name + "' is binary (B) and its value " + item.get(name).get("B")
                        + " is not base64 (" + e.getMessage() + "); DynamoDB JSON gives binary as base64 text");
            }
        }
        Optional<String> typeName = entity.or(() -> Optional.ofNullable(item.get(entityTypeAttribute)).map(type -> type.get("S").textValue()));
        if (typeName.isEmpty()) {
            List<KeyReader.Match> matches = keys.matches(key);
            return matches.size() == 1 ? placed(matches.get(0)) : Placed.refused(unmatched(key, matches));
        }
        Optional<EntitySchema<?>> named = typeName.flatMap(table::entity);
        if (named.isEmpty()) {
            return Placed.none(); // an entity stored by its state (its state attribute picks the type), or not the table's
        }
        try {
            return placed(new KeyReader.Match(named.get(), keys.values(named.get(), key)));
        } catch (KeyTemplateException e) {
            return entity.isPresent() ? Placed.refused(e.getMessage()) : unkeyed(item, named.get(), key, e);
        }
    }

    private static Placed placed(KeyReader.Match match) {
        Map<String, Object> slots = new LinkedHashMap<>();
        match.values().asMap().forEach((name, value) -> slots.put(name, plain(value)));
        return new Placed(Optional.of(match.entity().type()), Collections.unmodifiableMap(slots), Optional.empty());
    }

    /**
     * An item naming its entity type whose keys that entity's templates do not compose: loaded by its attributes when it
     * gives every slot's value (or has no key to read), else refused, saying the values were looked for in its keys.
     */
    private Placed unkeyed(JsonNode item, EntitySchema<?> named, Map<String, AttributeValue> key, KeyTemplateException why) {
        List<String> missing = named.primaryKey().templates().stream().flatMap(template -> template.attributeNames().stream())
                .distinct().filter(slot -> !item.has(slot)).toList();
        if (missing.isEmpty() || key.isEmpty()) {
            return Placed.none();
        }
        String slots = missing.size() == 1 ? "the value of slot '" + missing.get(0) + "' is" : "the values of slots '"
                + String.join("', '", missing) + "' are";
        return Placed.refused(named.type() + ": " + slots + " neither given in the row"
                + " nor readable from its key " + keyText(key) + ": " + why.getMessage() + "; give the values as attributes, or store the"
                + " key as " + named.type() + "'s templates " + named.primaryKey() + " compose it");
    }

    private List<String> keyAttributes() {
        List<String> names = new ArrayList<>(List.of(table.partitionKeyAttribute()));
        table.sortKeyAttribute().ifPresent(names::add);
        return names;
    }

    /** Why no one entity type is the item's: none of the design's key templates compose its key, or several do. */
    private String unmatched(Map<String, AttributeValue> key, List<KeyReader.Match> matches) {
        String text = keyText(key);
        if (matches.isEmpty()) {
            return "no entity of the design composes the key " + (text.isEmpty() ? "(the item has none)" : text)
                    + " with its key templates (the design's entity types are " + String.join(", ",
                    table.entities().stream().map(EntitySchema::type).toList()) + "); give --entity, or add an entity-type attribute '"
                    + entityTypeAttribute + "' to the items";
        }
        return "the key " + text + " is composed by the key templates of " + String.join(" and ",
                matches.stream().map(match -> match.entity().type()).toList()) + "; name one with --entity";
    }

    /** A key as text: {@code PK=USER#alice, SK=PROFILE}. */
    private static String keyText(Map<String, AttributeValue> key) {
        StringBuilder text = new StringBuilder();
        key.forEach((name, value) -> text.append(text.length() == 0 ? "" : ", ").append(name).append('=')
                .append(value.s() != null ? value.s() : value.n() != null ? value.n() : value.toString()));
        return text.toString();
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
     * A slot's value as plain data, as the loader reads an attribute's DynamoDB JSON value: numbers as BigDecimal, a path's
     * segments as a list of text, booleans as they are, binary as base64 text, anything else (text, instants, dates, ids)
     * as its text, which the design reads by the attribute's type.
     */
    private static Object plain(Object value) {
        if (value instanceof Number number) {
            return new BigDecimal(new BigDecimal(number.toString()).toPlainString());
        }
        if (value instanceof Boolean) {
            return value;
        }
        if (value instanceof List<?> segments) {
            return segments.stream().map(String::valueOf).toList();
        }
        if (value instanceof SdkBytes bytes) {
            return DynamoDbJsonValues.base64(bytes.asByteArray());
        }
        if (value instanceof byte[] bytes) {
            return DynamoDbJsonValues.base64(bytes); // a binary key's slot, as KeyReader reads it back
        }
        return String.valueOf(value);
    }
}
