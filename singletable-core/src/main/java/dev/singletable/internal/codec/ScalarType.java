package dev.singletable.internal.codec;

import dev.singletable.internal.keys.IsoInstant;
import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.keys.KeyableType;
import dev.singletable.internal.keys.SlotCodec;
import dev.singletable.internal.keys.SlotFormats;

import dev.singletable.AttributeType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A built-in attribute type that can also fill key slots. One class with a switch rather than
 * three lambdas per type: a fresh JVM then spins no lambda classes to build the built-in types,
 * which is most of the class-initialisation time of {@code AttributeTypes}.
 */
public final class ScalarType<V> implements AttributeType<V>, KeyableType<V> {
    public static final int STRING = 0;
    public static final int INTEGER = 1;
    public static final int LONG = 2;
    public static final int BIG_INTEGER = 3;
    public static final int DECIMAL = 4;
    public static final int BOOLEAN = 5;
    public static final int INSTANT = 6;
    public static final int LOCAL_DATE = 7;
    public static final int UUID = 8;
    public static final int ENUM = 9;

    private final String typeName;
    private final int kind;
    private final Class<?> enumClass;
    /** An enum's constants by name when they were given, else null: {@code Enum.valueOf} then looks them up reflectively. */
    private final Map<String, V> enumConstants;

    private ScalarType(String typeName, int kind, Class<?> enumClass, Map<String, V> enumConstants) {
        this.typeName = typeName;
        this.kind = kind;
        this.enumClass = enumClass;
        this.enumConstants = enumConstants;
    }

    /** A built-in scalar type of one of the kinds above, except {@link #ENUM}. */
    public static <V> ScalarType<V> of(String typeName, int kind) {
        if (kind < STRING || kind >= ENUM) {
            throw new IllegalArgumentException("kind " + kind);
        }
        return new ScalarType<>(typeName, kind, null, null);
    }

    /** An enum stored by its constant's name. */
    public static <E extends Enum<E>> ScalarType<E> enumType(Class<E> type) {
        return new ScalarType<>(type.getSimpleName(), ENUM, type, null);
    }

    /** An enum stored by its constant's name, read from the constants given rather than looked up by reflection. */
    public static <E extends Enum<E>> ScalarType<E> enumType(Class<E> type, E[] constants) {
        Map<String, E> byName = new HashMap<>(constants.length * 4 / 3 + 1);
        for (E constant : constants) {
            if (constant.getDeclaringClass() != type) {
                throw new IllegalArgumentException(constant + " is a constant of " + constant.getDeclaringClass().getSimpleName()
                        + ", not of " + type.getSimpleName());
            }
            byName.put(constant.name(), constant);
        }
        return new ScalarType<>(type.getSimpleName(), ENUM, type, Map.copyOf(byName));
    }

    @Override
    public String typeName() {
        return typeName;
    }

    /** The text, refused when UTF-8 (DynamoDB's encoding) cannot hold it: the SDK would send '?' for an unpaired surrogate. */
    private static String storable(String text) {
        int lone = dev.singletable.internal.keys.BoundKeyTemplate.unpairedSurrogate(text);
        if (lone >= 0) {
            throw new IllegalArgumentException("the text has an unpaired UTF-16 surrogate at index " + lone + "; DynamoDB stores text as "
                    + "UTF-8, which cannot hold it (it would be stored as '?'): give well-formed text");
        }
        return text;
    }

