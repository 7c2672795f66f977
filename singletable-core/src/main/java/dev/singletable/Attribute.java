package dev.singletable;


import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Function;

/**
 * One stored attribute of an entity: its name in the item, its {@link AttributeType} and the
 * accessor that reads it from the Java object. Declared once per attribute, usually as a
 * constant next to the entity, and used to build the schema, read items and give key values.
 *
 * <pre>{@code
 * static final Attribute<Order, String> CUSTOMER_ID =
 *         Attribute.required("customerId", AttributeTypes.STRING, Order::customerId);
 * static final Attribute<Order, BigDecimal> TOTAL =
 *         Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
 * }</pre>
 *
 * @param <T> the entity's Java type
 * @param <V> the attribute's Java type
 */
@Stable
public final class Attribute<T, V> {
    private final String name;
    private final AttributeType<V> type;
    private final Function<? super T, ? extends V> accessor;
    private final boolean required;

    private Attribute(String name, AttributeType<V> type, Function<? super T, ? extends V> accessor, boolean required) {
        this.name = Objects.requireNonNull(name, "name");
        this.type = Objects.requireNonNull(type, "type");
        this.accessor = Objects.requireNonNull(accessor, "accessor");
        this.required = required;
        if (name.isEmpty()) {
            throw new SchemaDefinitionException("Attribute names cannot be empty");
        }
        if (name.getBytes(StandardCharsets.UTF_8).length > 255) {
            throw new SchemaDefinitionException("Attribute name '" + name.substring(0, 40)
                    + "…' is over 255 bytes, DynamoDB's limit for key and projected attribute names");
        }
    }

    /** An attribute that may be null (or empty): it is then not written, and an absent attribute reads as null. */
    public static <T, V> Attribute<T, V> of(String name, AttributeType<V> type, Function<? super T, ? extends V> accessor) {
        NullArgumentException.check("Attribute.of", "name", name, "type", type, "accessor", accessor);
        return new Attribute<>(name, type, accessor, false);
    }

    /**
     * An attribute that must have a value: writing null fails before any request, and reading an
     * item without it fails naming the entity and attribute. Use it for primitives and key slots.
     */
    public static <T, V> Attribute<T, V> required(String name, AttributeType<V> type, Function<? super T, ? extends V> accessor) {
        NullArgumentException.check("Attribute.required", "name", name, "type", type, "accessor", accessor);
        return new Attribute<>(name, type, accessor, true);
    }

    /** The attribute's name in the item. */
    public String name() {
        return name;
    }

    public AttributeType<V> type() {
        return type;
    }

    public boolean isRequired() {
        return required;
    }

    /** Reads this attribute's value from an entity; may be null for a non-required attribute. */
    public V valueOf(T entity) {
        NullArgumentException.check("Attribute.valueOf", "entity", entity);
        return accessor.apply(entity);
    }

    /**
     * The path to an attribute of the embedded record this attribute holds, for {@link Update} and {@link Condition}.
     *
     * <pre>{@code u.set(HOME.then(AddressSchema.CITY), "Paris")   // SET #home.#city = :v0}</pre>
     *
     * @throws ValidationException when this attribute does not hold an embedded record with that attribute
     * @see AttributePath#then
     */
    public <W> AttributePath<T, W> then(Attribute<V, W> nested) {
        NullArgumentException.check("Attribute.then", "nested", nested);
        return AttributePath.of(this).then(nested);
    }

    /**
     * The path to an element (from 0) of the list this attribute holds; its type is checked when the path is used.
     *
     * <pre>{@code u.remove(TAGS.at(2))   // REMOVE #tags[2]}</pre>
     *
     * @throws ValidationException when the index is negative or this attribute does not hold a list
     * @see AttributePath#at
     */
    public <E> AttributePath<T, E> at(int index) {
        return AttributePath.of(this).at(index);
    }

    /**
     * The path to the value under a key of the map this attribute holds; its type is checked when the path is used.
     *
     * <pre>{@code u.add(COUNTERS.key("views"), 1L)   // SET #counters.#views = if_not_exists(#counters.#views, :v0) + :v1}</pre>
     *
     * @throws ValidationException when the key is empty or this attribute does not hold a map
     * @see AttributePath#key
     */
    public <E> AttributePath<T, E> key(String mapKey) {
        NullArgumentException.check("Attribute.key", "mapKey", mapKey);
        return AttributePath.of(this).key(mapKey);
    }

    @Override
    public String toString() {
        return name + ": " + type.typeName() + (required ? " (required)" : "");
    }
}
