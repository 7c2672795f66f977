package dev.singletable.internal.kinds;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * DynamoDB's rules for numbers: 38 significant digits, magnitude 1E-130 to below 1E126. Numbers are sent in plain
 * notation without trailing zeros ({@code 100}, {@code 0.000001}, {@code 10.5}), so the text stored is the same
 * whatever the scale of the {@link BigDecimal} written, and other readers of the table never see exponents.
 */
public final class DynamoNumbers {
    public static final int MAX_DIGITS = 38;

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
            if (value.precision() <= MAX_DIGITS && adjusted < 126 && adjusted >= -130) {
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
        if (adjusted >= 126) {
            throw new IllegalArgumentException("value " + abbreviate(value)
                    + " is too large; DynamoDB numbers must be below 1E+126 in magnitude: store it as a String");
        }
        if (adjusted < -130) {
            throw new IllegalArgumentException("value " + abbreviate(value)
                    + " is too small; DynamoDB numbers must be at least 1E-130 in magnitude: round it to zero or store it as a String");
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

    private static String abbreviate(BigDecimal value) {
        String text = value.toString();
        if (text.length() <= 60) {
            return text;
        }
        String scientific = value.stripTrailingZeros().toString(); // 1E+200 rather than 201 digits
        return scientific.length() <= 60 ? scientific : text.substring(0, 40) + "…(" + text.length() + " chars)";
    }
}
