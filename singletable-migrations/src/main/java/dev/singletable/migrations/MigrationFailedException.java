package dev.singletable.migrations;

import dev.singletable.Experimental;
import dev.singletable.SingleTableException;

/**
 * A step threw: it is recorded as interrupted, the lock is released, and the steps after it did
 * not run. Fix the cause and run again: the step runs from its start, its scans from their saved
 * place. The cause is the step's exception.
 *
 * <pre>{@code
 * // "Migration 3 (Posts get a status) failed: ...; it is recorded as interrupted: run up again to resume it"
 * }</pre>
 */
@Experimental
public class MigrationFailedException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    private final long version;

    public MigrationFailedException(String message, long version, Throwable cause) {
        super(message, cause);
        this.version = version;
    }

    /** The version of the step that failed. */
    public long version() {
        return version;
    }
}
