package dev.singletable.internal.keys;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Fixed-width integer text whose string order equals numeric order, negatives included:
 * non-negative values are zero-padded to the width; a negative value {@code -m} is written as
 * {@code -} followed by {@code 10^width - m} zero-padded, so larger magnitudes sort first and
 * every negative sorts before every non-negative ({@code '-'} is below {@code '0'}).
 */
final class SortableNumbers {
    private SortableNumbers() {
    }

    public static String encode(BigInteger value, int width) {
        if (value.signum() >= 0) {
            String digits = value.toString();
            if (digits.length() > width) {
                throw new IllegalArgumentException("value " + value + " needs " + digits.length()
                        + " digits but the slot is " + width + " wide; widen the format (e.g. %0" + digits.length() + "d)");
            }
            return pad(digits, width);
        }
        BigInteger bound = BigInteger.TEN.pow(width);
        BigInteger magnitude = value.negate();
        if (magnitude.compareTo(bound) >= 0) {
            throw new IllegalArgumentException("value " + value + " needs more than " + width
                    + " digits but the slot is " + width + " wide; widen the format");
        }
        return "-" + pad(bound.subtract(magnitude).toString(), width);
    }

    public static BigInteger decode(String text, int width) {
        boolean negative = text.startsWith("-");
        String digits = negative ? text.substring(1) : text;
        if (digits.length() != width || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("'" + text + "' is not a " + width + "-digit sortable number");
        }
        BigInteger parsed = new BigInteger(digits);
        if (!negative) {
            return parsed;
        }
        if (parsed.signum() == 0) {
            throw new IllegalArgumentException("'" + text + "' is not a " + width + "-digit sortable number");
        }
        return parsed.subtract(BigInteger.TEN.pow(width));
    }

    /**
     * {@code %0W.Sf}: the unscaled value at scale S written as a sortable integer, with a '.' inserted;
     * W counts the '.' (as in {@code printf}), and there is none when S is 0.
     */
    public static String encodeDecimal(BigDecimal value, int width, int scale) {
        BigInteger unscaled;
        try {
            unscaled = value.setScale(scale).unscaledValue();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("value " + value.toPlainString() + " has more than " + scale
                    + " decimal places; the slot format keeps " + scale + ": round it first or widen the format", e);
        }
        int digits = decimalDigits(width, scale);
        int needed = unscaled.abs().toString().length();
        if (needed > digits) {
            int neededWidth = width + needed - digits;
            throw new IllegalArgumentException("value " + value.toPlainString() + " needs " + neededWidth + " characters with "
                    + scale + " decimal places but the slot is " + width + " wide; widen the format (e.g. %0"
                    + neededWidth + "." + scale + "f)");
        }
        String integer = encode(unscaled, digits);
        if (scale == 0) {
            return integer;
        }
        int point = integer.length() - scale;
        return integer.substring(0, point) + "." + integer.substring(point);
    }

    public static BigDecimal decodeDecimal(String text, int width, int scale) {
        String joined = text;
        if (scale > 0) {
            int point = text.length() - scale - 1;
            if (point < 0 || text.charAt(point) != '.') {
                throw new IllegalArgumentException("'" + text + "' is not a sortable decimal with " + scale + " decimal places");
            }
            joined = text.substring(0, point) + text.substring(point + 1);
        }
        return new BigDecimal(decode(joined, decimalDigits(width, scale)), scale);
    }

    private static int decimalDigits(int width, int scale) {
        return scale == 0 ? width : width - 1;
    }

    private static String pad(String digits, int width) {
        if (digits.length() >= width) {
            return digits;
        }
        StringBuilder padded = new StringBuilder(width);
        for (int i = digits.length(); i < width; i++) {
            padded.append('0');
        }
        return padded.append(digits).toString();
    }
}
