package dev.singletable.internal.kinds;

import dev.singletable.NumberLimits;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * DynamoDB's rules for numbers ({@link NumberLimits}): 38 significant digits, magnitude 1E-130 to below 1E126. Numbers are sent in plain
 * notation without trailing zeros ({@code 100}, {@code 0.000001}, {@code 10.5}), so the text stored is the same
 * whatever the scale of the {@link BigDecimal} written, and other readers of the table never see exponents.
 */
public final class DynamoNumbers {
    private static final int MAX_DIGITS = NumberLimits.MAX_DIGITS;
    /** The power of ten of the most significant digit of the smallest magnitude too large, and of the smallest one. */
    private static final int TOO_LARGE_EXPONENT = exponent(NumberLimits.TOO_LARGE);
    private static final int SMALLEST_EXPONENT = exponent(NumberLimits.SMALLEST);

    private DynamoNumbers() {
    }

    /** Returns the text DynamoDB receives for the number, or throws explaining the rule it breaks. */
    public static String toDynamoText(BigDecimal value) {
        if (value.signum() == 0) {
            return "0";
        }
        String text = value.toString(); // BigDecimal caches it
        if (text.charAt(text.length() - 1) != '0' && text.indexOf('E') < 0) {
            // plain text whose last digit is not 0: no trailing zeros to strip, and stripping would give the same text
            int adjusted = value.precision() - value.scale() - 1;
            if (value.precision() <= MAX_DIGITS && adjusted < TOO_LARGE_EXPONENT && adjusted >= SMALLEST_EXPONENT) {
                return text;
            }
        }
        BigDecimal stripped = value.stripTrailingZeros();
        int digits = stripped.precision();
        if (digits > MAX_DIGITS) {
            throw new IllegalArgumentException("value " + abbreviate(value) + " has " + digits
                    + " significant digits; DynamoDB numbers hold at most " + MAX_DIGITS
                    + ": round it (BigDecimal.round(new MathContext(38))) or store it as a String");
        }
        // adjusted exponent: the power of ten of the most significant digit
        int adjusted = stripped.precision() - stripped.scale() - 1;
        if (adjusted >= TOO_LARGE_EXPONENT) {
            throw new IllegalArgumentException("value " + abbreviate(value)
                    + " is too large; DynamoDB numbers must be below " + NumberLimits.TOO_LARGE + " in magnitude: store it as a String");
        }
        if (adjusted < SMALLEST_EXPONENT) {
            throw new IllegalArgumentException("value " + abbreviate(value)
                    + " is too small; DynamoDB numbers must be at least " + NumberLimits.SMALLEST
                    + " in magnitude: round it to zero or store it as a String");
        }
        return stripped.toPlainString(); // never exponent notation: 100, not 1E+2
    }

    /**
     * The number as reading back its stored text gives it: trailing zeros stripped ({@code 10.50} is {@code 10.5}),
     * no negative scale ({@code 1E+2} is {@code 100}), and zero as {@code 0}. A write returns its decimals in this
     * form, so that what a write returns equals what a read returns.
     */
    public static BigDecimal normalised(BigDecimal value) {
        if (value.signum() == 0) {
            return BigDecimal.ZERO;
        }
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }

    public static String toDynamoText(BigInteger value) {
        return toDynamoText(new BigDecimal(value));
    }

    private static int exponent(BigDecimal value) {
        return value.precision() - value.scale() - 1;
    }

    private static String abbreviate(BigDecimal value) {
        String text = value.toString();
        if (text.length() <= 60) {
            return text;
        }
        String scientific = value.stripTrailingZeros().toString(); // 1E+200 rather than 201 digits
        return scientific.length() <= 60 ? scientific : text.substring(0, 40) + "…(" + text.length() + " chars)";
    }
}
