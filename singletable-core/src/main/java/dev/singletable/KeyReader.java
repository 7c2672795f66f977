package dev.singletable;

import dev.singletable.internal.codec.BoundEntity;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a stored item's primary key back into the attribute values its entity's key templates composed it from: the
 * inverse of composing a key, for items that carry their keys but neither the entity type nor the attributes the keys
 * were made from (a NoSQL Workbench model's sample data, another tool's export). A key parses only as singletable
 * would compose it from the values it gives (literal text, escapes, each slot's format), so at most one entity type of a
 * table matches a key, except the state types of one entity, which share their templates.
 *
 * <pre>{@code
 * // Order: pk "CUSTOMER#{customerId}", sk "ORDER#{orderId}"
 * KeyReader keys = KeyReader.of(tableSchema);
 * Map<String, AttributeValue> item = Map.of("PK", AttributeValue.fromS("CUSTOMER#C1"), "SK", AttributeValue.fromS("ORDER#a\\#b"));
 * keys.values(ORDER, item);              // {customerId=C1, orderId=a#b}
 * keys.matches(item).get(0).entity();    // ORDER
 * keys.values(CUSTOMER, item);           // KeyTemplateException: ... does not match Customer primary sort key template 'PROFILE' ...
 * }</pre>
 */
@Experimental
public final class KeyReader {
    private final TableSchema table;
    private final Map<String, BoundEntity<?>> bound = new LinkedHashMap<>();

    private KeyReader(TableSchema table) {
        this.table = table;
        for (EntitySchema<?> entity : table.entities()) {
            bound.put(entity.type(), new BoundEntity<>(entity, table));
        }
    }

    /** The reader of the keys of {@code table}'s entity types (each bound to the table once, here). */
    public static KeyReader of(TableSchema table) {
        NullArgumentException.check("KeyReader.of", "table", table);
        return new KeyReader(table);
    }

    /**
     * The values of the slots of {@code entity}'s primary key templates that the item's key attributes hold, as the
     * attributes' Java types ({@code Instant}, {@code Long}, ...); bucket and shard slots, which hold no attribute's
     * value, are left out.
     *
     * @throws KeyTemplateException when the item lacks a key attribute, or its value is not one the entity's templates
     *         compose (naming the template and why)
     * @throws SchemaDefinitionException when the entity is not one of the table's
     */
    public KeyValues values(EntitySchema<?> entity, Map<String, AttributeValue> item) {
        NullArgumentException.check("KeyReader.values", "entity", entity, "item", item);
        BoundEntity<?> binding = bound.get(entity.type());
        if (binding == null) {
            throw new SchemaDefinitionException("Entity type '" + entity.type() + "' is not one of table " + table.name()
                    + "'s; its entity types are " + String.join(", ", bound.keySet()));
        }
        KeyValues values = KeyValues.none();
        for (Map.Entry<String, Object> value : binding.primary().parse(item).entrySet()) {
            values = values.and(value.getKey(), value.getValue());
        }
        return values;
    }

    /** The entity types whose primary key templates compose the item's key, with the values each reads from it. */
    public List<Match> matches(Map<String, AttributeValue> item) {
        NullArgumentException.check("KeyReader.matches", "item", item);
        List<Match> matches = new ArrayList<>();
        for (EntitySchema<?> entity : table.entities()) {
            try {
                matches.add(new Match(entity, values(entity, item)));
            } catch (KeyTemplateException e) {
                // not this entity's key
            }
        }
        return List.copyOf(matches);
    }

    /**
     * An entity type whose key templates compose a stored key, and the values they read from it.
     *
     * @param entity the entity type
     * @param values the values of the templates' slots
     */
    public record Match(EntitySchema<?> entity, KeyValues values) {
        public Match {
            NullArgumentException.check("KeyReader.Match", "entity", entity, "values", values);
        }
    }
}
