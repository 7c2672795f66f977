package dev.singletable;


import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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
public final class Attribute<T, V> implements DocumentPath<T, V> {
    private final String name;
    private final AttributeType<V> type;
    private final Function<? super T, ? extends V> accessor;
    private final boolean required;
    private final boolean nullable;
    /** The value written for null and read for an absent attribute; null when none is declared. */
    private final V defaultValue;
    private final List<AttributeRule> rules;

    private Attribute(String name, AttributeType<V> type, Function<? super T, ? extends V> accessor, boolean required) {
        this(name, type, accessor, required, false, null, List.of());
    }

    private Attribute(String name, AttributeType<V> type, Function<? super T, ? extends V> accessor, boolean required,
                      boolean nullable, V defaultValue, List<AttributeRule> rules) {
        this.name = Objects.requireNonNull(name, "name");
        this.type = Objects.requireNonNull(type, "type");
        this.accessor = Objects.requireNonNull(accessor, "accessor");
        this.required = required;
        this.nullable = nullable;
        this.defaultValue = defaultValue;
        this.rules = rules;
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
     * An attribute of the entity's {@linkplain EntitySchema#attributeBag() attribute bag}, one it does not declare, for
     * updates and conditions: its values are read and written as {@link AttributeTypes#DOCUMENT_VALUE} (a String as S, a
     * Number as N, a Boolean as BOOL, a List as L, a Map as M...). An update refuses it where the name is one the table
     * writes itself (a key attribute of the table or of an index, the entity-type attribute).
     *
     * <pre>{@code
     * EntitySchema<DynamicItem> product = design.entity("Product");              // attributeBag: true
     * table.update(product, key, u -> u.set(Attribute.inBag(product, "color"), "green")
     *                                  .remove(Attribute.inBag(product, "legacyCode")));
     * // UpdateExpression: SET #color = :v0 REMOVE #legacyCode
     * }</pre>
     *
     * @throws ValidationException when the entity keeps no attribute bag, or declares the name (as an attribute, or a
     *         read-only one)
     */
    @Experimental
    public static <T> Attribute<T, Object> inBag(EntitySchema<T> entity, String name) {
        NullArgumentException.check("Attribute.inBag", "entity", entity, "name", name);
        String type = entity.type();
        Optional<Function<? super T, Map<String, AttributeValue>>> bag = entity.attributeBag();
        boolean declared = entity.attribute(name).isPresent();
        boolean readOnly = entity.readOnlyAttributes().contains(name);
        if (bag.isEmpty()) {
            throw new ValidationException(type + ": '" + name + "' cannot be an attribute of its attribute bag, as " + type
                    + " keeps none; declare " + name + " as an attribute of " + type + ", or give " + type + " an attribute bag "
                    + "(attributeBag: true in a schema file, Builder.attributeBag in Java)");
        }
        if (name.isEmpty() || declared || readOnly) {
            throw new ValidationException(type + ": '" + name + "' cannot be an attribute of its attribute bag: "
                    + (name.isEmpty() ? "DynamoDB refuses an empty attribute name"
                    : declared ? type + " declares " + name + "; use attribute(\"" + name + "\")"
                    : name + " is a read-only attribute of " + type + ", which " + type + " never writes"));
        }
        Function<? super T, Map<String, AttributeValue>> accessor = bag.get();
        return Attribute.of(name, AttributeTypes.DOCUMENT_VALUE, item -> {
            Map<String, AttributeValue> held = accessor.apply(item);
            AttributeValue value = held == null ? null : held.get(name);
            return value == null ? null : AttributeTypes.DOCUMENT_VALUE.fromAttributeValue(value);
        });
    }

    /**
     * An attribute that must have a value: writing null fails before any request, and reading an
     * item without it fails naming the entity and attribute. Use it for primitives and key slots.
     */
    public static <T, V> Attribute<T, V> required(String name, AttributeType<V> type, Function<? super T, ? extends V> accessor) {
        NullArgumentException.check("Attribute.required", "name", name, "type", type, "accessor", accessor);
        return new Attribute<>(name, type, accessor, true);
    }

    /**
     * This attribute, nullable: a null value is written as DynamoDB's NULL ({@code {"NULL": true}}) rather than left
     * out, so that the item says "known to be empty" where an absent attribute says "never set" (conditions such as
     * {@code attribute_exists} see the difference, and a {@link #withDefault default} fills only absent attributes).
     * Both read as null. {@link Update#set(DocumentPath, Object)} accepts null for it and writes NULL.
     *
     * <pre>{@code
     * static final Attribute<User, String> MIDDLE_NAME = Attribute.of("middleName", AttributeTypes.STRING, User::middleName).nullable();
     * }</pre>
     *
     * @throws SchemaDefinitionException for a required attribute, which cannot be null
     */
    @Experimental
    public Attribute<T, V> nullable() {
        if (required) {
            throw new SchemaDefinitionException("Attribute '" + name + "' is required and cannot be nullable; declare it with "
                    + "Attribute.of(...) to allow null");
        }
        return new Attribute<>(name, type, accessor, required, true, defaultValue, rules);
    }

    /**
     * This attribute with a default: a null value is written as {@code value} (unless the attribute is {@link #nullable},
     * whose null is written as NULL), and an item without the attribute (written before it existed, or by another
     * tool) reads it as {@code value}. A stored NULL reads as null when the attribute is nullable (its null, written by
     * singletable), and as {@code value} otherwise (another tool's NULL, read as the absent attribute it stands for).
     *
     * <pre>{@code
     * static final Attribute<Order, String> CURRENCY = Attribute.of("currency", AttributeTypes.STRING, Order::currency).withDefault("EUR");
     * }</pre>
     *
     * @throws SchemaDefinitionException when the type cannot store the value or the value breaks a declared rule
     */
    @Experimental
    public Attribute<T, V> withDefault(V value) {
        NullArgumentException.check("Attribute.withDefault", "value", value);
        checkDefinition(value, rules, "default value");
        return new Attribute<>(name, type, accessor, required, nullable, value, rules);
    }

    /**
     * This attribute with rules its values must keep (in addition to any declared before): every write that stores
     * a value of it (put, create, replace, update, batch and transaction writes) checks them before any request is
     * sent and refuses a breaking value with a {@link ValidationException} naming entity, attribute, value and rule.
     * Values read are not checked.
     *
     * <pre>{@code
     * static final Attribute<Product, String> SKU = Attribute.required("sku", AttributeTypes.STRING, Product::sku)
     *         .validatedBy(AttributeRule.pattern("[A-Z]{3}-[0-9]{4}"));
     * }</pre>
     *
     * @throws SchemaDefinitionException when the default value breaks one of the rules
     */
    @Experimental
    public Attribute<T, V> validatedBy(AttributeRule... rules) {
        NullArgumentException.check("Attribute.validatedBy", "rules", rules);
        List<AttributeRule> all = new ArrayList<>(this.rules);
        for (AttributeRule rule : rules) {
            all.add(Objects.requireNonNull(rule, "rule"));
        }
        if (defaultValue != null) {
            checkDefinition(defaultValue, all, "default value");
        }
        return new Attribute<>(name, type, accessor, required, nullable, defaultValue, List.copyOf(all));
    }

    private void checkDefinition(V value, List<AttributeRule> with, String what) {
        try {
            type.toAttributeValue(value);
        } catch (IllegalArgumentException | ClassCastException | ArithmeticException e) {
            throw new SchemaDefinitionException("Attribute '" + name + "': the " + what + " " + value + " cannot be stored as "
                    + type.typeName() + " (" + e.getMessage() + "); give a value of the attribute's type");
        }
        for (AttributeRule rule : with) {
            rule.violation(value).ifPresent(broken -> {
                throw new SchemaDefinitionException("Attribute '" + name + "': the " + what + " breaks its " + rule + ": " + broken);
            });
        }
    }

    /** True when a null value is written as DynamoDB's NULL ({@link #nullable()}). */
    @Experimental
    public boolean isNullable() {
        return nullable;
    }

    /** The value written for null and read for an absent attribute ({@link #withDefault}), when one is declared. */
    @Experimental
    public Optional<V> defaultValue() {
        return Optional.ofNullable(defaultValue);
    }

    /** The rules values must keep ({@link #validatedBy}), in the order declared. */
    @Experimental
    public List<AttributeRule> rules() {
        return rules;
    }

    /** True when the attribute is nullable, has a default or has rules: what the plain attribute declarations do not say. */
    @Experimental
    public boolean hasValueOptions() {
        return nullable || defaultValue != null || !rules.isEmpty();
    }

    /**
     * Checks a value to be written against the {@link #rules()}; {@code owner} (the entity or record type) starts the
     * message.
     *
     * <pre>{@code SKU.check("Product", "abc");   // ValidationException: Product.sku: value "abc" does not match ...}</pre>
     *
     * @throws ValidationException naming owner, attribute, value, rule and fix when the value breaks a rule
     */
    @Experimental
    public void check(String owner, Object value) {
        NullArgumentException.check("Attribute.check", "owner", owner, "value", value);
        for (AttributeRule rule : rules) {
            Optional<String> broken = rule.violation(value);
            if (broken.isPresent()) {
                throw ValidationException.ofAttribute(name, owner + "." + name + ": " + broken.get() + " (rule: " + rule + ")");
            }
        }
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

    /** This attribute as a path of one element ({@link AttributePath#of}). */
    @Override
    public AttributePath<T, V> asPath() {
        return AttributePath.of(this);
    }

    /**
     * The path to an attribute of the embedded record this attribute holds, for {@link Update} and {@link Condition}.
     *
     * <pre>{@code u.set(HOME.then(AddressSchema.CITY), "Paris")   // SET #home.#city = :v0}</pre>
     *
     * @throws ValidationException when this attribute does not hold an embedded record with that attribute
     * @see AttributePath#then
     */
    @Override
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
    @Override
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
    @Override
    public <E> AttributePath<T, E> key(String mapKey) {
        NullArgumentException.check("Attribute.key", "mapKey", mapKey);
        return AttributePath.of(this).key(mapKey);
    }

    @Override
    public String toString() {
        return name + ": " + type.typeName() + (required ? " (required)" : "");
    }
}
