package dev.singletable;

/**
 * An update was refused before any request was sent because rewriting an index key needs values of the stored item
 * that the update does not give: it changes one slot of an index key and not another ({@code region} of
 * {@code R#{region}#S#{shop}} without {@code shop}), or it may change whether the item is in a sparse index and the
 * index's condition reads an attribute it does not set. The same update succeeds when it reads the item first
 * ({@link Update#readingStoredValuesForIndexKeys()}), when it gives the missing values, or as an update of the entity
 * as read. A tool can catch this type to retry with the stored values, and still report every other
 * {@link ValidationException} as a mistake in the update:
 *
 * <pre>{@code
 * try {
 *     table.update(STORE, key, u -> u.set(REGION, "eu"), Condition.none());
 * } catch (StoredValuesNeededException e) {
 *     table.update(STORE, key, u -> u.set(REGION, "eu").readingStoredValuesForIndexKeys(), Condition.none());
 * }
 * }</pre>
 */
@Stable
public class StoredValuesNeededException extends ValidationException {
    private static final long serialVersionUID = 1L;

    public StoredValuesNeededException(String message) {
        super(message);
    }
}
