package dev.singletable.internal.kinds;

import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.keys.SlotCodec;
import dev.singletable.internal.keys.SlotFormats;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;

/** The codecs of the number kinds, stored as N: integers, longs, big integers and decimals. */
final class NumberKinds {
    private NumberKinds() {
    }

    static final KindCodec INTEGER = new KindCodec() {
        @Override
        String javaSource(Object value) {
            return value.toString();
        }

        @Override
        Object fromStoredText(String text) {
            try {
                return Integer.valueOf(text);
            } catch (NumberFormatException | ArithmeticException e) {
                throw ScalarType.doesNotFit(text, "Integer", e);
            }
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromN(Integer.toString((Integer) value));
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return SlotFormats.<Integer>integer("Integer", 10, format, role, v -> BigInteger.valueOf(v), BigInteger::intValueExact);
        }

        @Override
        int maxStoredBytes() {
            return NUMBER_BYTES;
        }
    };

    static final KindCodec LONG = new KindCodec() {
        @Override
        String javaSource(Object value) {
            return value + "L";
        }

        @Override
        Object fromStoredText(String text) {
            try {
                return Long.valueOf(text);
            } catch (NumberFormatException | ArithmeticException e) {
                throw ScalarType.doesNotFit(text, "Long", e);
            }
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromN(Long.toString((Long) value));
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return SlotFormats.<Long>integer("Long", 19, format, role, v -> BigInteger.valueOf(v), BigInteger::longValueExact);
        }

        @Override
        int maxStoredBytes() {
            return NUMBER_BYTES;
        }
    };

    static final KindCodec BIG_INTEGER = new KindCodec() {
        @Override
        String javaSource(Object value) {
            return "new java.math.BigInteger(" + quoted(value.toString()) + ")";
        }

        @Override
        Object fromStoredText(String text) {
            try {
                return new BigDecimal(text).toBigIntegerExact();
            } catch (NumberFormatException | ArithmeticException e) {
                throw ScalarType.doesNotFit(text, "BigInteger", e);
            }
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromN(DynamoNumbers.toDynamoText((BigInteger) value));
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return SlotFormats.<BigInteger>integer("BigInteger", 0, format, role, v -> v, v -> v);
        }

        @Override
        int maxStoredBytes() {
            return NUMBER_BYTES;
        }
    };

    static final KindCodec DECIMAL = new KindCodec() {
        @Override
        String javaSource(Object value) {
            return "new java.math.BigDecimal(" + quoted(value.toString()) + ")";
        }

        @Override
        Object fromStoredText(String text) {
            try {
                return new BigDecimal(text);
            } catch (NumberFormatException | ArithmeticException e) {
                throw ScalarType.doesNotFit(text, "BigDecimal", e);
            }
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromN(DynamoNumbers.toDynamoText((BigDecimal) value));
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return SlotFormats.decimal(format, role);
        }

        @Override
        int maxStoredBytes() {
            return NUMBER_BYTES;
        }
    };
}
