package dev.singletable.schema;

import dev.singletable.Experimental;
import java.util.Optional;

/**
 * How often something runs, in calls a second at the peak and on average, and for an access pattern how many items one
 * call returns or touches: what {@code singletable cost} turns into capacity, dollars and partition load.
 *
 * <pre>{@code
 * rates: {peak: 300, average: 40, items: 20}
 * }</pre>
 *
 * @param peak    calls a second at the busiest time
 * @param average calls a second averaged over a month (a schema file with more than {@code peak} is an error of the file)
 * @param items   items one call returns (a get: 1) or touches; empty for the cost model's default
 */
@Experimental
public record Rates(double peak, double average, Optional<Integer> items) {
    public Rates {
        if (!(peak >= 0) || !(average >= 0)) {
            throw new IllegalArgumentException("rates are calls a second, 0 or more; got peak " + peak + ", average " + average);
        }
        java.util.Objects.requireNonNull(items, "items");
    }

    /** Calls a second, the same at the peak and on average. */
    public static Rates of(double perSecond) {
        return new Rates(perSecond, perSecond, Optional.empty());
    }

    /** The same rates times {@code factor} (items unchanged): {@code --scale 10x}. */
    public Rates times(double factor) {
        return new Rates(peak * factor, average * factor, items);
    }
}
