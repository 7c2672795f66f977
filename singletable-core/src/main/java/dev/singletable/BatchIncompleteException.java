package dev.singletable;

import java.util.List;

/**
 * A batch ran out of its retry budget with items DynamoDB never processed. Lists them: the
 * entities not written and the keys not deleted (batch write), or the keys not read (batch get).
 * Nothing else was lost: every other item was processed.
 *
 * <pre>{@code
 * try {
 *     table.batchWrite().putAll(orders).execute().orThrow();
 * } catch (BatchIncompleteException e) {
 *     retryLater(e.unprocessedPuts(), e.unprocessedKeys());
 * }
 * }</pre>
 */
@Stable
public class BatchIncompleteException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final transient List<Object> unprocessedPuts;
    private final transient List<ItemKey<?>> unprocessedKeys;

    public BatchIncompleteException(String message, List<Object> unprocessedPuts, List<ItemKey<?>> unprocessedKeys) {
        super(message);
        this.unprocessedPuts = List.copyOf(unprocessedPuts);
        this.unprocessedKeys = List.copyOf(unprocessedKeys);
    }

    /** Entities a batch write did not write. */
    public List<Object> unprocessedPuts() {
        return unprocessedPuts;
    }

    /** Keys a batch write did not delete, or a batch get did not read. */
    public List<ItemKey<?>> unprocessedKeys() {
        return unprocessedKeys;
    }

    static String preview(List<?> items) {
        return items.size() <= 5 ? items.toString() : items.subList(0, 5) + " and " + (items.size() - 5) + " more";
    }
}
