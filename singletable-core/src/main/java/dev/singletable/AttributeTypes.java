package dev.singletable;

import dev.singletable.extension.ItemCodec;
import dev.singletable.internal.kinds.Kind;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The built-in {@link AttributeType}s. Scalars (String, numbers, boolean, Instant, LocalDate,
 * enums, UUID) can also fill key template slots.
 *
 * <table>
 *   <caption>How values are stored</caption>
 *   <tr><th>type</th><th>DynamoDB</th><th>in a key slot</th></tr>
 *   <tr><td>{@link #STRING}</td><td>S</td><td>as is (escaped)</td></tr>
 *   <tr><td>{@link #INTEGER}, {@link #LONG}, {@link #BIG_INTEGER}</td><td>N</td>
 *       <td>plain in a partition key; fixed-width, order-preserving in a sort key or with {@code %0Nd}</td></tr>
 *   <tr><td>{@link #DECIMAL}</td><td>N (at most 38 digits), plain, trailing zeros (the scale) dropped</td><td>plain in a partition key; {@code %0W.Sf} required in a sort key</td></tr>
 *   <tr><td>{@link #BOOLEAN}</td><td>BOOL</td><td>{@code true}/{@code false}</td></tr>
 *   <tr><td>{@link #INSTANT}</td><td>S, ISO-8601</td><td>{@code 2025-05-19T09:00:00.000000000Z} or a date pattern</td></tr>
 *   <tr><td>{@link #EPOCH_SECONDS}</td><td>N, seconds since 1970 (for TTL)</td><td>-</td></tr>
 *   <tr><td>{@link #LOCAL_DATE}</td><td>S, {@code 2025-05-19}</td><td>same, or a date pattern</td></tr>
 *   <tr><td>{@link #enumType(Class)}</td><td>S, the constant's name</td><td>the name</td></tr>
 *   <tr><td>{@link #UUID}</td><td>S</td><td>lower-case canonical form</td></tr>
 *   <tr><td>{@link #BYTES}</td><td>B</td><td>-</td></tr>
 *   <tr><td>{@link #STRING_LIST}, {@link #listOf}</td><td>L</td><td>-</td></tr>
 *   <tr><td>{@link #STRING_SET}</td><td>SS, omitted when empty</td><td>-</td></tr>
 *   <tr><td>{@link #INTEGER_SET}, {@link #LONG_SET}, {@link #BIG_INTEGER_SET}, {@link #DECIMAL_SET}, {@link #setOf} of a number type</td><td>NS, omitted when empty</td><td>-</td></tr>
 *   <tr><td>{@link #BINARY_SET}</td><td>BS, omitted when empty</td><td>-</td></tr>
 *   <tr><td>{@link #DOCUMENT}</td><td>M of any values (NULL for null)</td><td>-</td></tr>
 *   <tr><td>{@link #STRING_MAP}, {@link #mapOf}</td><td>M</td><td>-</td></tr>
 *   <tr><td>{@link #optional}</td><td>as its element; omitted when empty</td><td>-</td></tr>
 * </table>
 *
 * <pre>{@code
 * Attribute<Order, BigDecimal> TOTAL = Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
 * }</pre>
 */
@Stable
public final class AttributeTypes {
    private AttributeTypes() {
    }

    @SuppressWarnings("unchecked")
    private static <V> AttributeType<V> builtIn(Kind kind) {
        return (AttributeType<V>) kind.type();
    }

    public static final AttributeType<String> STRING = builtIn(Kind.STRING);

    public static final AttributeType<Integer> INTEGER = builtIn(Kind.INTEGER);

    public static final AttributeType<Long> LONG = builtIn(Kind.LONG);

    public static final AttributeType<BigInteger> BIG_INTEGER = builtIn(Kind.BIG_INTEGER);

    /**
     * A {@link BigDecimal} stored as N, in plain notation without trailing zeros: {@code 10.50} is stored
     * {@code 10.5}, {@code 1E+2} is stored {@code 100}, {@code 0.0000010} is stored {@code 0.000001}. DynamoDB keeps
     * a number's value, not its scale, so <b>the scale is lost</b>: reading gives the value back with the smallest
     * scale that holds it ({@code 10.5}, {@code 100}), and {@code create}, {@code put} and {@code replace} return the
     * entity with its decimals in that same form, so that what a write returns equals what a read returns. Compare
     * amounts with {@code compareTo}, or {@code setScale(2)} them for display. Decimals inside lists, maps and
     * {@code @Embeddable} values are stored the same way but returned by a write as given. At most 38 significant
     * digits, magnitude from 1E-130 to below 1E+126; other values are refused before sending.
     *
     * <pre>{@code
     * Order written = table.create(new Order("C1", "O1", new BigDecimal("10.50")));
     * written.total();                                            // 10.5, as table.get(...) returns it
     * }</pre>
     */
    public static final AttributeType<BigDecimal> DECIMAL = builtIn(Kind.DECIMAL);

    public static final AttributeType<Boolean> BOOLEAN = builtIn(Kind.BOOLEAN);

    public static final AttributeType<Instant> INSTANT = builtIn(Kind.INSTANT);

    /** An {@link Instant} stored as a Number of whole seconds since 1970, the form DynamoDB's TTL reads. */
    public static final AttributeType<Instant> EPOCH_SECONDS = builtIn(Kind.EPOCH_SECONDS);

    public static final AttributeType<LocalDate> LOCAL_DATE = builtIn(Kind.LOCAL_DATE);

    public static final AttributeType<UUID> UUID = builtIn(Kind.UUID);

    public static final AttributeType<byte[]> BYTES = builtIn(Kind.BYTES);

    /** A set of strings, stored as SS; an empty set is not written and an absent one reads as empty. */
    public static final AttributeType<Set<String>> STRING_SET = builtIn(Kind.STRING_SET);

    /**
     * A set of integers stored as NS (DynamoDB's number set); an empty set is not written and an absent one reads as empty.
     *
     * <pre>{@code Attribute.of("sizes", AttributeTypes.INTEGER_SET, Shoe::sizes)   // {"sizes": {"NS": ["41", "42"]}}}</pre>
     */
    @Experimental
    public static final AttributeType<Set<Integer>> INTEGER_SET = builtIn(Kind.INTEGER_SET);

    /** A set of longs stored as NS, as {@link #INTEGER_SET}. */
    @Experimental
    public static final AttributeType<Set<Long>> LONG_SET = builtIn(Kind.LONG_SET);

    /** A set of big integers stored as NS, as {@link #INTEGER_SET}. */
    @Experimental
    public static final AttributeType<Set<BigInteger>> BIG_INTEGER_SET = builtIn(Kind.BIG_INTEGER_SET);

    /**
     * A set of decimals stored as NS, as {@link #INTEGER_SET}; elements read back as {@link #DECIMAL} reads them
     * ({@code 10.50} as {@code 10.5}), and two elements that are one number ({@code 1.0}, {@code 1.00}) are stored once.
     */
    @Experimental
    public static final AttributeType<Set<BigDecimal>> DECIMAL_SET = builtIn(Kind.DECIMAL_SET);

    /**
     * A set of binaries stored as BS; an empty set is not written and an absent one reads as empty. Elements are
     * {@link java.nio.ByteBuffer}s (their remaining bytes are written), which compare by content as set elements must;
     * they read back read-only.
     *
     * <pre>{@code Attribute.of("keys", AttributeTypes.BINARY_SET, Device::keys)   // Set.of(ByteBuffer.wrap(bytes))}</pre>
     */
    @Experimental
    public static final AttributeType<Set<java.nio.ByteBuffer>> BINARY_SET = builtIn(Kind.BINARY_SET);

    /**
     * Any stored value, read as plain Java: S as String, N as BigDecimal (as {@link #DECIMAL} reads it), BOOL as
     * Boolean, NULL as null, B as byte[], L as List, M as Map&lt;String, Object&gt;, SS as Set&lt;String&gt;, NS as
     * Set&lt;BigDecimal&gt;, BS as Set&lt;ByteBuffer&gt;. Writing takes these and any Number (an Integer is stored as N
     * and reads back as a BigDecimal). The element type of {@code listOf(DOCUMENT_VALUE)} for a free-form list.
     *
     * <pre>{@code Attribute.of("extras", AttributeTypes.listOf(AttributeTypes.DOCUMENT_VALUE), Event::extras)}</pre>
     */
    @Experimental
    public static final AttributeType<Object> DOCUMENT_VALUE = builtIn(Kind.DOCUMENT_VALUE);

    /**
     * A free-form document stored as M: a {@code Map<String, Object>} of the values {@link #DOCUMENT_VALUE} lists,
     * nested to any depth; a null value is stored as DynamoDB's NULL and reads back as null, so a document written
     * with normalised numbers ({@code BigDecimal}s as {@link #DECIMAL} reads them) reads back equal. An absent
     * document reads as null.
     *
     * <pre>{@code
     * Attribute<Event, Map<String, Object>> PAYLOAD = Attribute.of("payload", AttributeTypes.DOCUMENT, Event::payload);
     * Map<String, Object> payload = new LinkedHashMap<>();
     * payload.put("user", Map.of("id", "U1", "roles", List.of("admin")));
     * payload.put("retries", new BigDecimal("3"));
     * payload.put("parent", null);                      // stored as {"NULL": true}
     * }</pre>
     */
    @Experimental
    public static final AttributeType<Map<String, Object>> DOCUMENT = builtIn(Kind.DOCUMENT);

    public static final AttributeType<List<String>> STRING_LIST = builtIn(Kind.STRING_LIST);

    public static final AttributeType<Map<String, String>> STRING_MAP = builtIn(Kind.STRING_MAP);

    /**
     * The built-in type of a scalar class, the same instance as its constant here: what generated code and schema files
     * use for a scalar kind that has no constant of its own.
     *
     * <pre>{@code
     * AttributeTypes.scalar(LocalDate.class) == AttributeTypes.LOCAL_DATE      // true
     * }</pre>
     *
     * @throws SchemaDefinitionException naming the scalar classes when {@code type} is none of them
     */
    @Experimental
    public static <V> AttributeType<V> scalar(Class<V> type) {
        NullArgumentException.check("AttributeTypes.scalar", "type", type);
        try {
            return Kind.scalarType(type);
        } catch (IllegalArgumentException e) {
            throw new SchemaDefinitionException(e.getMessage());
        }
    }

    /** An enum stored by its constant's name. */
    public static <E extends Enum<E>> AttributeType<E> enumType(Class<E> type) {
        NullArgumentException.check("AttributeTypes.enumType", "type", type);
        return Kind.enumType(type, type.getEnumConstants());
    }

    /**
     * An enum stored by its constant's name, read from the constants given: no reflective lookup at
     * run time (what the annotation processor generates), and the widest name bounds the item size.
     *
     * <pre>{@code AttributeTypes.enumType(OrderStatus.class, OrderStatus.values())}</pre>
     *
     * @throws IllegalArgumentException when a constant is not of that enum
     */
    public static <E extends Enum<E>> AttributeType<E> enumType(Class<E> type, E[] constants) {
        NullArgumentException.check("AttributeTypes.enumType", "type", type, "constants", constants);
        return Kind.enumType(type, constants.clone());
    }

    /** A list stored as L; an absent list reads as empty. Elements may not be null. */
    public static <E> AttributeType<List<E>> listOf(AttributeType<E> element) {
        NullArgumentException.check("AttributeTypes.listOf", "element", element);
        return Kind.listOf(java.util.Objects.requireNonNull(element, "element"));
    }

    /** A map with String keys stored as M; an absent map reads as empty. Values may not be null. */
    public static <E> AttributeType<Map<String, E>> mapOf(AttributeType<E> element) {
        NullArgumentException.check("AttributeTypes.mapOf", "element", element);
        return Kind.mapOf(java.util.Objects.requireNonNull(element, "element"));
    }

    /** An {@code Optional} attribute: stored as its element when present, not written when empty. */
    public static <E> AttributeType<Optional<E>> optional(AttributeType<E> element) {
        NullArgumentException.check("AttributeTypes.optional", "element", element);
        return new OptionalType<>(element);
    }

    /**
     * A set: of a number type ({@link #INTEGER}, {@link #LONG}, {@link #BIG_INTEGER}, {@link #DECIMAL}) stored as NS,
     * as {@link #INTEGER_SET}; of any other element type stored as L (DynamoDB's own sets hold only strings, numbers and binaries), order kept (for strings prefer {@link #STRING_SET}, stored as SS). An empty set is not
     * written and an absent set reads as empty. A number set also reads items that hold the numbers as L, as sets of
     * numbers were stored before.
     *
     * <pre>{@code AttributeTypes.setOf(AttributeTypes.LONG)   // {"NS": ["1", "2"]}}</pre>
     */
    public static <E> AttributeType<Set<E>> setOf(AttributeType<E> element) {
        NullArgumentException.check("AttributeTypes.setOf", "element", element);
        Optional<AttributeType<Set<E>>> numbers = Kind.numberSetOf(element);
        if (numbers.isPresent()) {
            return numbers.get();
        }
        AttributeType<List<E>> list = listOf(element);
        return new AttributeType<>() {
            @Override
            public String typeName() {
                return "Set<" + element.typeName() + ">";
            }

            @Override
            public AttributeValue toAttributeValue(Set<E> value) {
                return list.toAttributeValue(new ArrayList<>(value));
            }

            @Override
            public Set<E> fromAttributeValue(AttributeValue value) {
                return Collections.unmodifiableSet(new LinkedHashSet<>(list.fromAttributeValue(value)));
            }

            @Override
            public boolean isOmitted(Set<E> value) {
                return value.isEmpty();
            }

            @Override
            public Optional<Set<E>> valueWhenAbsent() {
                return Optional.of(Set.of());
            }
        };
    }

    /**
     * A value object (typically a record) stored as M, one entry per attribute, with the same
     * rules as an entity's attributes: null values of optional attributes are not written, required
     * ones must be present. Generated code builds it from the nested type's attributes.
     *
     * <pre>{@code
     * static final Attribute<Address, String> STREET = Attribute.of("street", AttributeTypes.STRING, Address::street);
     * static final Attribute<Address, String> CITY = Attribute.required("city", AttributeTypes.STRING, Address::city);
     * static final AttributeType<Address> ADDRESS = AttributeTypes.object(Address.class, List.of(STREET, CITY),
     *         item -> new Address(item.get(STREET), item.get(CITY)));
     * }</pre>
     *
     * @throws SchemaDefinitionException when two attributes share a name
     */
    public static <V> AttributeType<V> object(Class<V> type, List<Attribute<V, ?>> attributes, java.util.function.Function<ItemReader, V> factory) {
        NullArgumentException.check("AttributeTypes.object", "type", type, "attributes", attributes, "factory", factory);
        return Kind.objectType(type.getSimpleName(), attributes, factory, Optional.empty());
    }

    /**
     * A value object stored as M, as {@link #object(Class, List, java.util.function.Function)}, named {@code typeName}
     * in messages and paths rather than by its class: for records whose Java class is shared by several record types,
     * as a schema file's embedded records are all {@link DynamicItem}s.
     *
     * <pre>{@code
     * AttributeType<DynamicItem> ADDRESS = AttributeTypes.object("Address", DynamicItem.class, List.of(STREET, CITY),
     *         reader -> DynamicItem.builder("Address").set("street", reader.get(STREET)).set("city", reader.get(CITY)).build());
     * }</pre>
     *
     * @throws SchemaDefinitionException when two attributes share a name, or there are none
     */
    public static <V> AttributeType<V> object(String typeName, Class<V> type, List<Attribute<V, ?>> attributes,
                                              java.util.function.Function<ItemReader, V> factory) {
        NullArgumentException.check("AttributeTypes.object", "typeName", typeName, "type", type, "attributes", attributes, "factory", factory);
        return Kind.objectType(typeName, attributes, factory, Optional.empty());
    }

    /**
     * A value object stored as M, written and read by straight-line code, as the annotation processor
     * generates it for an {@code @Embeddable}; the attributes and factory stay the reference, as for
     * {@link EntitySchema.Builder#codec(ItemCodec)}: when the codec throws, the value is stored or read
     * through them again, whose errors name the attribute and value.
     *
     * <pre>{@code
     * static final AttributeType<Address> TYPE = AttributeTypes.object(Address.class, List.of(STREET, CITY), CODEC, CODEC);
     * }</pre>
     */
    public static <V> AttributeType<V> object(Class<V> type, List<Attribute<V, ?>> attributes, java.util.function.Function<ItemReader, V> factory,
                                              ItemCodec<V> codec) {
        NullArgumentException.check("AttributeTypes.object", "type", type, "attributes", attributes, "factory", factory, "codec", codec);
        return Kind.objectType(type.getSimpleName(), attributes, factory, Optional.of(java.util.Objects.requireNonNull(codec, "codec")));
    }

    /**
     * A type stored by two functions of your own, such as the static to/from methods of a
     * {@code @Convert} attribute. Functions throw {@link IllegalArgumentException} for values they cannot convert.
     *
     * <pre>{@code
     * AttributeType<Money> MONEY = AttributeTypes.custom("Money", m -> AttributeValue.fromN(m.cents() + ""),
     *         v -> new Money(Long.parseLong(v.n())));
     * }</pre>
     */
    public static <V> AttributeType<V> custom(String typeName, java.util.function.Function<? super V, AttributeValue> to,
                                              java.util.function.Function<AttributeValue, ? extends V> from) {
        NullArgumentException.check("AttributeTypes.custom", "typeName", typeName, "to", to, "from", from);
        java.util.Objects.requireNonNull(to, "to");
        java.util.Objects.requireNonNull(from, "from");
        return new AttributeType<>() {
            @Override
            public String typeName() {
                return typeName;
            }

            @Override
            public AttributeValue toAttributeValue(V value) {
                AttributeValue converted = to.apply(value);
                if (converted == null) {
                    throw new IllegalArgumentException("the converter to " + typeName + " returned null");
                }
                return converted;
            }

            @Override
            public V fromAttributeValue(AttributeValue value) {
                return from.apply(value);
            }
        };
    }

    /**
     * The type, except that empty values (an empty string, collection or map) are not written, as
     * for null. An absent attribute still reads as the type's absent value (null for a string).
     *
     * <pre>{@code Attribute.of("nickname", AttributeTypes.omitEmpty(AttributeTypes.STRING), User::nickname)}</pre>
     */
    public static <V> AttributeType<V> omitEmpty(AttributeType<V> type) {
        NullArgumentException.check("AttributeTypes.omitEmpty", "type", type);
        return new OmitEmptyType<>(type);
    }

    /** True when values of the type can fill a key template slot. */
    public static boolean isKeyable(AttributeType<?> type) {
        NullArgumentException.check("AttributeTypes.isKeyable", "type", type);
        return Kind.isKeyable(type);
    }

    /** The type a value of {@code type} is stored as, seen through {@link #optional} and {@link #omitEmpty}: what a path goes into. */
    static AttributeType<?> storedShape(AttributeType<?> type) {
        AttributeType<?> shape = type;
        while (true) {
            if (shape instanceof OptionalType<?> optional) {
                shape = optional.element;
            } else if (shape instanceof OmitEmptyType<?> omitEmpty) {
                shape = omitEmpty.type;
            } else {
                return shape;
            }
        }
    }

    private static final class OptionalType<E> implements AttributeType<Optional<E>> {
        private final AttributeType<E> element;

        OptionalType(AttributeType<E> element) {
            this.element = element;
        }

        @Override
        public String typeName() {
            return "Optional<" + element.typeName() + ">";
        }

        @Override
        public AttributeValue toAttributeValue(Optional<E> value) {
            return element.toAttributeValue(value.orElseThrow());
        }

        @Override
        public Optional<E> fromAttributeValue(AttributeValue value) {
            return Optional.of(element.fromAttributeValue(value));
        }

        @Override
        public boolean isOmitted(Optional<E> value) {
            return value.isEmpty();
        }

        @Override
        public Optional<Optional<E>> valueWhenAbsent() {
            return Optional.of(Optional.empty());
        }
    }

    private static final class OmitEmptyType<V> implements AttributeType<V> {
        private final AttributeType<V> type;

        OmitEmptyType(AttributeType<V> type) {
            this.type = type;
        }

        @Override
        public String typeName() {
            return type.typeName();
        }

        @Override
        public AttributeValue toAttributeValue(V value) {
            return type.toAttributeValue(value);
        }

        @Override
        public V fromAttributeValue(AttributeValue value) {
            return type.fromAttributeValue(value);
        }

        @Override
        public boolean isOmitted(V value) {
            return type.isOmitted(value)
                    || value instanceof CharSequence text && text.length() == 0
                    || value instanceof java.util.Collection<?> collection && collection.isEmpty()
                    || value instanceof Map<?, ?> map && map.isEmpty()
                    || value instanceof byte[] bytes && bytes.length == 0;
        }

        @Override
        public Optional<V> valueWhenAbsent() {
            return type.valueWhenAbsent();
        }
    }
}
