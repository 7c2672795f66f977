package dev.singletable;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * An entity without a Java class of its own: its entity type name and its attribute values by
 * name. Entities declared as data (a schema file loaded by {@code singletable-schema}, or an
 * {@code EntitySchema<DynamicItem>} built by hand) read and write these; every operation of
 * {@link Table} takes them like any entity: the table finds the entity type by
 * {@link #entityType()} rather than by class.
 *
 * <p>Immutable; values are the Java types of the attributes' {@link AttributeType}s ({@code String},
 * {@code Long}, {@code BigDecimal}, {@code Instant}, {@code Set<String>}...), checked against the
 * entity's attribute types when the item is written.
 *
 * <pre>{@code
 * DynamicItem post = DynamicItem.builder("Post")
 *         .set("username", "alice").set("postId", "P1").set("title", "Hello").set("published", true)
 *         .build();
 * table.create(post);
 * DynamicItem read = table.get(POST, KeyValues.of("username", "alice").and("postId", "P1")).orElseThrow();
 * String title = read.getString("title");
 * }</pre>
 */
@Stable
public final class DynamicItem {
    private final String entityType;
    private final Map<String, Object> values;
    private final Map<String, AttributeValue> unmappedAttributes;

    private DynamicItem(Builder builder) {
        this.entityType = builder.entityType;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(builder.values));
        this.unmappedAttributes = Collections.unmodifiableMap(new LinkedHashMap<>(builder.unmappedAttributes));
    }

    /** Starts an item of the named entity type. */
    public static Builder builder(String entityType) {
        return new Builder(entityType);
    }

    /** A builder holding this item's type and values, to derive a changed copy. */
    public Builder toBuilder() {
        Builder builder = new Builder(entityType);
        builder.values.putAll(values);
        builder.unmappedAttributes.putAll(unmappedAttributes);
        return builder;
    }

    /** A copy with one value set (or replaced). */
    public DynamicItem with(String attribute, Object value) {
        NullArgumentException.check("DynamicItem.with", "attribute", attribute, "value", value);
        return toBuilder().set(attribute, value).build();
    }

    /** The entity type this item belongs to, as written to the table's entity-type attribute. */
    public String entityType() {
        return entityType;
    }

    /** The values by attribute name, in the order they were set; absent attributes are not in it. */
    public Map<String, Object> values() {
        return values;
    }

    /** The item's attributes that no attribute of its entity maps (its attribute bag); empty when none. */
    public Map<String, AttributeValue> unmappedAttributes() {
        return unmappedAttributes;
    }

    /** True when the attribute has a value. */
    public boolean has(String attribute) {
        NullArgumentException.check("DynamicItem.has", "attribute", attribute);
        return values.containsKey(attribute);
    }

    /** The attribute's value, if it has one. */
    public Optional<Object> find(String attribute) {
        NullArgumentException.check("DynamicItem.find", "attribute", attribute);
        return Optional.ofNullable(values.get(attribute));
    }

    /**
     * The attribute's value as the given type, if it has one.
     *
     * @throws ValidationException when the value is of another type
     */
    public <V> Optional<V> find(String attribute, Class<V> type) {
        NullArgumentException.check("DynamicItem.find", "attribute", attribute, "type", type);
        Object value = values.get(attribute);
        if (value == null) {
            return Optional.empty();
        }
        if (!type.isInstance(value)) {
            throw new ValidationException(entityType + "." + attribute + ": the value " + value + " is "
                    + IndefiniteArticle.before(value.getClass().getSimpleName()) + ", not " + IndefiniteArticle.before(type.getSimpleName())
                    + "; read it with the getter of its attribute type");
        }
        return Optional.of(type.cast(value));
    }

    /**
     * The attribute's value as the given type.
     *
     * @throws ValidationException when the attribute has no value, or a value of another type
     */
    public <V> V get(String attribute, Class<V> type) {
        NullArgumentException.check("DynamicItem.get", "attribute", attribute, "type", type);
        return find(attribute, type).orElseThrow(() -> new ValidationException(entityType + "." + attribute
                + " has no value" + (values.isEmpty() ? "" : "; the item has " + values.keySet())
                + "; check has(\"" + attribute + "\") or use find(\"" + attribute + "\", ...) for an optional attribute"));
    }

    /** A {@code string} attribute. @throws ValidationException when absent or of another type */
    public String getString(String attribute) {
        return get(attribute, String.class);
    }

    /** A {@code long} attribute. @throws ValidationException when absent or of another type */
    public Long getLong(String attribute) {
        return get(attribute, Long.class);
    }

    /** An {@code integer} attribute. @throws ValidationException when absent or of another type */
    public Integer getInteger(String attribute) {
        return get(attribute, Integer.class);
    }

    /** A {@code decimal} attribute. @throws ValidationException when absent or of another type */
    public BigDecimal getDecimal(String attribute) {
        return get(attribute, BigDecimal.class);
    }

    /** A {@code boolean} attribute. @throws ValidationException when absent or of another type */
    public Boolean getBoolean(String attribute) {
        return get(attribute, Boolean.class);
    }

    /** An {@code instant} or {@code epochSeconds} attribute. @throws ValidationException when absent or of another type */
    public Instant getInstant(String attribute) {
        return get(attribute, Instant.class);
    }

    /** A {@code date} attribute. @throws ValidationException when absent or of another type */
    public LocalDate getDate(String attribute) {
        return get(attribute, LocalDate.class);
    }

    /** A {@code uuid} attribute. @throws ValidationException when absent or of another type */
    public UUID getUuid(String attribute) {
        return get(attribute, UUID.class);
    }

    /** A {@code binary} attribute, as a copy. @throws ValidationException when absent or of another type */
    public byte[] getBytes(String attribute) {
        return get(attribute, byte[].class).clone();
    }

    /** A {@code stringSet} attribute. @throws ValidationException when absent or of another type */
    @SuppressWarnings("unchecked")
    public Set<String> getStringSet(String attribute) {
        return get(attribute, Set.class);
    }

    /** A {@code stringList} attribute. @throws ValidationException when absent or of another type */
    @SuppressWarnings("unchecked")
    public List<String> getStringList(String attribute) {
        return get(attribute, List.class);
    }

    /** A {@code stringMap} attribute. @throws ValidationException when absent or of another type */
    @SuppressWarnings("unchecked")
    public Map<String, String> getStringMap(String attribute) {
        return get(attribute, Map.class);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DynamicItem other) || !other.entityType.equals(entityType)
                || !other.values.keySet().equals(values.keySet()) || !other.unmappedAttributes.equals(unmappedAttributes)) {
            return false;
        }
        for (Map.Entry<String, Object> entry : values.entrySet()) {
            if (!Objects.deepEquals(entry.getValue(), other.values.get(entry.getKey()))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = entityType.hashCode() * 31 + unmappedAttributes.hashCode();
        for (Map.Entry<String, Object> entry : values.entrySet()) {
            Object value = entry.getValue();
            hash += entry.getKey().hashCode() ^ (value instanceof byte[] bytes ? Arrays.hashCode(bytes) : value.hashCode());
        }
        return hash;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(entityType).append('{');
        String separator = "";
        for (Map.Entry<String, Object> entry : values.entrySet()) {
            Object value = entry.getValue();
            text.append(separator).append(entry.getKey()).append('=')
                    .append(value instanceof byte[] bytes ? "<" + bytes.length + " bytes>" : value);
            separator = ", ";
        }
        if (!unmappedAttributes.isEmpty()) {
            text.append(separator).append("unmapped=").append(unmappedAttributes.keySet());
        }
        return text.append('}').toString();
    }

    /** Builds a {@link DynamicItem}. */
    public static final class Builder {
        private final String entityType;
        private final Map<String, Object> values = new LinkedHashMap<>();
        private final Map<String, AttributeValue> unmappedAttributes = new LinkedHashMap<>();

        private Builder(String entityType) {
            NullArgumentException.check("DynamicItem.builder", "entityType", entityType);
            if (entityType.isBlank()) {
                throw new ValidationException("A DynamicItem needs its entity type name, such as DynamicItem.builder(\"Order\"); got "
                        + "a blank name");
            }
            this.entityType = entityType;
        }

        /**
         * Sets an attribute's value. Sets, lists, maps and byte arrays are copied. A null value is
         * refused: {@link #remove(String)} leaves an attribute absent.
         */
        public Builder set(String attribute, Object value) {
            NullArgumentException.check("DynamicItem.Builder.set", "attribute", attribute);
            if (value == null) {
                throw new NullArgumentException("DynamicItem.Builder.set", "value", "use remove(\"" + attribute + "\") for an absent "
                        + attribute);
            }
            if (attribute.isEmpty()) {
                throw new ValidationException(entityType + ": an attribute name cannot be empty");
            }
            values.put(attribute, copyOf(value));
            return this;
        }

        /** Sets every entry of the map, as {@link #set} does. */
        public Builder setAll(Map<String, ?> values) {
            NullArgumentException.check("DynamicItem.Builder.setAll", "values", values);
            values.forEach(this::set);
            return this;
        }

        /** Removes an attribute's value. */
        public Builder remove(String attribute) {
            NullArgumentException.check("DynamicItem.Builder.remove", "attribute", attribute);
            values.remove(attribute);
            return this;
        }

        /** The attributes no attribute of the entity maps, written as they are (an attribute bag). */
        public Builder unmappedAttributes(Map<String, AttributeValue> attributes) {
            unmappedAttributes.clear();
            NullArgumentException.check("DynamicItem.Builder.unmappedAttributes", "attributes", attributes);
            unmappedAttributes.putAll(attributes);
            return this;
        }

        public DynamicItem build() {
            return new DynamicItem(this);
        }

        private static Object copyOf(Object value) {
            if (value instanceof byte[] bytes) {
                return bytes.clone();
            }
            if (value instanceof Set<?> set) {
                return Collections.unmodifiableSet(new java.util.LinkedHashSet<>(set));
            }
            if (value instanceof List<?> list) {
                return Collections.unmodifiableList(new java.util.ArrayList<>(list));
            }
            if (value instanceof Map<?, ?> map) {
                return Collections.unmodifiableMap(new LinkedHashMap<>(map));
            }
            return value;
        }
    }
}
