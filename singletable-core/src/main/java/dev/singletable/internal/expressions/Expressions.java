package dev.singletable.internal.expressions;

import dev.singletable.ClosestName;
import dev.singletable.Condition;
import dev.singletable.EntitySchema;
import dev.singletable.IndexSchema;
import dev.singletable.Placeholders;
import dev.singletable.TableSchema;
import dev.singletable.ValidationException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The placeholders of one request, for writes and reads alike. Names read as themselves
 * ({@code #status}) when they are plain identifiers, so rendered expressions stay legible; values
 * are numbered {@code :v0, :v1...}. A name used twice shares one placeholder.
 *
 * <p>A read's request already holds fixed placeholders ({@code #pk}, {@code :pk}, {@code #et}...)
 * when its filter and projection are rendered: {@link #into(Map, Map)} adds to those maps, reusing
 * a placeholder that already stands for a name and never taking one in use.
 */
public final class Expressions implements Placeholders {
    /** {@code :v0} to {@code :v31}, written once: every request numbers its values from {@code :v0}. */
    private static final String[] VALUE_PLACEHOLDERS = new String[32];
    /**
     * {@code #status} for {@code status}: the placeholder of each plain name, written once, as a schema's attribute names
     * recur in every request. Bounded, as names inside paths (a map's keys) may come from data.
     */
    private static final Map<String, String> PLAIN_PLACEHOLDERS = new ConcurrentHashMap<>();
    private static final int MOST_PLAIN_PLACEHOLDERS = 4096;

    static {
        for (int i = 0; i < VALUE_PLACEHOLDERS.length; i++) {
            VALUE_PLACEHOLDERS[i] = ":v" + i;
        }
    }

    private final Map<String, String> placeholderByName = new HashMap<>(8);
    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;
    private int namesAdded;
    private int valuesAdded;

    public Expressions() {
        this(new LinkedHashMap<>(8), new LinkedHashMap<>(8)); // a write names a few attributes: tables of 8, not 16
    }

    private Expressions(Map<String, String> names, Map<String, AttributeValue> values) {
        this.names = names;
        this.values = values;
        names.forEach((placeholder, name) -> placeholderByName.putIfAbsent(name, placeholder));
    }

    /** Placeholders written into a request's maps, which may already hold some. */
    public static Expressions into(Map<String, String> names, Map<String, AttributeValue> values) {
        return new Expressions(names, values);
    }

    @Override
    public String name(String attributeName) {
        String existing = placeholderByName.get(attributeName);
        if (existing != null) {
            return existing;
        }
        String base = isPlainName(attributeName) ? plainPlaceholder(attributeName) : "#n" + namesAdded;
        String placeholder = base;
        for (int i = 2; names.containsKey(placeholder); i++) {
            placeholder = base + "_" + i;
        }
        namesAdded++;
        placeholderByName.put(attributeName, placeholder);
        names.put(placeholder, attributeName);
        return placeholder;
    }

    private static String plainPlaceholder(String attributeName) {
        String known = PLAIN_PLACEHOLDERS.get(attributeName);
        if (known != null) {
            return known;
        }
        String placeholder = "#" + attributeName;
        if (PLAIN_PLACEHOLDERS.size() < MOST_PLAIN_PLACEHOLDERS) {
            PLAIN_PLACEHOLDERS.putIfAbsent(attributeName, placeholder);
        }
        return placeholder;
    }

    @Override
    public String value(AttributeValue value) {
        String placeholder = valuePlaceholder(valuesAdded++);
        while (values.containsKey(placeholder)) {
            placeholder = valuePlaceholder(valuesAdded++);
        }
        values.put(placeholder, value);
        return placeholder;
    }

    private static String valuePlaceholder(int number) {
        return number < VALUE_PLACEHOLDERS.length ? VALUE_PLACEHOLDERS[number] : ":v" + number;
    }

    /** Placeholder to attribute name, in order of first use. */
    public Map<String, String> names() {
        return Collections.unmodifiableMap(names);
    }

    /** Placeholder to value, in order of use. */
    public Map<String, AttributeValue> values() {
        return Collections.unmodifiableMap(values);
    }

    /** [A-Za-z0-9_]{1,200}, by hand: String.matches compiles the pattern on every call, and every request names attributes. */
    private static boolean isPlainName(String name) {
        int length = name.length();
        if (length == 0 || length > 200) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- a condition's text and values, for Condition itself

    /** A condition that is not {@link Condition#none()} as its {@code toString} shows it (see {@link ConditionText}). */
    public static String readable(Condition condition) {
        return ConditionText.readable(condition);
    }

    /** A stored value in a message: a string quoted, a number as its text, anything else as the SDK shows it. */
    public static String describe(AttributeValue value) {
        return ConditionText.describe(value);
    }

    /** How DynamoDB orders two stored values of one scalar type (see {@link StoredOrder}); 0 where it defines no order. */
    public static int storedOrder(AttributeValue a, AttributeValue b) {
        return StoredOrder.compare(a, b);
    }

    /** How DynamoDB orders two strings: by their UTF-8 bytes, which is code point order (not {@link String#compareTo}). */
    public static int utf8Order(String a, String b) {
        return StoredOrder.compareCodePoints(a, b);
    }

    // ---------------------------------------------------------------- names a condition reads, checked against its entities

    /** The top-level attribute names a condition reads (a path's first name), in order; none for {@link Condition#none()}. */
    public static Set<String> namesOf(Condition condition) {
        Set<String> names = new LinkedHashSet<>();
        if (!condition.isNone()) {
            condition.render(new Placeholders() {
                @Override
                public String name(String attributeName) {
                    names.add(attributeName);
                    return attributeName;
                }

                @Override
                public String nestedName(String name) {
                    return name; // a name inside a path (an embedded record's attribute, a map key) is not one of the item's
                }

                @Override
                public String value(AttributeValue value) {
                    return ":v";
                }
            });
        }
        return names;
    }

    /**
     * Refuses, before sending, a condition or filter naming an attribute that no entity it is used
     * with has (such as one built from another entity's {@code Attribute}, which DynamoDB would
     * silently evaluate against an absent attribute). Besides the entities' attributes, the table's key
     * attributes, its indexes' key attributes, the entity-type and TTL attributes are known. An entity
     * with an attribute bag, its own codec or hooks that write into the item may store any name, so
     * nothing is refused for it.
     *
     * @param what     the operation, for the message, such as {@code "Query of Order"}
     * @param role     {@code "filter"} or {@code "condition"}
     * @param entities the entity, or a collection's members
     */
    public static void checkNames(String what, String role, Condition condition, TableSchema table,
                                  Collection<? extends EntitySchema<?>> entities) {
        if (condition.isNone()) {
            return;
        }
        Set<String> known = new LinkedHashSet<>();
        for (EntitySchema<?> entity : entities) {
            // an attribute bag or item hooks may write names the schema does not declare; a codec may not (ItemCodec:
            // "exactly as the schema's attributes would"), so an entity with one, every generated schema, is checked
            if (entity.attributeBag().isPresent() || entity.hooks().touchesItems()) {
                return;
            }
            entity.attributes().forEach(attribute -> known.add(attribute.name()));
        }
        Set<String> tableAttributes = new LinkedHashSet<>();
        tableAttributes.add(table.partitionKeyAttribute());
        table.sortKeyAttribute().ifPresent(tableAttributes::add);
        for (IndexSchema index : table.indexes()) {
            tableAttributes.add(index.partitionKeyAttribute());
            index.sortKeyAttribute().ifPresent(tableAttributes::add);
        }
        tableAttributes.add(table.entityTypeAttribute());
        table.timeToLiveAttribute().ifPresent(tableAttributes::add);
        for (String name : namesOf(condition)) {
            if (!known.contains(name) && !tableAttributes.contains(name)) {
                String types = entities.stream().map(EntitySchema::type).collect(Collectors.joining(" or "));
                String closest = ClosestName.among(name, known).map(c -> "did you mean '" + c + "'? ").orElse("");
                throw new ValidationException(what + ": the " + role + " " + condition + " names '" + name + "', which is not an "
                        + "attribute of " + types + " (built from another entity's attribute, or a misspelt name); " + closest
                        + "use the attributes of " + types + ": " + known + ", or the table's " + tableAttributes);
            }
        }
    }
}
