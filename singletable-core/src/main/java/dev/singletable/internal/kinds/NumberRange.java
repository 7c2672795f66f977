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
record NumberRange(BigInteger min, BigInteger max) {
    NumberRange {
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
    }
}
