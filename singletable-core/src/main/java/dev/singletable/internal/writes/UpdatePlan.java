package dev.singletable.internal.writes;

/** What the update planner made: the rendered update, or word that index keys need the stored values read first. */
sealed interface UpdatePlan {

    /** The update, ready to send or add to a transaction. */
    record Ready(UpdateAction action) implements UpdatePlan {
    }

    /**
     * Index keys need values the update neither gives nor knows, and the update asked to read them:
     * read the item and plan again with its values.
     */
    record NeedsStoredValues(java.util.List<String> attributes) implements UpdatePlan {
    }
}
