package dev.singletable.cli.data;

import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * The checks a value of an attribute passes before it is stored, made where the command line and {@code load} take
 * values (put, update, relate's edge values, load's entity and adjacency rows), so that a value the core would refuse
 * when writing, with its advice for Java code, is refused in the terms of an argument or a file, with the fix there:
 * a number no DynamoDB number holds (38 significant digits, magnitudes from 1E-130 to below 1E+126) and an epochSeconds
 * instant with a fraction of a second.
 *
 * <pre>{@code
 * StoredValues.refusal(definition, "1E+200", new BigDecimal("1E+200"))
 * // Optional["1E+200 is 1E+126 or more in magnitude, which no DynamoDB number holds: to keep it, make the attribute ..."]
 * }</pre>
 */
public final class StoredValues {
    /*
     * The limits are the core's (internal/kinds/DynamoNumbers), which the command line may not read (the architecture
     * test): restated here so that the refusal can say which rule the number breaks and what to give, such as the number
     * rounded to 38 digits, which the core's message does not.
     */
    private static final int MAX_DIGITS = 38;
    private static final BigDecimal TOO_LARGE = new BigDecimal("1E+126");
    private static final BigDecimal SMALLEST = new BigDecimal("1E-130");
    private static final String STRING = "make the attribute a string (type: string in the schema file)";

    private StoredValues() {
    }

    /**
     * Why {@code value} of an attribute of this definition cannot be stored, saying what to give instead; empty when it
     * can. {@code given} is the value as written (an argument's text, a file's value), which a refused instant is shown as.
     * A number is checked by itself, or as an element or entry of a list, set, map or record at any depth; attributes of
     * strings are not (a number there is no string, which the design says with the quotes to write).
     */
    public static Optional<String> refusal(AttributeDefinition definition, String given, Object value) {
        return refusal(definition.type() == AttributeKind.EPOCH_SECONDS, keepIt(definition), given, value);
    }

    /**
     * As {@link #refusal(AttributeDefinition, String, Object)} for a value set at a path ({@code update --set}), whose
     * type says whether it holds epoch seconds but not the kind of the attribute around it: a number is told to be a string.
     */
    public static Optional<String> pathRefusal(boolean epochSeconds, String given, Object value) {
        return refusal(epochSeconds, Optional.of(STRING), given, value);
    }

    /** A value of a file as written, for messages: a number in plain notation unless that is hundreds of zeros long. */
    public static String written(Object plain) {
        return plain instanceof BigDecimal number ? shown(number) : String.valueOf(plain);
    }

    private static Optional<String> refusal(boolean epochSeconds, Optional<String> keepIt, String given, Object value) {
        if (epochSeconds && value instanceof Instant instant && instant.getNano() != 0) {
            return Optional.of("'" + given + "' has a fraction of a second, and an epochSeconds attribute holds whole seconds: give "
                    + instant.truncatedTo(ChronoUnit.SECONDS));
        }
        return keepIt.flatMap(keep -> number(value, keep));
    }

    /** How to keep a number the attribute cannot hold, fitting its kind; empty for the kinds of strings. */
    private static Optional<String> keepIt(AttributeDefinition definition) {
        return switch (definition.type()) {
            case STRING, STRING_SET, STRING_LIST, STRING_MAP -> Optional.empty();
            case NUMBER_SET -> Optional.of("make the attribute a set of strings (type: " + AttributeKind.STRING_SET.fileName()
                    + " in the schema file)");
            case DOCUMENT -> Optional.of("give the number as text in JSON quotes");
            case RECORD, RECORD_LIST, RECORD_MAP -> Optional.of("make the record's attribute a string (type: string in the "
                    + definition.recordType().orElseThrow() + " record)");
            case LIST, MAP -> switch (definition.elementType().orElseThrow()) {
                case STRING -> Optional.empty();
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
        if (magnitude.compareTo(TOO_LARGE) >= 0) {
            return Optional.of(shown(decimal) + " is 1E+126 or more in magnitude, which no DynamoDB number holds: to keep it, " + keep);
        }
        if (magnitude.compareTo(SMALLEST) < 0) {
            return Optional.of(shown(decimal) + " is below 1E-130 in magnitude, which no DynamoDB number holds: give 0, or " + keep
                    + " to keep it");
        }
        if (decimal.precision() > MAX_DIGITS) {
            return Optional.of(shown(decimal) + " has " + decimal.precision() + " significant digits, and DynamoDB numbers hold at most "
                    + MAX_DIGITS + ": give it rounded to " + MAX_DIGITS + " (" + decimal.round(new MathContext(MAX_DIGITS)).toPlainString()
                    + "), or " + keep + " to keep every digit");
        }
        return Optional.empty();
    }

    /** The number as written, unless its plain form is hundreds of zeros long. */
    private static String shown(BigDecimal decimal) {
        return Math.abs(decimal.scale()) > 100 ? decimal.toString() : decimal.toPlainString();
    }
}
