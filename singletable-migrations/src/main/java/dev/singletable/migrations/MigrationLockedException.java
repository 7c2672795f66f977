package dev.singletable.migrations;

import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import dev.singletable.SingleTableException;

import java.time.Instant;

/**
 * Another runner holds the table's migration lock: nothing was run. The message names the owner
 * and until when the lock holds; a lock past that time is stale (its runner died) and
 * {@link MigrationRunner.Builder#breakStaleLock(boolean) breakStaleLock(true)} takes it over.
 *
 * <pre>{@code
 * try {
 *     runner.up();
 * } catch (MigrationLockedException e) {
 *     System.err.println(e.owner() + " is migrating until " + e.expiresAt());
 * }
 * }</pre>
 */
@Experimental
public class MigrationLockedException extends SingleTableException {
    private static final long serialVersionUID = 1L;

    private final String owner;
    private final Instant expiresAt;
    private final boolean stale;

    public MigrationLockedException(String message, String owner, Instant expiresAt, boolean stale) {
        super(message);
        NullArgumentException.check("MigrationLockedException", "owner", owner, "expiresAt", expiresAt);
        this.owner = owner;
        this.expiresAt = expiresAt;
        this.stale = stale;
    }

    /** Who holds the lock, as its runner named itself (by default host and process id). */
    public String owner() {
        return owner;
    }

    /** When the lock expires unless its owner renews it. */
    public Instant expiresAt() {
        return expiresAt;
    }

    /** True when the lock has expired: its owner stopped without releasing it. */
    public boolean stale() {
        return stale;
    }
}
