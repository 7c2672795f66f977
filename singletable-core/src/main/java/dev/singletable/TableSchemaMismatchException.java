package dev.singletable;

/**
 * The table exists but its key schema or indexes differ from the declared {@link TableSchema};
 * singletable never alters an existing table's keys.
 */
@Stable
public class TableSchemaMismatchException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public TableSchemaMismatchException(String message) {
        super(message);
    }
}
