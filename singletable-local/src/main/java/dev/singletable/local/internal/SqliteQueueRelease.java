package dev.singletable.local.internal;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Optional;

/**
 * Waits, after DynamoDB Local's {@code shutdownNow()}, until its SQLite queue thread has closed the database.
 *
 * <p>Why: DynamoDB Local 2.6.1 stops that thread with {@code SQLiteQueue.stop(true)} and returns without waiting, so
 * for a moment after {@code shutdownNow()} the SQLite file is still open and locked. An engine started on the same data
 * directory in that moment fails ("database is locked"), and cannot be retried: the failed start leaves the file in
 * DynamoDB Local's JVM-wide set of opened files ("Database specified by path already in use"). The queue is reached
 * through the engine's private fields (handler, client, database access), as no public API hands it out; when a
 * DynamoDB Local version moves them, {@link #of} and {@link #ofDatabase} find nothing and a stop simply does not wait,
 * as before. The HTTP server's databases have the same queue and the same race (a server started on a data directory
 * right after another one stopped).
 */
final class SqliteQueueRelease {
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    private final Thread thread;

    private SqliteQueueRelease(Thread thread) {
        this.thread = thread;
    }

    /** The release of the SQLite queue of an embedded engine, when this DynamoDB Local version lets it be found. */
    static Optional<SqliteQueueRelease> of(Object engine) {
        try {
            return ofDatabase(field(field(engine, "val$handler"), "impl"));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The release of the SQLite queue of one of DynamoDB Local's databases (its {@code LocalDBClient}: what the embedded
     * engine wraps, and what the HTTP server's request handler keeps one of per database).
     */
    static Optional<SqliteQueueRelease> ofDatabase(Object database) {
        try {
            Object access = field(database, "dbAccess");
            Object queue = field(access, "queue");
            Object thread = field(queue, "myThread");
            return thread instanceof Thread queueThread ? Optional.of(new SqliteQueueRelease(queueThread)) : Optional.empty();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Returns once the queue's thread has ended (its connection closed), or after a bounded wait. */
    void awaitClosed() {
        try {
            thread.join(PATIENCE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        for (Class<?> type = owner.getClass(); type != null; type = type.getSuperclass()) {
            try {
                Field field = type.getDeclaredField(name);
                field.setAccessible(true);
                return field.get(owner);
            } catch (NoSuchFieldException e) {
                // declared by a superclass
            }
        }
        throw new NoSuchFieldException(owner.getClass().getName() + "." + name);
    }
}
