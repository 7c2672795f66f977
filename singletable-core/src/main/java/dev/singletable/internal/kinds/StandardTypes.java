package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The attribute types of {@code AttributeTypes} that read stored shapes: epoch seconds, bytes, string sets, lists and maps. */
final class StandardTypes {
    private StandardTypes() {
    }

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

    public static final AttributeType<byte[]> BYTES = new BytesType();

    public static final AttributeType<Set<java.nio.ByteBuffer>> BINARY_SET = SetTypes.BINARY_SET;

    public static final AttributeType<Map<String, Object>> DOCUMENT = DocumentTypes.DOCUMENT;

    public static final AttributeType<Object> DOCUMENT_VALUE = DocumentTypes.VALUE;

    /** A set of numbers stored as NS. */
    public static <N> AttributeType<Set<N>> numberSetOf(AttributeType<N> element) {
        return SetTypes.numberSetOf(element);
    }

    /** A byte array stored as B. */
    private static final class BytesType implements AttributeType<byte[]> {
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

    }

    public static final AttributeType<Set<String>> STRING_SET = new StringSetType();

    /** A set of strings stored as SS. */
    private static final class StringSetType implements AttributeType<Set<String>> {
        @Override
        public String typeName() {
            return "Set<String>";
        }

        @Override
        public AttributeValue toAttributeValue(Set<String> value) {
            for (Object element : value) {
                if (element == null) {
                    throw new IllegalArgumentException("the set contains null; DynamoDB sets hold only values");
                }
                if (!(element instanceof String)) {
                    throw new IllegalArgumentException("an element of the set: " + JavaValues.notA(element, "String"));
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
    }

    /**
     * The element type of a list type made by {@link #listOf}, or the value type of a map type made by
     * {@link #mapOf}; empty for any other type. Paths into lists and maps ({@code TAGS.at(2)}) read it.
     */
    public static Optional<AttributeType<?>> elementOf(AttributeType<?> type) {
        if (type instanceof ListType<?> list) {
            return Optional.of(list.element);
        }
        if (type instanceof MapType<?> map) {
            return Optional.of(map.element);
        }
        return Optional.empty();
    }

    /** True for a list type made by {@link #listOf}. */
    public static boolean isList(AttributeType<?> type) {
        return type instanceof ListType<?>;
    }

    /** True for a map type made by {@link #mapOf}. */
    public static boolean isMap(AttributeType<?> type) {
        return type instanceof MapType<?>;
    }

    public static <E> AttributeType<List<E>> listOf(AttributeType<E> element) {
        return new ListType<>(element);
    }

    public static <E> AttributeType<Map<String, E>> mapOf(AttributeType<E> element) {
        return new MapType<>(element);
    }

    /** A list stored as L, with its element type kept for paths into it (and for path slots: a list of strings). */
    private static final class ListType<E> implements AttributeType<List<E>>, dev.singletable.internal.keys.ListAttributeType {
        private final AttributeType<E> element;

        ListType(AttributeType<E> element) {
            this.element = element;
        }

        @Override
        public AttributeType<?> element() {
            return element;
        }

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
                try {
                    values.add(element.toAttributeValue(e));
                } catch (ClassCastException wrongType) {
                    throw new IllegalArgumentException("element " + i + " of the list: " + JavaValues.notA(e, element), wrongType);
                } catch (IllegalArgumentException inner) {
                    throw new IllegalArgumentException("element " + i + " of the list: " + inner.getMessage(), inner);
                }
            }
            return AttributeValue.fromL(values);
        }

        @Override
        public List<E> fromAttributeValue(AttributeValue value) {
            if (!value.hasL()) {
                throw ScalarType.wrongShape("a List (L)", value);
            }
            List<AttributeValue> stored = value.l();
            List<E> result = new ArrayList<>(stored.size());
            for (int i = 0; i < stored.size(); i++) { // by index: the SDK's list is wrapped, and its iterator is two objects
                result.add(element.fromAttributeValue(stored.get(i)));
            }
            return Collections.unmodifiableList(result);
        }

        @Override
        public Optional<List<E>> valueWhenAbsent() {
            return Optional.of(List.of());
        }
    }

    /** A map with string keys stored as M, with its value type kept for paths into it. */
    private static final class MapType<E> implements AttributeType<Map<String, E>> {
        private final AttributeType<E> element;

        MapType(AttributeType<E> element) {
            this.element = element;
        }

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
                try {
                    values.put(entry.getKey(), element.toAttributeValue(entry.getValue()));
                } catch (ClassCastException wrongType) {
                    throw new IllegalArgumentException("entry '" + entry.getKey() + "' of the map: "
                            + JavaValues.notA(entry.getValue(), element), wrongType);
                } catch (IllegalArgumentException inner) {
                    throw new IllegalArgumentException("entry '" + entry.getKey() + "' of the map: " + inner.getMessage(), inner);
                }
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
    }

}
