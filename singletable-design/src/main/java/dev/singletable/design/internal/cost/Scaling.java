package dev.singletable.design.internal.cost;

import dev.singletable.schema.Rates;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * "What if": a factor on every rate of the design ({@code --scale 10x}), and rates of named patterns given outright
 * ({@code --rate published-posts=500/100}), which the factor does not change.
 *
 * @param factor   the factor on every pattern's calls and every entity's puts a second
 * @param patterns rates given for named patterns, by pattern name
 */
public record Scaling(double factor, Map<String, Rates> patterns) {
    public Scaling {
        if (!(factor > 0)) {
            throw new IllegalArgumentException("a scale is a factor above 0, such as 10x or 0.5x; got " + factor);
        }
        patterns = Map.copyOf(new LinkedHashMap<>(patterns));
    }

    /** The design's own rates. */
    public static Scaling none() {
        return new Scaling(1, Map.of());
    }

    /** Every rate times {@code factor}. */
    public static Scaling times(double factor) {
        return new Scaling(factor, Map.of());
    }

    /**
     * A factor as the command line writes it: {@code 10x}, {@code 10}, {@code 0.5x}.
     *
     * @throws IllegalArgumentException saying how to write one
     */
    public static double parseFactor(String text) {
        String number = text.endsWith("x") || text.endsWith("X") ? text.substring(0, text.length() - 1) : text;
        try {
            return Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--scale '" + text + "': write a factor such as 10x, 2.5x or 0.5x", e);
        }
    }

    /** The rates a pattern (or, with a null name, an entity's puts) runs at under this scaling. */
    Rates rates(String pattern, Rates declared) {
        Rates given = pattern == null ? null : patterns.get(pattern);
        return given != null ? new Rates(given.peak(), given.average(), declared.items()) : declared.times(factor);
    }
}
