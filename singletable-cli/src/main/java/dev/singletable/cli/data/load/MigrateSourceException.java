package dev.singletable.cli.data.load;

import dev.singletable.SingleTableException;

/** The source of a migration cannot be read: no such table there, or its engine cannot be reached; the message says which and the fix. */
final class MigrateSourceException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    MigrateSourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
