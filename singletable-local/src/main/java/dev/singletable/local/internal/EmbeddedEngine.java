package dev.singletable.local.internal;

import java.io.File;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

import com.amazonaws.services.dynamodbv2.local.embedded.DynamoDBEmbedded;
import com.amazonaws.services.dynamodbv2.local.shared.access.AmazonDynamoDBLocal;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** DynamoDB Local called in-process through its own SDK v2 client proxies: no HTTP, no port. */
public final class EmbeddedEngine implements Engine {
    /** How long a start waits for another engine to let go of the data directory's SQLite file. */
    private static final java.time.Duration LOCKED_DATABASE_PATIENCE = java.time.Duration.ofSeconds(10);

    private final AmazonDynamoDBLocal local;

    private EmbeddedEngine(AmazonDynamoDBLocal local) {
        this.local = local;
    }

    public static EmbeddedEngine start() {
        try {
            // no file: in memory; TRUE: telemetry off (no call to AWS, no dynamodb-local-metadata.json)
            return new EmbeddedEngine(DynamoDBEmbedded.create((File) null, Boolean.TRUE));
        } catch (RuntimeException | LinkageError e) {
            throw StartFailures.of("embedded", e);
        }
    }

    /**
     * Keeps its tables in the SQLite file {@code dataDirectory/shared-local-instance.db}, the file
     * the HTTP server ({@code -sharedDb -dbPath dataDirectory}) uses, so both modes open the same data.
     */
    public static EmbeddedEngine start(Path dataDirectory) {
        File database = DataDirectory.prepare(dataDirectory).resolve(DataDirectory.SHARED_DATABASE_FILE).toFile();
        long deadline = System.nanoTime() + LOCKED_DATABASE_PATIENCE.toNanos();
        for (long pause = 20; ; pause = Math.min(pause * 2, 500)) {
            try {
                // the File is the SQLite database file itself, created when missing; TRUE: telemetry off
                return new EmbeddedEngine(DynamoDBEmbedded.create(database, Boolean.TRUE));
            } catch (RuntimeException | LinkageError e) {
                // An engine stopped just before on the same file (the previous command of a test, or of a script) lets
                // go of SQLite's lock on its own threads, a moment after stop() returns: wait for it, as SQLite's busy
                // timeout would, rather than fail the start.
                if (!isDatabaseLocked(e) || System.nanoTime() + pause * 1_000_000 > deadline) {
                    throw StartFailures.of("embedded, data in " + dataDirectory, e);
                }
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + database + " to be unlocked", interrupted);
            }
        }
    }

    private static boolean isDatabaseLocked(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (String.valueOf(cause.getMessage()).contains("database is locked")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public DynamoDbClient client() {
        return local.dynamoDbClient();
    }

    @Override
    public DynamoDbAsyncClient asyncClient() {
        return local.dynamoDbAsyncClient();
    }

    @Override
    public Optional<URI> endpoint() {
        return Optional.empty();
    }

    @Override
    public void stop() {
        // Not shutdown() (which is also what closing its clients does): it leaves a background
        // job asleep in a non-daemon thread for hours, and the JVM cannot exit.
        local.shutdownNow();
    }
}
