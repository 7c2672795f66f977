package dev.singletable;

import java.math.BigDecimal;

/**
 * DynamoDB's limits on a number (type N): at most 38 significant digits, and a magnitude of at least {@code 1E-130} and
 * below {@code 1E+126} (zero aside). A number outside them is refused before sending, with a {@link ValidationException};
 * a tool that takes numbers from elsewhere (a file, a command line) reads them here to refuse one in its own terms.
 *
 * <pre>{@code
 * BigDecimal price = new BigDecimal(text);
 * if (price.stripTrailingZeros().precision() > NumberLimits.MAX_DIGITS) {
 *     price = price.round(new MathContext(NumberLimits.MAX_DIGITS));
 * }
 * boolean held = price.signum() == 0 || price.abs().compareTo(NumberLimits.SMALLEST) >= 0
 *         && price.abs().compareTo(NumberLimits.TOO_LARGE) < 0;
 * }</pre>
 */
@Stable
public final class NumberLimits {
    /** The most significant digits a DynamoDB number holds. */
    public static final int MAX_DIGITS = 38;
    /** The smallest magnitude too large for a DynamoDB number: numbers hold magnitudes below it. */
    public static final BigDecimal TOO_LARGE = new BigDecimal("1E+126");
    /** The smallest magnitude but zero a DynamoDB number holds. */
    public static final BigDecimal SMALLEST = new BigDecimal("1E-130");

    private NumberLimits() {
    }
}
