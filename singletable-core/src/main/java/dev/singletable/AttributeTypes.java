package dev.singletable;

import dev.singletable.internal.codec.ObjectType;
import dev.singletable.internal.codec.ScalarType;
import dev.singletable.internal.keys.KeyableType;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
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
 *   <tr><td>{@link #DECIMAL}</td><td>N (at most 38 digits)</td><td>plain in a partition key; {@code %0W.Sf} required in a sort key</td></tr>
 *   <tr><td>{@link #BOOLEAN}</td><td>BOOL</td><td>{@code true}/{@code false}</td></tr>
 *   <tr><td>{@link #INSTANT}</td><td>S, ISO-8601</td><td>{@code 2025-05-19T09:00:00.000000000Z} or a date pattern</td></tr>
 *   <tr><td>{@link #EPOCH_SECONDS}</td><td>N, seconds since 1970 (for TTL)</td><td>-</td></tr>
 *   <tr><td>{@link #LOCAL_DATE}</td><td>S, {@code 2025-05-19}</td><td>same, or a date pattern</td></tr>
 *   <tr><td>{@link #enumType(Class)}</td><td>S, the constant's name</td><td>the name</td></tr>
 *   <tr><td>{@link #UUID}</td><td>S</td><td>lower-case canonical form</td></tr>
 *   <tr><td>{@link #BYTES}</td><td>B</td><td>-</td></tr>
 *   <tr><td>{@link #STRING_LIST}, {@link #listOf}</td><td>L</td><td>-</td></tr>
 *   <tr><td>{@link #STRING_SET}</td><td>SS, omitted when empty</td><td>-</td></tr>
 *   <tr><td>{@link #STRING_MAP}, {@link #mapOf}</td><td>M</td><td>-</td></tr>
 *   <tr><td>{@link #optional}</td><td>as its element; omitted when empty</td><td>-</td></tr>
 * </table>
 *
 * <pre>{@code
 * Attribute<Order, BigDecimal> TOTAL = Attribute.of("total", AttributeTypes.DECIMAL, Order::total);
 * }</pre>
 */
public final class AttributeTypes {
    private AttributeTypes() {
    }

    public static final AttributeType<String> STRING = ScalarType.of("String", ScalarType.STRING);

    public static final AttributeType<Integer> INTEGER = ScalarType.of("Integer", ScalarType.INTEGER);

    public static final AttributeType<Long> LONG = ScalarType.of("Long", ScalarType.LONG);

    public static final AttributeType<BigInteger> BIG_INTEGER = ScalarType.of("BigInteger", ScalarType.BIG_INTEGER);

    public static final AttributeType<BigDecimal> DECIMAL = ScalarType.of("BigDecimal", ScalarType.DECIMAL);

    public static final AttributeType<Boolean> BOOLEAN = ScalarType.of("Boolean", ScalarType.BOOLEAN);

    public static final AttributeType<Instant> INSTANT = ScalarType.of("Instant", ScalarType.INSTANT);

    /** An {@link Instant} stored as a Number of whole seconds since 1970, the form DynamoDB's TTL reads. */
    public static final AttributeType<Instant> EPOCH_SECONDS = new AttributeType<>() {
        @Override
        public String typeName() {
            return "Instant (epoch seconds)";
        }

        @Override
        public AttributeValue toAttributeValue(Instant value) {
            if (value.getNano() != 0) {
                throw new IllegalArgumentException("instant " + value + " has a fraction of a second; epoch-seconds "
                        + "attributes hold whole seconds: truncate it (instant.truncatedTo(ChronoUnit.SECONDS))");
            }
            return AttributeValue.fromN(Long.toString(value.getEpochSecond()));
        }

        @Override
        public Instant fromAttributeValue(AttributeValue value) {
            String text = ScalarType.n(value);
            long seconds;
            try {
                seconds = Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw ScalarType.doesNotFit(text, "epoch seconds", e);
            }
            return Instant.ofEpochSecond(seconds);
        }
    };

    public static final AttributeType<LocalDate> LOCAL_DATE = ScalarType.of("LocalDate", ScalarType.LOCAL_DATE);

    public static final AttributeType<UUID> UUID = ScalarType.of("UUID", ScalarType.UUID);

    public static final AttributeType<byte[]> BYTES = new AttributeType<>() {
        @Override
        public String typeName() {
            return "byte[]";
        }

        @Override
        public AttributeValue toAttributeValue(byte[] value) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(value));
        }

        @Override
        public byte[] fromAttributeValue(AttributeValue value) {
            if (value.b() == null) {
                throw ScalarType.wrongShape("Binary (B)", value);
            }
            return value.b().asByteArray();
        }
    };

    /** A set of strings, stored as SS; an empty set is not written and an absent one reads as empty. */
    public static final AttributeType<Set<String>> STRING_SET = new AttributeType<>() {
        @Override
        public String typeName() {
            return "Set<String>";
        }

        @Override
        public AttributeValue toAttributeValue(Set<String> value) {
            for (String element : value) {
                if (element == null) {
                    throw new IllegalArgumentException("the set contains null; DynamoDB sets hold only values");
                }
            }
            return AttributeValue.fromSs(List.copyOf(value));
        }

        @Override
        public Set<String> fromAttributeValue(AttributeValue value) {
            if (!value.hasSs()) {
                throw ScalarType.wrongShape("a String Set (SS)", value);
            }
            return Collections.unmodifiableSet(new LinkedHashSet<>(value.ss()));
        }

        @Override
        public boolean isOmitted(Set<String> value) {
            return value.isEmpty();
        }

        @Override
        public Optional<Set<String>> valueWhenAbsent() {
            return Optional.of(Set.of());
        }
    };

    public static final AttributeType<List<String>> STRING_LIST = listOf(STRING);

    public static final AttributeType<Map<String, String>> STRING_MAP = mapOf(STRING);

    /** An enum stored by its constant's name. */
    public static <E extends Enum<E>> AttributeType<E> enumType(Class<E> type) {
        return ScalarType.enumType(type);
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
        return ScalarType.enumType(type, constants);
    }

    /** A list stored as L; an absent list reads as empty. Elements may not be null. */
    public static <E> AttributeType<List<E>> listOf(AttributeType<E> element) {
        return new AttributeType<>() {
            @Override
            public String typeName() {
                return "List<" + element.typeName() + ">";
            }

            @Override
            public AttributeValue toAttributeValue(List<E> value) {
                List<AttributeValue> values = new ArrayList<>(value.size());
                for (int i = 0; i < value.size(); i++) {
                    E e = value.get(i);
                    if (e == null) {
                        throw new IllegalArgumentException("element " + i + " of the list is null");
                    }
                    values.add(element.toAttributeValue(e));
                }
                return AttributeValue.fromL(values);
            }

            @Override
            public List<E> fromAttributeValue(AttributeValue value) {
                if (!value.hasL()) {
                    throw ScalarType.wrongShape("a List (L)", value);
                }
                List<E> result = new ArrayList<>(value.l().size());
                for (AttributeValue v : value.l()) {
                    result.add(element.fromAttributeValue(v));
                }
                return Collections.unmodifiableList(result);
            }

            @Override
            public Optional<List<E>> valueWhenAbsent() {
                return Optional.of(List.of());
            }
        };
    }

    /** A map with String keys stored as M; an absent map reads as empty. Values may not be null. */
    public static <E> AttributeType<Map<String, E>> mapOf(AttributeType<E> element) {
        return new AttributeType<>() {
            @Override
            public String typeName() {
                return "Map<String, " + element.typeName() + ">";
            }

            @Override
            public AttributeValue toAttributeValue(Map<String, E> value) {
                Map<String, AttributeValue> values = new LinkedHashMap<>(value.size() * 2);
                for (Map.Entry<String, E> entry : value.entrySet()) {
                    if (entry.getKey() == null || entry.getValue() == null) {
                        throw new IllegalArgumentException("the map has a null key or value (key " + entry.getKey() + ")");
                    }
                    values.put(entry.getKey(), element.toAttributeValue(entry.getValue()));
                }
                return AttributeValue.fromM(values);
            }

            @Override
            public Map<String, E> fromAttributeValue(AttributeValue value) {
                if (!value.hasM()) {
                    throw ScalarType.wrongShape("a Map (M)", value);
                }
                Map<String, E> result = new LinkedHashMap<>(value.m().size() * 2);
                for (Map.Entry<String, AttributeValue> entry : value.m().entrySet()) {
                    result.put(entry.getKey(), element.fromAttributeValue(entry.getValue()));
                }
                return Collections.unmodifiableMap(result);
            }

            @Override
            public Optional<Map<String, E>> valueWhenAbsent() {
                return Optional.of(Map.of());
            }
        };
    }

    /** An {@code Optional} attribute: stored as its element when present, not written when empty. */
    public static <E> AttributeType<Optional<E>> optional(AttributeType<E> element) {
        return new AttributeType<>() {
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
        };
    }

    /**
     * A set of any element type stored as L (DynamoDB's own sets hold only strings, numbers and
     * binaries); an absent set reads as empty, order is kept. For strings prefer {@link #STRING_SET}.
     */
    public static <E> AttributeType<Set<E>> setOf(AttributeType<E> element) {
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
        return new ObjectType<>(type.getSimpleName(), attributes, factory, null);
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
        return new ObjectType<>(type.getSimpleName(), attributes, factory, java.util.Objects.requireNonNull(codec, "codec"));
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
        return new AttributeType<>() {
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
        };
    }

    /** True when values of the type can fill a key template slot. */
    public static boolean isKeyable(AttributeType<?> type) {
        return type instanceof KeyableType<?>;
    }
}
