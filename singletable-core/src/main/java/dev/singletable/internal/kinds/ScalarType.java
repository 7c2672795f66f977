package dev.singletable.internal.kinds;

import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.keys.KeyableType;
import dev.singletable.internal.keys.SlotCodec;
import dev.singletable.internal.keys.SlotFormats;

import dev.singletable.AttributeType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The attribute type of a scalar kind (and of each enum class): what it stores, reads and puts in key slots is its
 * {@link Kind} entry's. One class for all of them rather than lambdas per type: a fresh JVM then spins no
 * lambda classes to build the built-in types, which is most of the class-initialisation time of {@code AttributeTypes}.
 */
public final class ScalarType<V> implements AttributeType<V>, KeyableType<V> {
    /** The most constants of an enum that a page's text is matched against one by one (see {@link #fromText}). */
    private static final int MOST_MATCHED_IN_PLACE = 16;

    private final String typeName;
    private final Kind kind;
    private final Class<?> enumClass;
    /** An enum's constants by name when they were given, else null: {@code Enum.valueOf} then looks them up reflectively. */
    private final Map<String, V> enumConstants;
    /**
     * The same constants when there are few, matched against a decoded page's text in place (see {@link #fromText});
     * else null: a longer scan would cost more than the String and the map lookup it saves.
     */
    private final Enum<?>[] constantsToMatch;

    private ScalarType(String typeName, Kind kind, Class<?> enumClass, Map<String, V> enumConstants) {
        this.typeName = typeName;
        this.kind = kind;
        this.enumClass = enumClass;
        this.enumConstants = enumConstants;
        this.constantsToMatch = enumConstants == null || enumConstants.size() > MOST_MATCHED_IN_PLACE ? null
                : enumConstants.values().toArray(new Enum<?>[0]);
    }

    /** The type of a scalar kind of the registry, made once by its entry. */
    static <V> ScalarType<V> of(Kind kind) {
        return new ScalarType<>(kind.typeName(), kind, null, null);
    }

    /** An enum stored by its constant's name. */
    public static <E extends Enum<E>> ScalarType<E> enumType(Class<E> type) {
        return new ScalarType<>(type.getSimpleName(), Kind.ENUM, type, null);
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
        return new ScalarType<>(type.getSimpleName(), Kind.ENUM, type, Map.copyOf(byName));
    }

    /** Its entry in the registry of kinds. */
    public Kind kind() {
        return kind;
    }

    @Override
    public String typeName() {
        return typeName;
    }

    /** The text, refused when UTF-8 (DynamoDB's encoding) cannot hold it: the SDK would send '?' for an unpaired surrogate. */
    static String storable(String text) {
        int lone = dev.singletable.internal.keys.BoundKeyTemplate.unpairedSurrogate(text);
        if (lone >= 0) {
            throw new IllegalArgumentException("the text has an unpaired UTF-16 surrogate at index " + lone + "; DynamoDB stores text as "
                    + "UTF-8, which cannot hold it (it would be stored as '?'): give well-formed text");
        }
        return text;
    }

    // each value cast to its kind's type: a caller's ClassCastException is how a value of another Java type is
    // refused (toString() would send a String as an N, or store a Long in an int attribute)
    @Override
    public AttributeValue toAttributeValue(V value) {
        return kind == Kind.ENUM ? AttributeValue.fromS(((Enum<?>) value).name()) : kind.toStored(value);
    }

    @Override
    @SuppressWarnings("unchecked")
    public V fromAttributeValue(AttributeValue value) {
        switch (kind.storedAs()) {
            case "BOOL":
                if (value.bool() == null) {
                    throw wrongShape("a Boolean (BOOL)", value);
                }
                return (V) value.bool();
            case "N":
                return fromText(n(value));
            default:
                return fromText(s(value));
        }
    }

    /**
     * Reads the text of a stored String (strings, instants, dates, UUIDs, enums) or Number (numbers): the
     * {@code AttributeValue}'s, or a decoded page's text read in place (see {@code StoredItem}), by the same parser.
     */
    @SuppressWarnings("unchecked")
    public V fromText(CharSequence text) {
        if (kind != Kind.ENUM) {
            return (V) kind.fromStoredText(text);
        }
        return text instanceof String || constantsToMatch == null ? enumConstant(text.toString()) : constantMatching(text);
    }

    /** The constant a page's text names, its name compared with the text in place: no String for the text. */
    @SuppressWarnings("unchecked")
    private V constantMatching(CharSequence text) {
        for (Enum<?> constant : constantsToMatch) {
            if (constant.name().contentEquals(text)) {
                return (V) constant;
            }
        }
        return enumConstant(text.toString()); // which says that the text names none
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

    private SlotCodec<?> codec(Optional<String> format, KeyRole role) {
        return kind == Kind.ENUM ? enumSlotCodec(format) : kind.slotCodec(format, role);
    }

    /**
     * The most bytes a stored value of this type takes in an item, or -1 when it has no bound (strings;
     * enums, whose constant names are not read without reflection).
     */
    public int maxStoredBytes() {
        if (kind != Kind.ENUM) {
            return kind.maxStoredBytes();
        }
        if (enumConstants == null) {
            return -1;
        }
        int longest = 0;
        for (String name : enumConstants.keySet()) {
            longest = Math.max(longest, name.length());
        }
        return 3 * longest;
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

    /** Says which Java value was handed to a type that cannot hold it: {@code the value 5 is an Integer, not a String}. */
    public static String notA(Object value, AttributeType<?> type) {
        return JavaValues.notA(value, type);
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
