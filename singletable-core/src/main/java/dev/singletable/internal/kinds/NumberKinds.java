package dev.singletable.internal.kinds;

import dev.singletable.internal.keys.KeyRole;
import dev.singletable.internal.keys.SlotCodec;
import dev.singletable.internal.keys.SlotFormats;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The codecs of the number kinds, stored as N: integers, longs, big integers and decimals. They differ only in how a
 * class reads and writes its number text, so each is one row of those functions.
 */
final class NumberKinds {
    private NumberKinds() {
    }

    static final KindCodec INTEGER = new NumberCodec("Integer", Integer::valueOf, value -> Integer.toString((Integer) value),
            Object::toString,
            (format, role) -> SlotFormats.<Integer>integer("Integer", 10, format, role, v -> BigInteger.valueOf(v), BigInteger::intValueExact));

    static final KindCodec LONG = new NumberCodec("Long", Long::valueOf, value -> Long.toString((Long) value),
            value -> value + "L",
            (format, role) -> SlotFormats.<Long>integer("Long", 19, format, role, v -> BigInteger.valueOf(v), BigInteger::longValueExact));

    static final KindCodec BIG_INTEGER = new NumberCodec("BigInteger", text -> new BigDecimal(text).toBigIntegerExact(),
            value -> DynamoNumbers.toDynamoText((BigInteger) value),
            value -> "new java.math.BigInteger(" + KindCodec.quoted(value.toString()) + ")",
            (format, role) -> SlotFormats.<BigInteger>integer("BigInteger", 0, format, role, v -> v, v -> v));

    static final KindCodec DECIMAL = new NumberCodec("BigDecimal", BigDecimal::new,
            value -> DynamoNumbers.toDynamoText((BigDecimal) value),
            value -> "new java.math.BigDecimal(" + KindCodec.quoted(value.toString()) + ")",
            SlotFormats::decimal);

    /** One number kind: its class's name (in messages) and how it parses, stores, writes as Java and fills key slots. */
    private static final class NumberCodec extends KindCodec {
        private final String className;
        private final Function<String, Object> parse;
        private final Function<Object, String> storedText;
        private final Function<Object, String> source;
        private final BiFunction<Optional<String>, KeyRole, SlotCodec<?>> slots;

        NumberCodec(String className, Function<String, Object> parse, Function<Object, String> storedText,
                    Function<Object, String> source, BiFunction<Optional<String>, KeyRole, SlotCodec<?>> slots) {
            this.className = className;
            this.parse = parse;
            this.storedText = storedText;
            this.source = source;
            this.slots = slots;
        }

        @Override
        String javaSource(Object value) {
            return source.apply(value);
        }

        @Override
        Object fromStoredText(String text) {
            try {
                return parse.apply(text);
            } catch (NumberFormatException | ArithmeticException e) {
                throw ScalarType.doesNotFit(text, className, e);
            }
        }

        @Override
        AttributeValue toStored(Object value) {
            return AttributeValue.fromN(storedText.apply(value));
        }

        @Override
        SlotCodec<?> slotCodec(Optional<String> format, KeyRole role) {
            return slots.apply(format, role);
        }

        @Override
        int maxStoredBytes() {
            return NUMBER_BYTES;
        }
    }
}
