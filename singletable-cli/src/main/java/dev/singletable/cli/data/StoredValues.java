package dev.singletable.cli.data;

import dev.singletable.AttributeType;
import dev.singletable.AttributeTypes;
import dev.singletable.NumberLimits;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The checks a value of an attribute passes before it is stored, made where the command line and {@code load} take
 * values (put, update, relate's edge values, load's entity and adjacency rows), so that a value the core would refuse
 * when writing, with its advice for Java code, is refused in the terms of an argument or a file, with the fix there:
 * a number no DynamoDB number holds (the core's {@link NumberLimits}: 38 significant digits, magnitudes from 1E-130 to below
 * 1E+126), a number an integer
 * or long attribute does not hold (its own range is the rule there, narrower than DynamoDB's), and epoch seconds with a
 * fraction of a second (an instant, or a number of seconds). Each is checked on the value as given, before the kind's
 * parser, whose refusal would not say the rule, and on the value as converted.
 *
 * <pre>{@code
 * StoredValues.refusal(definition, "1E+200", new BigDecimal("1E+200"))
 * // Optional["1E+200 is 1E+126 or more in magnitude, which no DynamoDB number holds: to keep it, make the attribute ..."]
 * }</pre>
 */
public final class StoredValues {
    private static final String STRING = "make the attribute a string (type: string in the schema file)";
    /** The whole numbers the integer kinds hold: theirs is the rule for a number given to them, narrower than DynamoDB's. */
    private static final Map<AttributeKind, long[]> INTEGER_RANGES = Map.of(
            AttributeKind.INTEGER, new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE},
            AttributeKind.LONG, new long[] {Long.MIN_VALUE, Long.MAX_VALUE});
    /** The kinds a path's type is checked as, by the type ({@code update --set} of a path inside an attribute). */
    private static final Map<AttributeKind, AttributeType<?>> PATH_KINDS = Map.of(AttributeKind.EPOCH_SECONDS, AttributeTypes.EPOCH_SECONDS,
            AttributeKind.INTEGER, AttributeTypes.INTEGER, AttributeKind.LONG, AttributeTypes.LONG);
    /** A number as JSON writes it ({@code -12.5}, {@code 1E+200}): text given for a kind read from numbers. */
    private static final Pattern NUMBER_TEXT = Pattern.compile("-?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");

    private StoredValues() {
    }

    /**
     * Why {@code value} of an attribute of this definition cannot be stored, saying what to give instead; empty when it
     * can. {@code given} is the value as written (an argument's text, a file's value), which a refused instant is shown as.
     * A number is checked by itself, or as an element or entry of a list, set, map or record at any depth; attributes of
     * strings are not (a number there is no string, which the design says with the quotes to write).
     */
    public static Optional<String> refusal(AttributeDefinition definition, String given, Object value) {
        return refusal(Optional.of(definition.type()), keepIt(definition), given, value);
    }

    /**
     * As {@link #refusal(AttributeDefinition, String, Object)} for a value set at a path ({@code update --set}), whose
     * type says what it holds but not the kind of the attribute around it: a number is told to be a string.
     */
    public static Optional<String> pathRefusal(AttributeType<?> type, String given, Object value) {
        Optional<AttributeKind> kind = PATH_KINDS.entrySet().stream().filter(k -> k.getValue().equals(type)).map(Map.Entry::getKey)
                .findFirst();
        return refusal(kind, kind.isPresent() ? Optional.empty() : Optional.of(STRING), given, value);
    }

    /**
     * A value of a file as written, for messages. A file's number is read exactly (its scale kept), so its notation shows:
     * a negative scale only comes from an exponent ({@code 1E+30}), shown so; any other number in plain notation
     * ({@code 12.50}), unless that is hundreds of zeros long.
     */
    public static String written(Object plain) {
        return plain instanceof BigDecimal number ? number.scale() < 0 ? number.toString() : shown(number) : String.valueOf(plain);
    }

    /**
     * {@code value} is the value as given (an argument's text, a file's number) or as converted (an instant): the rules of
     * its kind that a number may break are checked on both, before the kind's parser, whose refusal would not say them.
     */
    private static Optional<String> refusal(Optional<AttributeKind> kind, Optional<String> keepIt, String given, Object value) {
        if (kind.equals(Optional.of(AttributeKind.EPOCH_SECONDS))) {
            Optional<String> seconds = epochSeconds(given, value);
            if (seconds.isPresent()) {
                return seconds;
            }
        }
        Optional<long[]> range = kind.map(k -> INTEGER_RANGES.get(k));
        if (range.isPresent()) {
            return decimal(value).filter(number -> !whole(number, range.get()))
                    .map(number -> "'" + given + "' is not " + (kind.get() == AttributeKind.LONG ? "a long: a long" : "an integer: an integer")
                            + " holds whole numbers from " + range.get()[0] + " to " + range.get()[1]);
        }
        return keepIt.flatMap(keep -> number(value, keep));
    }

    /**
     * An epochSeconds value the kind cannot hold: with a fraction of a second (an instant, or a number of seconds), refused
     * saying the whole second; a whole number of seconds (in any notation: {@code 1735689600.0}, {@code 1E+200}) outside
     * the kind's years 0000 to 9999, refused by the kind's own rule (which tells epoch milliseconds apart), quoting the value
     * as given.
     */
    private static Optional<String> epochSeconds(String given, Object value) {
        String refusal = "'" + given + "' has a fraction of a second, and an epochSeconds attribute holds whole seconds: give ";
        if (value instanceof Instant instant) {
            return instant.getNano() == 0 ? Optional.empty() : Optional.of(refusal + instant.truncatedTo(ChronoUnit.SECONDS));
        }
        Optional<BigDecimal> number = decimal(value);
        if (number.isEmpty()) {
            return Optional.empty();
        }
        BigDecimal seconds = number.get();
        if (seconds.stripTrailingZeros().scale() > 0) {
            return Optional.of(refusal + seconds.setScale(0, RoundingMode.FLOOR).toPlainString());
        }
        // past 30 digits every number is beyond the rule's bounds and its answer the same: asked with 1E+30, as a number of
        // hundreds of digits (1E+200; a file may hold 1E+999999999) is not worth writing out to be refused
        String whole = (seconds.precision() - seconds.scale() > 30 ? BigDecimal.ONE.movePointRight(30).multiply(BigDecimal.valueOf(
                seconds.signum())) : seconds).toBigIntegerExact().toString();
        try {
            AttributeKind.EPOCH_SECONDS.parse(whole);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            String message = String.valueOf(e.getMessage());
            return Optional.of(message.startsWith("'" + whole + "'") ? "'" + given + "'" + message.substring(whole.length() + 2)
                    : message);
        }
    }

    /**
     * The text the kind's parser reads for an epochSeconds value: a number of whole seconds in any notation
     * ({@code 1735689600.0}, {@code 1.7356896E+9}) as its digits, which is what DynamoDB stores for it; any other text as it is.
     * A number with a fraction is refused before this ({@link #refusal(AttributeDefinition, String, Object)}).
     */
    public static String epochSecondsText(String text) {
        return decimal(text).filter(seconds -> seconds.stripTrailingZeros().scale() <= 0 && seconds.precision() - seconds.scale() <= 30)
                .map(seconds -> seconds.toBigIntegerExact().toString()).orElse(text);
    }

    /** Whether the number is whole and within {@code range} (its smallest and largest values). */
    private static boolean whole(BigDecimal number, long[] range) {
        return number.signum() == 0 || number.stripTrailingZeros().scale() <= 0 && number.compareTo(BigDecimal.valueOf(range[0])) >= 0
                && number.compareTo(BigDecimal.valueOf(range[1])) <= 0;
    }

    /** The number a value is (a file's number, or an argument's text written as a number); empty for any other value. */
    private static Optional<BigDecimal> decimal(Object value) {
        if (value instanceof BigDecimal number) {
            return Optional.of(number);
        }
        if (value instanceof Number number && !(value instanceof Double d && !Double.isFinite(d))
                && !(value instanceof Float f && !Float.isFinite(f))) {
            return Optional.of(new BigDecimal(number.toString()));
        }
        return value instanceof String text && NUMBER_TEXT.matcher(text.strip()).matches()
                ? Optional.of(new BigDecimal(text.strip())) : Optional.empty();
    }

    /** How to keep a number the attribute cannot hold, fitting its kind; empty for the kinds of strings. */
    private static Optional<String> keepIt(AttributeDefinition definition) {
        return switch (definition.type()) {
            case STRING, STRING_SET, STRING_LIST, STRING_MAP -> Optional.empty();
            case INTEGER, LONG -> Optional.empty(); // their own range is the rule (INTEGER_RANGES), narrower than DynamoDB's
            case NUMBER_SET -> Optional.of("make the attribute a set of strings (type: " + AttributeKind.STRING_SET.fileName()
                    + " in the schema file)");
            case DOCUMENT -> Optional.of("give the number as text in JSON quotes");
            case RECORD, RECORD_LIST, RECORD_MAP -> Optional.of("make the record's attribute a string (type: string in the "
                    + definition.recordType().orElseThrow() + " record)");
            case LIST, MAP -> switch (definition.elementType().orElseThrow()) {
                case STRING, INTEGER, LONG -> Optional.empty();
                case DOCUMENT -> Optional.of("give the number as text in JSON quotes");
                default -> Optional.of("make its values strings (of: string in the schema file)");
            };
            default -> Optional.of(STRING);
        };
    }

    /** The refusal of the first number in {@code value} (itself, or an element or entry at any depth) that DynamoDB cannot hold. */
    private static Optional<String> number(Object value, String keep) {
        if (value instanceof Map<?, ?> map) {
            return map.values().stream().map(v -> number(v, keep)).flatMap(Optional::stream).findFirst();
        }
        if (value instanceof Collection<?> elements) {
            return elements.stream().map(v -> number(v, keep)).flatMap(Optional::stream).findFirst();
        }
        if (!(value instanceof Number number) || value instanceof Double d && !Double.isFinite(d)
                || value instanceof Float f && !Float.isFinite(f)) {
            return Optional.empty();
        }
        BigDecimal decimal = new BigDecimal(number.toString()).stripTrailingZeros();
        if (decimal.signum() == 0) {
            return Optional.empty();
        }
        BigDecimal magnitude = decimal.abs();
        if (magnitude.compareTo(NumberLimits.TOO_LARGE) >= 0) {
            return Optional.of(shown(decimal) + " is " + NumberLimits.TOO_LARGE + " or more in magnitude, which no DynamoDB number holds: "
                    + "to keep it, " + keep);
        }
        if (magnitude.compareTo(NumberLimits.SMALLEST) < 0) {
            return Optional.of(shown(decimal) + " is below " + NumberLimits.SMALLEST + " in magnitude, which no DynamoDB number holds: "
                    + "give 0, or " + keep + " to keep it");
        }
        if (decimal.precision() > NumberLimits.MAX_DIGITS) {
            return Optional.of(shown(decimal) + " has " + decimal.precision() + " significant digits, and DynamoDB numbers hold at most "
                    + NumberLimits.MAX_DIGITS + ": give it rounded to " + NumberLimits.MAX_DIGITS + " ("
                    + decimal.round(new MathContext(NumberLimits.MAX_DIGITS)).toPlainString()
                    + "), or " + keep + " to keep every digit");
        }
        return Optional.empty();
    }

    /** The number as written, unless its plain form is hundreds of zeros long. */
    private static String shown(BigDecimal decimal) {
        return Math.abs(decimal.scale()) > 100 ? decimal.toString() : decimal.toPlainString();
    }
}
