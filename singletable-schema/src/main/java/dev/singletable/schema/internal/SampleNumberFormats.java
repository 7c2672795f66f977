package dev.singletable.schema.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The number formats a key segment can be of an item's numbers: {@code 0000049.99} is {@code {price:%010.2f}} of a
 * {@code price} of 49.99, written as the core writes a formatted slot (zero-padded to the width, which counts the point;
 * a negative number as {@code -} and its complement to the next power of ten, so that the text sorts as the number).
 * A whole number comes back as {@code %0W.0f}: the model holds numbers as N, which an import reads as decimals.
 */
final class SampleNumberFormats {
    private static final Pattern FORMATTED = Pattern.compile("(-?)(\\d+)(?:\\.(\\d+))?");

    private SampleNumberFormats() {
    }

    /** The formatted slots ({@code price:%010.2f}) of the numbers among {@code known} that the segment writes with a format. */
    static Set<String> of(String segment, Map<String, String> known) {
        Set<String> slots = new LinkedHashSet<>();
        Matcher matcher = FORMATTED.matcher(segment);
        if (!matcher.matches()) {
            return slots;
        }
        boolean negative = !matcher.group(1).isEmpty();
        String fraction = matcher.group(3) == null ? "" : matcher.group(3);
        String digits = matcher.group(2) + fraction;
        BigInteger unscaled = negative ? new BigInteger(digits).subtract(BigInteger.TEN.pow(digits.length())) : new BigInteger(digits);
        if (negative && unscaled.signum() == 0) {
            return slots;
        }
        BigDecimal written = new BigDecimal(unscaled, fraction.length());
        int width = segment.length() - (negative ? 1 : 0);
        known.forEach((name, text) -> {
            if (!text.equals(segment) && number(text).map(n -> n.compareTo(written) == 0).orElse(false)) {
                slots.add(name + ":%0" + width + "." + fraction.length() + "f");
            }
        });
        return slots;
    }

    private static java.util.Optional<BigDecimal> number(String text) {
        try {
            return java.util.Optional.of(new BigDecimal(text));
        } catch (NumberFormatException e) {
            return java.util.Optional.empty();
        }
    }
}
