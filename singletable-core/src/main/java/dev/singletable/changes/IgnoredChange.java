package dev.singletable.changes;

import dev.singletable.Experimental;

/**
 * A change to an item of an entity type the table declares but the decoder was not asked for (a decoder of one entity
 * or of a collection sees the table's other types too), or to one of the items singletable keeps for itself in the
 * table ({@link #bookkeeping()}: the migration runner's state and lock): reported, not an error.
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
    private final boolean bookkeeping;

    IgnoredChange(RecordFacts facts, String entityType, boolean bookkeeping) {
        super(facts);
        this.entityType = entityType;
        this.bookkeeping = bookkeeping;
    }

    /** The item's entity type: one of the table's outside the decoder's selection, or singletable's own ({@link #bookkeeping()}). */
    public String entityType() {
        return entityType;
    }

    /**
     * Whether the item is one singletable keeps for itself in the table rather than an entity: its type, which the table
     * does not declare, starts with {@code _}, as the migration runner's {@code _MigrationState} and {@code _MigrationLock}
     * do. Every {@code up}, {@code down} and scanned page of a migration writes them.
     */
    public boolean bookkeeping() {
        return bookkeeping;
    }

    @Override
    public String toString() {
        return "IgnoredChange[" + entityType + (bookkeeping ? " (singletable's own item)" : "") + " " + facts.kind() + " "
                + facts.keyText() + " #" + facts.sequenceNumber() + "]";
    }
}