    @Override
    public AttributeValue toAttributeValue(V value) {
        switch (kind) {
            case STRING:
                return AttributeValue.fromS(storable((String) value));
            // each value cast to its kind's type: a caller's ClassCastException is how a value of another Java type is
            // refused (toString() would send a String as an N, or store a Long in an int attribute)
            case INTEGER:
                return AttributeValue.fromN(Integer.toString((Integer) value));
            case LONG:
                return AttributeValue.fromN(Long.toString((Long) value));
            case INSTANT:
                return AttributeValue.fromS(IsoInstant.format((Instant) value));
            case LOCAL_DATE:
                return AttributeValue.fromS(((LocalDate) value).toString());
            case UUID:
                return AttributeValue.fromS(((java.util.UUID) value).toString());
            case BIG_INTEGER:
                return AttributeValue.fromN(DynamoNumbers.toDynamoText((BigInteger) value));
            case DECIMAL:
                return AttributeValue.fromN(DynamoNumbers.toDynamoText((BigDecimal) value));
            case BOOLEAN:
                return AttributeValue.fromBool((Boolean) value);
            case ENUM:
                return AttributeValue.fromS(((Enum<?>) value).name());
            default:
                throw new IllegalStateException("kind " + kind);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public V fromAttributeValue(AttributeValue value) {
        return (V) read(value);
    }

    private Object read(AttributeValue v) {
        switch (kind) {
            case BOOLEAN:
                if (v.bool() == null) {
                    throw wrongShape("a Boolean (BOOL)", v);
                }
                return v.bool();
            case INTEGER:
            case LONG:
            case BIG_INTEGER:
            case DECIMAL:
                return fromText(n(v));
            default:
                return fromText(s(v));
        }
    }

    /** Reads the text of a stored String (strings, instants, dates, UUIDs, enums) or Number (numbers). */
    @SuppressWarnings("unchecked")
    public V fromText(String text) {
        return (V) readText(text);
    }

    private Object readText(String text) {
        switch (kind) {
            case STRING:
                return text;
            case INTEGER: {
                try {
                    return Integer.valueOf(text);
                } catch (NumberFormatException | ArithmeticException e) {
                    throw doesNotFit(text, "Integer", e);
                }
            }
            case LONG: {
                try {
                    return Long.valueOf(text);
                } catch (NumberFormatException | ArithmeticException e) {
                    throw doesNotFit(text, "Long", e);
                }
            }
            case BIG_INTEGER: {
                try {
                    return new BigDecimal(text).toBigIntegerExact();
                } catch (NumberFormatException | ArithmeticException e) {
                    throw doesNotFit(text, "BigInteger", e);
                }
            }
            case DECIMAL: {
                try {
                    return new BigDecimal(text);
                } catch (NumberFormatException | ArithmeticException e) {
                    throw doesNotFit(text, "BigDecimal", e);
                }
            }
            case INSTANT:
                try {
                    return IsoInstant.parse(text);
                } catch (DateTimeParseException e) {
                    throw new IllegalArgumentException("'" + text + "' is not an ISO-8601 instant", e);
                }
            case LOCAL_DATE:
                try {
                    return LocalDate.parse(text);
                } catch (DateTimeParseException e) {
                    throw new IllegalArgumentException("'" + text + "' is not an ISO-8601 date", e);
                }
            case UUID:
                return java.util.UUID.fromString(text);
            case ENUM:
                return enumConstant(text);
            default:
                throw new IllegalStateException("kind " + kind);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private SlotCodec<?> enumSlotCodec(Optional<String> format) {
        // an anonymous class, not a method reference: schema construction spins no lambdas (cold start)
        java.util.function.Function<String, V> constants = new java.util.function.Function<>() {
            @Override
            public V apply(String name) {
                return enumConstant(name);
            }
        };
        return SlotFormats.enumeration((Class) enumClass, format, (java.util.function.Function) constants);
    }

    /** The enum constant of that name. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public V enumConstant(String name) {
        if (enumConstants != null) {
            V constant = enumConstants.get(name);
            if (constant == null) {
                throw new IllegalArgumentException("'" + name + "' is not a constant of " + enumClass.getSimpleName());
            }
            return constant;
        }
        try {
            return (V) Enum.valueOf((Class) enumClass, name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + name + "' is not a constant of " + enumClass.getSimpleName(), e);
        }
    }

    /** The message of a number that does not parse as the type. */
    public static IllegalArgumentException doesNotFit(String text, String typeName, RuntimeException cause) {
        return new IllegalArgumentException("number " + text + " does not fit " + typeName, cause);
    }

    @Override
    @SuppressWarnings("unchecked")
    public SlotCodec<V> slotCodec(Optional<String> format, KeyRole role) {
        return (SlotCodec<V>) codec(format, role);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private SlotCodec<?> codec(Optional<String> format, KeyRole role) {
        switch (kind) {
            case STRING:
                return SlotFormats.string(format);
            case INTEGER:
                return SlotFormats.<Integer>integer("Integer", 10, format, role, v -> BigInteger.valueOf(v), BigInteger::intValueExact);
            case LONG:
                return SlotFormats.<Long>integer("Long", 19, format, role, v -> BigInteger.valueOf(v), BigInteger::longValueExact);
            case BIG_INTEGER:
                return SlotFormats.<BigInteger>integer("BigInteger", 0, format, role, v -> v, v -> v);
            case DECIMAL:
                return SlotFormats.decimal(format, role);
            case BOOLEAN:
                return SlotFormats.bool(format);
            case INSTANT:
                return SlotFormats.instant(format, role);
            case LOCAL_DATE:
                return SlotFormats.localDate(format, role);
            case UUID:
                return SlotFormats.uuid(format);
            case ENUM:
                return enumSlotCodec(format);
            default:
                throw new IllegalStateException("kind " + kind);
        }
    }

    /**
     * The most bytes a stored value of this type takes in an item, or -1 when it has no bound (strings;
     * enums, whose constant names are not read without reflection).
     */
    public int maxStoredBytes() {
        switch (kind) {
            case INTEGER:
            case LONG:
            case BIG_INTEGER:
            case DECIMAL:
                return 21; // at most 38 significant digits: (38 + 1) / 2 + 1 bytes
            case BOOLEAN:
                return 1;
            case INSTANT:
                return 40; // Instant.MAX is "+1000000000-12-31T23:59:59.999999999Z"
            case LOCAL_DATE:
                return 20; // LocalDate.MAX is "+999999999-12-31"
            case UUID:
                return 36;
            case ENUM:
                if (enumConstants == null) {
                    return -1;
                }
                int longest = 0;
                for (String name : enumConstants.keySet()) {
                    longest = Math.max(longest, name.length());
                }
                return 3 * longest;
            default:
                return -1;
        }
    }

    @Override
    public String toString() {
        return typeName;
    }

    /** Reads the S member, failing with the type found when it is absent. */
    public static String s(AttributeValue value) {
        if (value.s() == null) {
            throw wrongShape("a String (S)", value);
        }
        return value.s();
    }

    /** Reads the N member, failing with the type found when it is absent. */
    public static String n(AttributeValue value) {
        if (value.n() == null) {
            throw wrongShape("a Number (N)", value);
        }
        return value.n();
    }

    public static IllegalArgumentException wrongShape(String expected, AttributeValue found) {
        return new IllegalArgumentException("expected " + expected + " but the item holds " + describe(found));
    }

    /** A short description of a stored value for messages: its DynamoDB type and a preview. */
    public static String describe(AttributeValue value) {
        String text = String.valueOf(value);
        if (text.length() > 80) {
            text = text.substring(0, 80) + "…";
        }
        return value.type() + " " + text;
    }
}
