package dev.singletable.migrations;

import dev.singletable.Experimental;
import dev.singletable.SingleTableException;

import java.util.List;

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
    private final transient List<MigrationStep> doneBefore;

    public MigrationFailedException(String message, long version, Throwable cause) {
        this(message, version, cause, List.of());
    }

    /**
     * @param doneBefore the steps the same call applied ({@code up}) or reverted ({@code down}) before this one failed
     */
    public MigrationFailedException(String message, long version, Throwable cause, List<MigrationStep> doneBefore) {
        super(message, cause);
        this.version = version;
        this.doneBefore = List.copyOf(doneBefore);
    }

    /** The version of the step that failed. */
    public long version() {
        return version;
    }

    /**
     * The steps the same call applied ({@code up}, now {@code APPLIED}) or reverted ({@code down}, now {@code PENDING})
     * before this one failed, in the order it ran them; they stay so. Empty when the failing step was the first.
     */
    public List<MigrationStep> doneBefore() {
        return doneBefore == null ? List.of() : doneBefore;
    }
}
