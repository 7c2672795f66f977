package dev.singletable.internal.kinds;

import java.math.BigInteger;
import java.util.Objects;

/**
 * The values a bounded number kind holds ({@code Integer}, {@code Long}): DynamoDB stores any number of up to 38 digits,
 * so an update that adds to a stored number must keep the result within these to leave an item its class can read.
 *
 * @param min the smallest value
 * @param max the largest value
 */
public record NumberRange(BigInteger min, BigInteger max) {
    public NumberRange {
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
    }

    /** True when the value lies within the range, its ends included. */
    public boolean contains(BigInteger value) {
        return value.compareTo(min) >= 0 && value.compareTo(max) <= 0;
    }

    @Override
    public String toString() {
        return "[" + min + ", " + max + "]";
    }
}
