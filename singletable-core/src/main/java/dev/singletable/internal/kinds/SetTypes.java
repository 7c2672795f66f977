package dev.singletable.internal.kinds;

import dev.singletable.AttributeType;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** DynamoDB's number (NS) and binary (BS) sets. */
final class SetTypes {
    private SetTypes() {
    }

    static <N> AttributeType<Set<N>> numberSetOf(AttributeType<N> element) {
        return new NumberSetType<>(element);
    }

    static final AttributeType<Set<ByteBuffer>> BINARY_SET = new BinarySetType();

    /** A set of numbers stored as NS; its elements are written and read by a number type (N). */
    private static final class NumberSetType<N> implements AttributeType<Set<N>> {
        private final AttributeType<N> element;

        NumberSetType(AttributeType<N> element) {
            this.element = element;
        }

        @Override
        public String typeName() {
            return "Set<" + element.typeName() + ">";
        }

        @Override
        public AttributeValue toAttributeValue(Set<N> value) {
            // 1.0 and 1.00 are two BigDecimals but one number: DynamoDB refuses a set with duplicates
            Set<String> numbers = new LinkedHashSet<>(value.size() * 2);
            for (N e : value) {
                if (e == null) {
                    throw new IllegalArgumentException("the set contains null; DynamoDB sets hold only values");
                }
                AttributeValue stored;
                try {
                    stored = element.toAttributeValue(e);
                } catch (ClassCastException wrongType) {
                    throw new IllegalArgumentException("an element of the set: " + JavaValues.notA(e, element), wrongType);
                } catch (IllegalArgumentException | ArithmeticException inner) {
                    throw new IllegalArgumentException("element " + e + " of the set: " + inner.getMessage(), inner);
                }
                numbers.add(stored.n());
            }
            return AttributeValue.fromNs(List.copyOf(numbers));
        }

        @Override
        public Set<N> fromAttributeValue(AttributeValue value) {
            Set<N> result = new LinkedHashSet<>();
            if (value.hasNs()) {
                for (String n : value.ns()) {
                    result.add(element.fromAttributeValue(AttributeValue.fromN(n)));
                }
            } else if (value.hasL()) {
                // items written before sets of numbers were stored as NS hold a list
                for (AttributeValue v : value.l()) {
                    result.add(element.fromAttributeValue(v));
                }
            } else {
                throw ScalarType.wrongShape("a Number Set (NS)", value);
            }
            return Collections.unmodifiableSet(result);
        }

        @Override
        public boolean isOmitted(Set<N> value) {
            return value.isEmpty();
        }

        @Override
        public Optional<Set<N>> valueWhenAbsent() {
            return Optional.of(Set.of());
        }
    }

    /** A set of binaries stored as BS, read as read-only buffers (which compare by content, unlike arrays). */
    private static final class BinarySetType implements AttributeType<Set<ByteBuffer>> {
        @Override
        public String typeName() {
            return "Set<ByteBuffer>";
        }

        @Override
        public AttributeValue toAttributeValue(Set<ByteBuffer> value) {
            List<SdkBytes> values = new ArrayList<>(value.size());
            for (Object e : value) {
                values.add(binary(e, "an element of the set"));
            }
            return AttributeValue.fromBs(values);
        }

        @Override
        public Set<ByteBuffer> fromAttributeValue(AttributeValue value) {
            if (!value.hasBs()) {
                throw ScalarType.wrongShape("a Binary Set (BS)", value);
            }
            Set<ByteBuffer> result = new LinkedHashSet<>();
            for (SdkBytes bytes : value.bs()) {
                result.add(bytes.asByteBuffer().asReadOnlyBuffer());
            }
            return Collections.unmodifiableSet(result);
        }

        @Override
        public boolean isOmitted(Set<ByteBuffer> value) {
            return value.isEmpty();
        }

        @Override
        public Optional<Set<ByteBuffer>> valueWhenAbsent() {
            return Optional.of(Set.of());
        }
    }

    /** A binary value given as a ByteBuffer (its remaining bytes), a byte array or SdkBytes. */
    static SdkBytes binary(Object value, String what) {
        if (value == null) {
            throw new IllegalArgumentException(what + " is null; DynamoDB sets hold only values");
        }
        if (value instanceof ByteBuffer buffer) {
            return SdkBytes.fromByteBuffer(buffer.duplicate());
        }
        if (value instanceof byte[] bytes) {
            return SdkBytes.fromByteArray(bytes);
        }
        if (value instanceof SdkBytes bytes) {
            return bytes;
        }
        throw new IllegalArgumentException(what + ": " + JavaValues.notA(value, "ByteBuffer"));
    }
}
