package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Free-form values: any stored shape read as plain Java (String, BigDecimal, Boolean, null, byte[], List, Map and
 * sets), and written back as the same shape.
 */
final class DocumentTypes {
    private DocumentTypes() {
    }

    static final AttributeType<Object> VALUE = new ValueType();

    static final AttributeType<Map<String, Object>> DOCUMENT = new DocumentType();

    private static final class ValueType implements AttributeType<Object> {
        @Override
        public String typeName() {
            return "Object (document value)";
        }

        @Override
        public AttributeValue toAttributeValue(Object value) {
            return write(value);
        }

        @Override
        public Object fromAttributeValue(AttributeValue value) {
            return read(value);
        }
    }

    private static final class DocumentType implements AttributeType<Map<String, Object>> {
        @Override
        public String typeName() {
            return "Map<String, Object> (document)";
        }

        @Override
        public AttributeValue toAttributeValue(Map<String, Object> value) {
            return writeMap(value);
        }

        @Override
        @SuppressWarnings("unchecked")
        public Map<String, Object> fromAttributeValue(AttributeValue value) {
            if (!value.hasM()) {
                throw ScalarType.wrongShape("a Map (M) holding a document", value);
            }
            return (Map<String, Object>) read(value);
        }
    }

    static AttributeValue write(Object value) {
        if (value == null) {
            return AttributeValue.fromNul(true);
        }
        if (value instanceof String text) {
            return AttributeValue.fromS(text);
        }
        if (value instanceof Boolean bool) {
            return AttributeValue.fromBool(bool);
        }
        if (value instanceof Number number) {
            return AttributeValue.fromN(DynamoNumbers.toDynamoText(decimal(number)));
        }
        if (value instanceof byte[] || value instanceof ByteBuffer || value instanceof SdkBytes) {
            return AttributeValue.fromB(SetTypes.binary(value, "the value"));
        }
        if (value instanceof Map<?, ?> map) {
            return writeMap(map);
        }
        if (value instanceof List<?> list) {
            List<AttributeValue> values = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                try {
                    values.add(write(list.get(i)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("element " + i + " of the list: " + e.getMessage(), e);
                }
            }
            return AttributeValue.fromL(values);
        }
        if (value instanceof Set<?> set) {
            return writeSet(set);
        }
        throw new IllegalArgumentException(JavaValues.notA(value, "document value") + "; a document holds String, Number, Boolean, "
                + "null, byte[], List, Map and Set (of strings, numbers or binaries) values: convert it to one of them");
    }

    private static AttributeValue writeMap(Map<?, ?> map) {
        Map<String, AttributeValue> values = new LinkedHashMap<>(map.size() * 2);
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException("the map has the key " + entry.getKey() + ", which is not a String; "
                        + "DynamoDB maps have String keys");
            }
            try {
                values.put(key, write(entry.getValue()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("entry '" + key + "' of the map: " + e.getMessage(), e);
            }
        }
        return AttributeValue.fromM(values);
    }

    private static AttributeValue writeSet(Set<?> set) {
        if (set.isEmpty()) {
            throw new IllegalArgumentException("the set is empty; DynamoDB sets are never empty: leave it out, or use an empty List");
        }
        Collection<?> elements = set;
        if (elements.stream().allMatch(e -> e instanceof String)) {
            return AttributeValue.fromSs(elements.stream().map(String.class::cast).toList());
        }
        if (elements.stream().allMatch(e -> e instanceof Number)) {
            Set<String> numbers = new LinkedHashSet<>();
            for (Object e : elements) {
                numbers.add(DynamoNumbers.toDynamoText(decimal((Number) e)));
            }
            return AttributeValue.fromNs(List.copyOf(numbers));
        }
        if (elements.stream().allMatch(e -> e instanceof byte[] || e instanceof ByteBuffer || e instanceof SdkBytes)) {
            List<SdkBytes> binaries = new ArrayList<>(set.size());
            for (Object e : elements) {
                binaries.add(SetTypes.binary(e, "an element of the set"));
            }
            return AttributeValue.fromBs(binaries);
        }
        throw new IllegalArgumentException("the set " + set + " mixes kinds of values or holds other values than strings, numbers "
                + "and binaries (or null); DynamoDB sets hold one of those kinds: use a List");
    }

    private static BigDecimal decimal(Number number) {
        if (number instanceof BigDecimal decimal) {
            return decimal;
        }
        if (number instanceof BigInteger integer) {
            return new BigDecimal(integer);
        }
        if (number instanceof Integer || number instanceof Long || number instanceof Short || number instanceof Byte) {
            return BigDecimal.valueOf(number.longValue());
        }
        if (number instanceof Double || number instanceof Float) {
            double d = number.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("the value " + number + " is not a finite number; DynamoDB stores only finite numbers");
            }
            return new BigDecimal(number.toString());
        }
        return new BigDecimal(number.toString());
    }

    static Object read(AttributeValue value) {
        if (value.s() != null) {
            return value.s();
        }
        if (value.n() != null) {
            return DynamoNumbers.normalised(new BigDecimal(value.n()));
        }
        if (value.bool() != null) {
            return value.bool();
        }
        if (Boolean.TRUE.equals(value.nul())) {
            return null;
        }
        if (value.b() != null) {
            return value.b().asByteArray();
        }
        if (value.hasM()) {
            Map<String, Object> map = new LinkedHashMap<>(value.m().size() * 2);
            value.m().forEach((key, v) -> map.put(key, read(v)));
            return Collections.unmodifiableMap(map);
        }
        if (value.hasL()) {
            List<Object> list = new ArrayList<>(value.l().size());
            value.l().forEach(v -> list.add(read(v)));
            return Collections.unmodifiableList(list);
        }
        if (value.hasSs()) {
            return Collections.unmodifiableSet(new LinkedHashSet<>(value.ss()));
        }
        if (value.hasNs()) {
            Set<BigDecimal> numbers = new LinkedHashSet<>();
            value.ns().forEach(n -> numbers.add(DynamoNumbers.normalised(new BigDecimal(n))));
            return Collections.unmodifiableSet(numbers);
        }
        if (value.hasBs()) {
            Set<ByteBuffer> binaries = new LinkedHashSet<>();
            value.bs().forEach(b -> binaries.add(b.asByteBuffer().asReadOnlyBuffer()));
            return Collections.unmodifiableSet(binaries);
        }
        throw ScalarType.wrongShape("a DynamoDB value", value);
    }
}
