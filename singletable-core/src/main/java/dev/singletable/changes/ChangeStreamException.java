package dev.singletable.changes;

import dev.singletable.Experimental;
import dev.singletable.SingleTableException;

/**
 * Reading a table's stream failed: the table has no stream, a Streams request was refused, or the checkpoints cannot be
 * read or written. The message names the table, stream or shard and the fix.
 */
@Experimental
public class ChangeStreamException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    public ChangeStreamException(String message) {
        super(message);
    }

    public ChangeStreamException(String message, Throwable cause) {
        super(message, cause);
    }
}
