package dev.singletable.migrations;

import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import dev.singletable.Table;
import dev.singletable.migrations.internal.MigrationLock;
import dev.singletable.migrations.internal.MigrationState;
import dev.singletable.migrations.internal.ScanningContext;
import dev.singletable.migrations.internal.StateItems;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Applies {@link Migration} steps to a table and records them in it: the applied versions in a
 * migration-state item, a lock item while running so that two runners never migrate at once.
 *
 * <pre>{@code
 * MigrationRunner runner = MigrationRunner.builder(table, client)
 *         .migrations(List.of(new PostsGetAStatus(), new TagsLowerCased()))
 *         .build();
 * runner.status();      // every step: APPLIED, PENDING, INTERRUPTED or UNKNOWN
 * runner.up();          // the pending steps, in version order
 * runner.down(2);       // reverts the applied steps above version 2, newest first
 * }</pre>
 *
 * <p>The two items have the keys {@code _singletable#migrations} and {@code _singletable#migrations#lock}
 * (in the partition and, if any, the sort key attribute) and entity types starting with an
 * underscore, which entity reads skip. A step that throws is recorded as interrupted and runs
 * again, scans resuming, on the next {@code up}; see {@link Migration} for writing steps that are
 * safe to run twice.
 */
@Experimental
public final class MigrationRunner {
    private final Table table;
    private final DynamoDbClient client;
    private final TreeMap<Long, Migration> migrations;
    private final String owner;
    private final Duration lockDuration;
    private final boolean breakStaleLock;
    private final Clock clock;
    private final int scanPageSize;
    private final StateItems items;

    private MigrationRunner(Builder builder) {
        this.table = builder.table;
        this.client = builder.client;
        this.migrations = new TreeMap<>();
        for (Migration migration : builder.migrations) {
            if (migration.version() < 1) {
                throw new MigrationDefinitionException("Migration " + migration.version() + " (" + migration.description()
                        + ") has a version below 1; number the steps 1, 2, 3...");
            }
            Migration other = migrations.put(migration.version(), migration);
            if (other != null) {
                throw new MigrationDefinitionException("Migrations " + other.version() + " (" + other.description() + ") and "
                        + migration.version() + " (" + migration.description() + ") have the same version; give each its own");
            }
        }
        this.owner = builder.owner;
        this.lockDuration = builder.lockDuration;
        this.breakStaleLock = builder.breakStaleLock;
        this.clock = builder.clock;
        this.scanPageSize = builder.scanPageSize;
        this.items = new StateItems(table.schema());
    }

    /** A runner for {@code table}, sending its own requests through {@code client} (the table's client). */
    public static Builder builder(Table table, DynamoDbClient client) {
        return new Builder(table, client);
    }

    /** Every step, known or recorded, in version order, and where it stands. Reads the state item only. */
    public List<MigrationStep> status() {
        MigrationState state = MigrationState.read(client, items);
        TreeMap<Long, MigrationStep> steps = new TreeMap<>();
        migrations.forEach((version, migration) -> steps.put(version, new MigrationStep(version, migration.description(),
                MigrationStep.State.PENDING, Optional.empty())));
        state.applied().forEach((version, applied) -> steps.put(version, new MigrationStep(version,
                migrations.containsKey(version) ? migrations.get(version).description() : applied.description(),
                migrations.containsKey(version) ? MigrationStep.State.APPLIED : MigrationStep.State.UNKNOWN,
                Optional.of(applied.appliedAt()))));
        state.inProgress().ifPresent(progress -> {
            MigrationStep step = steps.get(progress.version());
            String description = step != null ? step.description() : "(no step has this version)";
            steps.put(progress.version(), new MigrationStep(progress.version(), description, MigrationStep.State.INTERRUPTED,
                    step == null ? Optional.empty() : step.appliedAt()));
        });
        return List.copyOf(steps.values());
    }

    /** Applies every pending step. Same as {@code up(Long.MAX_VALUE)}. */
    public List<MigrationStep> up() {
        return up(Long.MAX_VALUE);
    }

    /**
     * Applies the pending steps up to and including {@code toVersion}, in version order, an
     * interrupted one first; each is recorded as soon as it finishes.
     *
     * @return the steps applied by this call; empty when there was nothing to do
     * @throws MigrationLockedException when another runner holds the lock; nothing was run
     * @throws MigrationFailedException when a step throws; the steps before it stay applied
     *                                  ({@link MigrationFailedException#doneBefore()} lists those this call applied)
     */
    public List<MigrationStep> up(long toVersion) {
        return locked(state -> {
            state.inProgress().filter(progress -> !progress.up()).ifPresent(progress -> {
                throw new MigrationDefinitionException("Reverting migration " + progress.version()
                        + " was interrupted; run down again to finish it before going up");
            });
            List<MigrationStep> done = new ArrayList<>();
            for (Migration migration : migrations.headMap(toVersion, true).values()) {
                if (!state.applied().containsKey(migration.version())) {
                    runAfter(done, state, migration, true);
                    done.add(new MigrationStep(migration.version(), migration.description(), MigrationStep.State.APPLIED,
                            Optional.of(state.applied().get(migration.version()).appliedAt())));
                }
            }
            return done;
        });
    }

    /**
     * Reverts the applied steps above {@code toVersion}, newest first (0 reverts them all).
     *
     * @return the steps reverted by this call, now pending
     * @throws MigrationDefinitionException when one of them has no down step or is unknown to this runner; nothing was run
     * @throws MigrationLockedException when another runner holds the lock; nothing was run
     * @throws MigrationFailedException when a down step throws ({@link MigrationFailedException#doneBefore()} lists the steps
     *                                  this call reverted before it)
     */
    public List<MigrationStep> down(long toVersion) {
        return locked(state -> {
            state.inProgress().filter(MigrationState.InProgress::up).ifPresent(progress -> {
                throw new MigrationDefinitionException("Migration " + progress.version()
                        + " was interrupted going up; run up again to finish it before going down");
            });
            List<Long> versions = new ArrayList<>(state.applied().tailMap(toVersion, false).descendingKeySet());
            for (long version : versions) {
                Migration migration = migrations.get(version);
                if (migration == null) {
                    throw new MigrationDefinitionException("Migration " + version + " (" + state.applied().get(version).description()
                            + ") is applied to table " + table.schema().name() + " but no step of this runner has that version; "
                            + "add it to revert it");
                }
                if (!hasDown(migration)) {
                    throw new MigrationDefinitionException("Migration " + version + " (" + migration.description()
                            + ") has no down step, so it cannot be reverted; nothing was run. Override down(MigrationContext) in "
                            + migration.getClass().getName());
                }
            }
            List<MigrationStep> done = new ArrayList<>();
            for (long version : versions) {
                Migration migration = migrations.get(version);
                runAfter(done, state, migration, false);
                done.add(new MigrationStep(version, migration.description(), MigrationStep.State.PENDING, Optional.empty()));
            }
            return done;
        });
    }

    /** {@link #run}, its failure carrying the steps the same call ran before it. */
    private void runAfter(List<MigrationStep> done, MigrationState state, Migration migration, boolean up) {
        try {
            run(state, migration, up);
        } catch (MigrationFailedException e) {
            throw new MigrationFailedException(e.getMessage(), e.version(), e.getCause(), done);
        }
    }

    private void run(MigrationState state, Migration migration, boolean up) {
        state.start(migration.version(), up);
        ScanningContext context = new ScanningContext(table, client, migration.version(), state, lock(), items, scanPageSize);
        try {
            if (up) {
                migration.up(context);
            } else {
                migration.down(context);
            }
        } catch (MigrationLockedException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new MigrationFailedException((up ? "Migration " : "Reverting migration ") + migration.version() + " ("
                    + migration.description() + ") failed: " + e.getMessage() + "; it is recorded as interrupted: fix the cause and run "
                    + (up ? "up" : "down") + " again to resume it (its scans continue from their saved place)", migration.version(), e);
        }
        state.finish(migration.version(), up, migration.description(), clock.instant());
        lock().renew();
    }

    private List<MigrationStep> locked(java.util.function.Function<MigrationState, List<MigrationStep>> work) {
        MigrationLock lock = lock();
        lock.acquire(breakStaleLock);
        try {
            return work.apply(MigrationState.read(client, items));
        } finally {
            lock.release();
        }
    }

    private MigrationLock lock() {
        return new MigrationLock(client, items, owner, lockDuration, clock);
    }

    private static boolean hasDown(Migration migration) {
        try {
            return migration.getClass().getMethod("down", MigrationContext.class).getDeclaringClass() != Migration.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /**
     * Configures a {@link MigrationRunner}.
     *
     * <pre>{@code
     * MigrationRunner.builder(table, client).migrations(steps).owner("deploy-42").lockDuration(Duration.ofMinutes(2)).build();
     * }</pre>
     */
    public static final class Builder {
        private final Table table;
        private final DynamoDbClient client;
        private final List<Migration> migrations = new ArrayList<>();
        private String owner = defaultOwner();
        private Duration lockDuration = Duration.ofMinutes(5);
        private boolean breakStaleLock;
        private Clock clock = Clock.systemUTC();
        private int scanPageSize = 100;

        private Builder(Table table, DynamoDbClient client) {
            NullArgumentException.check("MigrationRunner.builder", "table", table, "client", client);
            this.table = table;
            this.client = client;
        }

        /** The steps this runner knows, in any order. */
        public Builder migrations(Collection<? extends Migration> migrations) {
            NullArgumentException.check("MigrationRunner.Builder.migrations", "migrations", migrations);
            migrations.forEach(m -> NullArgumentException.check("MigrationRunner.Builder.migrations", "migration", m));
            this.migrations.addAll(migrations);
            return this;
        }

        /** The name the lock item gives this runner, shown to runners it keeps out; default host name and process id. */
        public Builder owner(String owner) {
            NullArgumentException.check("MigrationRunner.Builder.owner", "owner", owner);
            this.owner = owner;
            return this;
        }

        /** How long the lock holds without renewal (it is renewed after each step and each scanned page); default 5 minutes. */
        public Builder lockDuration(Duration duration) {
            NullArgumentException.check("MigrationRunner.Builder.lockDuration", "duration", duration);
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("lockDuration " + duration + " must be positive");
            }
            this.lockDuration = duration;
            return this;
        }

        /** Takes over a lock whose expiry has passed (its runner died); off by default. A live lock is never taken. */
        public Builder breakStaleLock(boolean breakStaleLock) {
            this.breakStaleLock = breakStaleLock;
            return this;
        }

        /** The clock for lock expiry and the applied times; the system clock by default. */
        public Builder clock(Clock clock) {
            NullArgumentException.check("MigrationRunner.Builder.clock", "clock", clock);
            this.clock = clock;
            return this;
        }

        /** Items per request of the context's scans (and so how often their position is saved); default 100. */
        public Builder scanPageSize(int items) {
            if (items < 1) {
                throw new IllegalArgumentException("scanPageSize " + items + " must be 1 or more");
            }
            this.scanPageSize = items;
            return this;
        }

        /**
         * @throws MigrationDefinitionException when two steps share a version or one is below 1
         */
        public MigrationRunner build() {
            return new MigrationRunner(this);
        }

        private static String defaultOwner() {
            String host;
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException e) {
                host = "localhost";
            }
            return host + " pid " + ProcessHandle.current().pid();
        }
    }
}
