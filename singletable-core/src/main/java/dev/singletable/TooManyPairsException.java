package dev.singletable;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code deleteWithPairs} refused to delete an end of relations because its pairs do not fit one
 * TransactWriteItems (100 actions: the entity's delete and two per pair, so at most
 * {@link #maxPairs()} pairs); nothing was written. Names the entity, its key and each relation with its
 * count of pairs, so that the caller can unrelate some of them first, or delete in steps it accepts are
 * not atomic.
 *
 * <pre>{@code
 * try {
 *     table.deleteWithPairs(ada);
 * } catch (TooManyPairsException e) {
 *     e.pairs();   // {Membership=120}: unrelate some (table.related, table.unrelate), then deleteWithPairs again
 * }
 * }</pre>
 */
@Experimental
public final class TooManyPairsException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final String entityType;
    private final LinkedHashMap<String, String> key;
    private final LinkedHashMap<String, Integer> pairs;
    private final int maxPairs;

    public TooManyPairsException(String message, String entityType, Map<String, String> key, Map<String, Integer> pairs, int maxPairs) {
        super(message);
        this.entityType = entityType;
        this.key = new LinkedHashMap<>(key);
        this.pairs = new LinkedHashMap<>(pairs);
        this.maxPairs = maxPairs;
    }

    /** The type of the entity that was to be deleted. */
    public String entityType() {
        return entityType;
    }

    /** The entity's primary key attributes as text. */
    public Map<String, String> key() {
        return Collections.unmodifiableMap(key);
    }

    /** The number of pairs of the entity in each relation searched, by relation name, in declaration order. */
    public Map<String, Integer> pairs() {
        return Collections.unmodifiableMap(pairs);
    }

    /** The most pairs one transaction deletes with the entity. */
    public int maxPairs() {
        return maxPairs;
    }
}
