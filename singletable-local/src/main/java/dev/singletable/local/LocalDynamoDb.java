package dev.singletable.local;

import java.net.URI;
import java.util.Objects;

import dev.singletable.local.internal.CloseIgnoringView;
import dev.singletable.local.internal.EmbeddedEngine;
import dev.singletable.local.internal.Engine;
import dev.singletable.local.internal.EngineLogging;
import dev.singletable.local.internal.HttpServerEngine;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Amazon's DynamoDB Local running inside this JVM: in memory, telemetry off, quiet. Close it to
 * stop it; every table is gone then.
 *
 * <pre>{@code
 * try (LocalDynamoDb db = LocalDynamoDb.embedded()) {             // no HTTP: the fastest
 *     Table table = Table.of(schema, db.client());
 *     table.createTable();
 *     ...
 * }
 * try (LocalDynamoDb db = LocalDynamoDb.server()) {               // HTTP on 127.0.0.1, a free port
 *     URI endpoint = db.endpoint();                               // http://127.0.0.1:41234
 *     DynamoDbClient client = db.client();                        // Apache HTTP client, us-east-1
 * }
 * }</pre>
 *
 * <p><b>Modes.</b> {@link Mode#EMBEDDED} calls the engine directly through an SDK v2 client of
 * its own; {@link Mode#SERVER} puts it behind an HTTP server on the loopback interface only, the
 * wire path the SDK uses against AWS, for tools in other processes too. The server keeps one
 * database whatever the credentials and region of a request.
 *
 * <p><b>Cost.</b> The first engine in a JVM takes one to two seconds to start (class loading,
 * SQLite's native library); more engines start in tens of milliseconds. A table is created and
 * deleted in milliseconds, so a table per test class, or per test, is cheap.
 *
 * <p><b>Logs.</b> By default DynamoDB Local's, SQLite's and Jetty's INFO lines are turned off
 * where their backend (log4j 2 core, java.util.logging, slf4j-simple, logback) allows; errors
 * still show. {@link Builder#verbose(boolean) verbose(true)} leaves logging alone. This is
 * JVM-wide and is not undone by {@link #close()}.
 *
 * <p>Thread-safe. Always close it: the engine's threads keep the JVM alive.
 */
public final class LocalDynamoDb implements AutoCloseable {

    /** How clients reach the engine. */
    public enum Mode {
        /** In-process calls, no HTTP, no port: the fastest. */
        EMBEDDED,
        /** An HTTP server on 127.0.0.1, as DynamoDB Local's own {@code -inMemory -sharedDb} server. */
        SERVER
    }

    private final Mode mode;
    private final Engine engine;
    private final Object lock = new Object();
    private DynamoDbClient client;
    private DynamoDbAsyncClient asyncClient;
    private boolean closed;

    private LocalDynamoDb(Mode mode, Engine engine) {
        this.mode = mode;
        this.engine = engine;
    }

    /** Starts an engine without HTTP. Same as {@code builder().start()}. */
    public static LocalDynamoDb embedded() {
        return builder().start();
    }

    /** Starts an engine behind HTTP on 127.0.0.1 and a free port. Same as {@code builder().mode(SERVER).start()}. */
    public static LocalDynamoDb server() {
        return builder().mode(Mode.SERVER).start();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Mode mode() {
        return mode;
    }

    /**
     * The engine's synchronous client, created on first use and shared. It belongs to the
     * engine: its {@code close()} does nothing, {@link #close()} closes it. In
     * {@link Mode#SERVER} it uses the Apache HTTP client.
     *
     * @throws IllegalStateException when the engine is closed
     */
    public DynamoDbClient client() {
        synchronized (lock) {
            checkOpen();
            if (client == null) {
                client = CloseIgnoringView.of(DynamoDbClient.class, engine.client(), "DynamoDbClient of " + this);
            }
            return client;
        }
    }

    /**
     * The engine's asynchronous client, created on first use and shared, like {@link #client()}.
     * In {@link Mode#SERVER} it uses the Netty HTTP client.
     *
     * @throws IllegalStateException when the engine is closed
     */
    public DynamoDbAsyncClient asyncClient() {
        synchronized (lock) {
            checkOpen();
            if (asyncClient == null) {
                asyncClient = CloseIgnoringView.of(DynamoDbAsyncClient.class, engine.asyncClient(),
                        "DynamoDbAsyncClient of " + this);
            }
            return asyncClient;
        }
    }

    /**
     * Where the HTTP server listens, such as {@code http://127.0.0.1:41234}: give it to any SDK,
     * the AWS CLI ({@code --endpoint-url}) or NoSQL Workbench, with any credentials and region.
     *
     * @throws IllegalStateException in {@link Mode#EMBEDDED}, which has no endpoint
     */
    public URI endpoint() {
        return engine.endpoint().orElseThrow(() -> new IllegalStateException(
                "an embedded DynamoDB Local has no endpoint; start one with LocalDynamoDb.server() to reach it over HTTP"));
    }

    /** The region {@link #client()} names: {@code us-east-1}. The engine itself ignores regions. */
    public Region region() {
        return Engine.REGION;
    }

    /** Stops the engine and closes its clients; all data is lost. Does nothing the second time. */
    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        engine.stop();
    }

    @Override
    public String toString() {
        return "LocalDynamoDb[" + engine.endpoint().map(URI::toString).orElse("embedded") + "]";
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException(this + " is closed");
        }
    }

    /**
     * Configures a {@link LocalDynamoDb}.
     *
     * <pre>{@code
     * LocalDynamoDb db = LocalDynamoDb.builder().mode(LocalDynamoDb.Mode.SERVER).port(8000).verbose(true).start();
     * }</pre>
     */
    public static final class Builder {
        private Mode mode = Mode.EMBEDDED;
        private int port;
        private boolean verbose;

        private Builder() {
        }

        /** {@link Mode#EMBEDDED} unless set. */
        public Builder mode(Mode mode) {
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** The port of {@link Mode#SERVER}, 1 to 65535; unset (or 0), a free one. */
        public Builder port(int port) {
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("port " + port + " is not between 1 and 65535 (or 0 for a free one)");
            }
            this.port = port;
            return this;
        }

        /** Keeps the engine's, SQLite's and Jetty's logs as your logging configuration has them. */
        public Builder verbose(boolean verbose) {
            this.verbose = verbose;
            return this;
        }

        /**
         * Starts the engine and returns once it accepts requests.
         *
         * @throws LocalDynamoDbException when it cannot start; the message says why and what to change
         */
        public LocalDynamoDb start() {
            if (port != 0 && mode != Mode.SERVER) {
                throw new IllegalStateException("port(" + port + ") needs mode(Mode.SERVER); an embedded engine has no port");
            }
            if (!verbose) {
                EngineLogging.quietEngine();
                if (mode == Mode.SERVER) {
                    EngineLogging.quietJetty();
                }
            }
            Engine engine = mode == Mode.SERVER ? HttpServerEngine.start(port) : EmbeddedEngine.start();
            return new LocalDynamoDb(mode, engine);
        }
    }
}
