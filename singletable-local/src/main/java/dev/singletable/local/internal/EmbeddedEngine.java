package dev.singletable.local.internal;

import java.io.File;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

import com.amazonaws.services.dynamodbv2.local.embedded.DynamoDBEmbedded;
import com.amazonaws.services.dynamodbv2.local.shared.access.AmazonDynamoDBLocal;
import dev.singletable.local.LocalDynamoDbException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** DynamoDB Local called in-process through its own SDK v2 client proxies: no HTTP, no port. */
public final class EmbeddedEngine implements Engine {
    private final AmazonDynamoDBLocal local;
    private final Optional<SqliteQueueRelease> release;

    private EmbeddedEngine(AmazonDynamoDBLocal local) {
        this.local = local;
        this.release = SqliteQueueRelease.of(local);
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
        try {
            // the File is the SQLite database file itself, created when missing; TRUE: telemetry off
            return new EmbeddedEngine(DynamoDBEmbedded.create(database, Boolean.TRUE));
        } catch (RuntimeException | LinkageError e) {
            if (has(e, "database is locked")) {
                throw new LocalDynamoDbException("DynamoDB Local (embedded) could not open "
                        + database + ": another DynamoDB Local has it open (a DynamoDB Local server started with -dbPath "
                        + dataDirectory + ", or a singletable command still running on it); stop that one, or give "
                        + "another data directory", e);
            }
            if (has(e, "already in use")) {
                throw new LocalDynamoDbException("DynamoDB Local (embedded) could not open "
                        + database + ": an engine in this JVM already has it open; close that LocalDynamoDb first, "
                        + "or give another data directory", e);
            }
            throw StartFailures.of("embedded, data in " + dataDirectory, e);
        }
    }

    private static boolean has(Throwable failure, String message) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (String.valueOf(cause.getMessage()).contains(message)) {
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
        // shutdownNow() returns before SQLite's thread has closed the file; the next start on it must find it closed
        release.ifPresent(SqliteQueueRelease::awaitClosed);
    }
}
