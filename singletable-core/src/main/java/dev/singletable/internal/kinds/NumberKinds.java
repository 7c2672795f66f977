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

    static final KindCodec INTEGER = new NumberCodec("Integer", text -> Integer.parseInt(text, 0, text.length(), 10), value -> Integer.toString((Integer) value),
            Object::toString,
            (format, role) -> SlotFormats.<Integer>integer("Integer", 10, format, role, v -> BigInteger.valueOf(v), BigInteger::intValueExact),
            Optional.of(new NumberRange(BigInteger.valueOf(Integer.MIN_VALUE), BigInteger.valueOf(Integer.MAX_VALUE))));

    static final KindCodec LONG = new NumberCodec("Long", text -> Long.parseLong(text, 0, text.length(), 10), value -> Long.toString((Long) value),
            value -> value + "L",
            (format, role) -> SlotFormats.<Long>integer("Long", 19, format, role, v -> BigInteger.valueOf(v), BigInteger::longValueExact),
            Optional.of(new NumberRange(BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE))));

    static final KindCodec BIG_INTEGER = new NumberCodec("BigInteger", text -> decimal(text).toBigIntegerExact(),
            value -> DynamoNumbers.toDynamoText((BigInteger) value),
            value -> "new java.math.BigInteger(" + KindCodec.quoted(value.toString()) + ")",
            (format, role) -> SlotFormats.<BigInteger>integer("BigInteger", 0, format, role, v -> v, v -> v), Optional.empty());

    static final KindCodec DECIMAL = new NumberCodec("BigDecimal", NumberKinds::decimal,
            value -> DynamoNumbers.toDynamoText((BigDecimal) value),
            value -> "new java.math.BigDecimal(" + KindCodec.quoted(value.toString()) + ")",
            SlotFormats::decimal, Optional.empty());

    /** One number kind: its class's name (in messages) and how it parses, stores, writes as Java and fills key slots. */
    private static final class NumberCodec extends KindCodec {
        private final String className;
        private final Function<CharSequence, Object> parse;
        private final Function<Object, String> storedText;
        private final Function<Object, String> source;
        private final BiFunction<Optional<String>, KeyRole, SlotCodec<?>> slots;
        private final Optional<NumberRange> range;

        NumberCodec(String className, Function<CharSequence, Object> parse, Function<Object, String> storedText,
                    Function<Object, String> source, BiFunction<Optional<String>, KeyRole, SlotCodec<?>> slots,
                    Optional<NumberRange> range) {
            this.className = className;
            this.parse = parse;
            this.storedText = storedText;
            this.source = source;
            this.slots = slots;
            this.range = range;
        }

        @Override
        Optional<NumberRange> range() {
            return range;
        }

        @Override
        String javaSource(Object value) {
            return source.apply(value);
        }

        @Override
        Object fromStoredText(CharSequence text) {
            try {
                return parse.apply(text);
            } catch (NumberFormatException | ArithmeticException e) {
                throw ScalarType.doesNotFit(text.toString(), className, e);
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

    /**
     * The decimal of a stored Number's text: a plain {@code [-]digits[.digits]} of at most 18 digits (nearly every stored
     * number) from its digits, as {@code new BigDecimal(text)} gives it (unscaled value and scale) without copying the text
     * into a {@code char[]}; any other text by {@code BigDecimal}'s parser, which gives it or says why not.
     */
    static BigDecimal decimal(CharSequence text) {
        int length = text.length();
        int start = length > 0 && text.charAt(0) == '-' ? 1 : 0;
        long unscaled = 0;
        int point = -1;
        int digits = 0;
        for (int i = start; i < length && digits <= 18; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                unscaled = unscaled * 10 + (c - '0');
                digits++;
            } else if (c == '.' && point < 0 && digits > 0 && i < length - 1) {
                point = i;
            } else {
                digits = 19;
            }
        }
        if (digits == 0 || digits > 18) {
            return new BigDecimal(text.toString());
        }
        return BigDecimal.valueOf(start == 1 ? -unscaled : unscaled, point < 0 ? 0 : length - 1 - point);
    }
}
