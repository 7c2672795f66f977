package dev.singletable.internal.writes;

/** What the update planner made: the rendered update, or word that index keys need the stored values read first. */
sealed interface UpdatePlan {

    /** The update, ready to send or add to a transaction. */
    record Ready(UpdateAction action) implements UpdatePlan {
    }

    /**
     * An upsert written without the stored item, which sets an index's keys where the item has none from the defaults of the
     * slots it leaves out: its condition refuses an item that lacks those keys and stores another value of such a slot (an
     * index added after the item was written), whose true key only its stored values give. Sent alone, a refusal is
     * answered by reading the item and planning again with its values; in a transaction, which cannot do that, the item is
     * read first.
     */
    record ReadsOnRefusal(UpdateAction action) implements UpdatePlan {
    }

    /**
     * Index keys need values the update neither gives nor knows, and the update asked to read them:
     * read the item and plan again with its values.
     */
    record NeedsStoredValues(java.util.List<String> attributes) implements UpdatePlan {
    }
}
