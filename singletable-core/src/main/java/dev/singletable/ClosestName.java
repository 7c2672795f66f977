package dev.singletable;


import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The "did you mean" of singletable's messages: the known name closest to a mistyped one, by
 * edit distance (insertions, deletions and substitutions, ignoring case). A name is offered only
 * when it is close enough to be a typo: at most {@code max(2, length / 3)} edits from the name
 * typed. The runtime core and the annotation processor suggest names with this one rule, so a
 * typo in a key template gets the same suggestion at compile time and at run time.
 *
 * <pre>{@code
 * ClosestName.among("custmerId", List.of("customerId", "orderId")); // Optional[customerId]
 * ClosestName.among("total", List.of("customerId", "orderId"));     // Optional.empty()
 * }</pre>
 */
@Stable
public final class ClosestName {
    private ClosestName() {
    }

    /**
     * The candidate closest to {@code name}, if one is close enough to be a typo of it; of
     * candidates equally close, the first.
     *
     * @param name the name as typed
     * @param candidates the names that exist, in the order to prefer on ties
     * @return the candidate as given (its case kept), or empty when none is close enough
     */
    public static Optional<String> among(String name, Iterable<String> candidates) {
        NullArgumentException.check("ClosestName.among", "name", name, "candidates", candidates);
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(candidates, "candidates");
        String typed = name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int distance = distance(typed, candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                bestDistance = distance;
                best = candidate;
            }
        }
        return best != null && bestDistance <= Math.max(2, name.length() / 3) ? Optional.of(best) : Optional.empty();
    }

    // Levenshtein distance with two rows: names are short, and this runs only when building a message.
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
