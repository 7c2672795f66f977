package dev.singletable;

import java.time.Duration;

/**
 * A table (or one of its indexes) did not reach the state waited for in time: still CREATING,
 * UPDATING, backfilling a GSI, or DELETING. Nothing is undone; the table keeps going there.
 *
 * <pre>{@code
 * try {
 *     table.createTable();
 * } catch (TableNotReadyException e) {
 *     // "Table AppTable did not become ACTIVE within PT10M: table CREATING, index GSI1 CREATING;
 *     //  check it in the console, then call createTable() again"
 * }
 * }</pre>
 */
@Stable
public class TableNotReadyException extends SingleTableException {
    private static final long serialVersionUID = 1L;
    private final String tableName;
    private final Duration waited;

    public TableNotReadyException(String message, String tableName, Duration waited) {
        super(message);
        this.tableName = tableName;
        this.waited = waited;
    }

    public String tableName() {
        return tableName;
    }

    /** How long it was waited for. */
    public Duration waited() {
        return waited;
    }
}
