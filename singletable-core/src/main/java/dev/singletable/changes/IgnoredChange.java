package dev.singletable.changes;

import dev.singletable.Experimental;

/**
 * A change to an item of an entity type the table declares but the decoder was not asked for (a decoder of one entity
 * or of a collection sees the table's other types too): reported, not an error.
 *
 * <pre>{@code
 * case IgnoredChange<UserItems> ignored -> { }   // a Group, say, when the decoder reads UserItems
 * }</pre>
 *
 * @param <T> the decoder's type
 */
@Experimental
public final class IgnoredChange<T> extends RecordOutcome implements Change<T> {
    private final String entityType;

    IgnoredChange(RecordFacts facts, String entityType) {
        super(facts);
        this.entityType = entityType;
    }

    /** The item's entity type, one of the table's but outside the decoder's selection. */
    public String entityType() {
        return entityType;
    }

    @Override
    public String toString() {
        return "IgnoredChange[" + entityType + " " + facts.kind() + " " + facts.keyText() + " #" + facts.sequenceNumber() + "]";
    }
}
