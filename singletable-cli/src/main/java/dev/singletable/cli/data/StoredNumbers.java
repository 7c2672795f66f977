package dev.singletable.cli.data;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * The numbers a DynamoDB item can hold (38 significant digits, magnitudes from 1E-130 to below 1E+126), checked where
 * the command line and {@code load} take values, so that a number out of that range is refused in the terms of a file
 * or an argument (the rounded number to give, or a string attribute) rather than with the core's advice for Java code.
 */
public final class StoredNumbers {
    private static final int MAX_DIGITS = 38;
    private static final BigDecimal TOO_LARGE = new BigDecimal("1E+126");
    private static final BigDecimal SMALLEST = new BigDecimal("1E-130");

    private StoredNumbers() {
    }

    /**
     * Why a number in {@code value} (itself, or an element or entry of a list, set or map at any depth) cannot be stored,
     * saying what to give instead; empty when every number fits.
     */
    public static Optional<String> refusal(Object value) {
        if (value instanceof Map<?, ?> map) {
            return map.values().stream().map(StoredNumbers::refusal).flatMap(Optional::stream).findFirst();
        }
        if (value instanceof Collection<?> elements) {
            return elements.stream().map(StoredNumbers::refusal).flatMap(Optional::stream).findFirst();
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
            return Optional.of(shown(decimal) + " is 1E+126 or more in magnitude, which no DynamoDB number holds: to keep it, "
                    + "make the attribute a string (type: string in the schema file)");
        }
        if (magnitude.compareTo(SMALLEST) < 0) {
            return Optional.of(shown(decimal) + " is below 1E-130 in magnitude, which no DynamoDB number holds: give 0, or make "
                    + "the attribute a string (type: string in the schema file) to keep it");
        }
        if (decimal.precision() > MAX_DIGITS) {
            return Optional.of(shown(decimal) + " has " + decimal.precision() + " significant digits, and DynamoDB numbers hold at most "
                    + MAX_DIGITS + ": give it rounded to " + MAX_DIGITS + " (" + decimal.round(new MathContext(MAX_DIGITS)).toPlainString()
                    + "), or make the attribute a string (type: string in the schema file) to keep every digit");
        }
        return Optional.empty();
    }

    /** The number as written, unless its plain form is hundreds of zeros long. */
    private static String shown(BigDecimal decimal) {
        return Math.abs(decimal.scale()) > 100 ? decimal.toString() : decimal.toPlainString();
    }
}
