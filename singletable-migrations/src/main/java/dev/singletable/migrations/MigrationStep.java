package dev.singletable.migrations;

import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;

import java.time.Instant;
import java.util.Optional;

/**
 * One step as {@link MigrationRunner#status()} sees it: known from a {@link Migration}, recorded in
 * the table, or both.
 *
 * <pre>{@code
 * runner.status().forEach(step -> System.out.println(step.version() + " " + step.state() + " " + step.description()));
 * }</pre>
 *
 * @param version the step's version
 * @param description what it changes
 * @param state applied, pending, interrupted, or applied but unknown to this runner
 * @param appliedAt when it was applied; empty unless applied
 */
@Experimental
public record MigrationStep(long version, String description, State state, Optional<Instant> appliedAt) {
    public MigrationStep {
        NullArgumentException.check("MigrationStep", "description", description, "state", state, "appliedAt", appliedAt);
    }

    /** Where a step stands. */
    public enum State {
        /** Recorded as applied in the table. */
        APPLIED,
        /** Not applied yet. */
        PENDING,
        /** Started and stopped by a failure or a crash: the next {@code up} (or {@code down}) runs it again, resuming its scans. */
        INTERRUPTED,
        /** Recorded as applied in the table, but no {@link Migration} of this runner has its version. */
        UNKNOWN
    }
}
