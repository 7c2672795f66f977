package dev.singletable.local;

import dev.singletable.LoopbackEndpoint;
import dev.singletable.Stable;
import java.net.URI;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

import dev.singletable.local.internal.CloseIgnoringView;
import dev.singletable.local.internal.DynoxideBinary;
import dev.singletable.local.internal.DynoxideEngine;
import dev.singletable.local.internal.Engine;
import dev.singletable.local.internal.EngineSettings;
import dev.singletable.local.internal.FeatureProbe;
import dev.singletable.local.internal.RemoteEngine;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.AwsProfileRegionProvider;
import software.amazon.awssdk.regions.providers.AwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.SystemSettingsRegionProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A DynamoDB engine for tests, demos and local development: Dynoxide (MIT OR Apache-2.0), started in a child process
 * on 127.0.0.1 and a free port, in memory; or an engine elsewhere. Close it to stop it; every table is gone then,
 * unless {@link Builder#dataDirectory(Path)} keeps them on disk.
 *
 * <pre>{@code
 * try (LocalDynamoDb db = LocalDynamoDb.embedded()) {             // Dynoxide, in memory
 *     Table table = Table.of(schema, db.client());                // Apache HTTP client, us-east-1
 *     table.createTable();
 *     URI endpoint = db.endpoint();                               // http://127.0.0.1:41234, for any SDK or the AWS CLI
 * }
 * }</pre>
 *
 * <p><b>The binary.</b> The test dependency {@code singletable-engine-linux-x64} carries Dynoxide for Linux x64; it
 * is extracted once to {@code ~/.cache/singletable/engine} ({@value #ENGINE_CACHE_PROPERTY} moves it).
 * Elsewhere, or to use another build, name the executable with {@value #DYNOXIDE_PATH_PROPERTY} (environment
 * variable {@code SINGLETABLE_DYNOXIDE_PATH}) or put {@code dynoxide} on the {@code PATH}.
 *
 * <p><b>Cost.</b> An engine starts in milliseconds and idles at a few megabytes; a table is created and deleted in
 * milliseconds, so a table per test class, or per test, is cheap. Each {@code LocalDynamoDb} is a process of its own.
 *
 * <p><b>No orphans.</b> The engine stops with {@link #close()}, and also when this JVM ends without closing it, even
 * when killed with {@code kill -9} (where {@code /bin/sh} exists: it watches a pipe only this JVM holds).
 *
 * <p><b>Elsewhere.</b> {@link Mode#REMOTE} starts nothing: it hands out clients for an engine
 * running elsewhere, Amazon DynamoDB or any wire-compatible one, so that the same tests run
 * there. {@link Builder#fromEnvironment()} reads where from {@value #ENDPOINT_PROPERTY} (or the
 * environment variable {@code SINGLETABLE_TEST_ENDPOINT}): {@code embedded} (the default),
 * {@code aws}, or a URL such as {@code http://127.0.0.1:4567}; the region
 * from {@value #REGION_PROPERTY} ({@code SINGLETABLE_TEST_REGION}) and the credentials profile
 * from {@value #PROFILE_PROPERTY} ({@code SINGLETABLE_TEST_PROFILE}).
 *
 * <pre>{@code
 * // mvn test -Dsingletable.test.endpoint=https://dynamodb.eu-west-1.amazonaws.com -Dsingletable.test.profile=ci
 * try (LocalDynamoDb db = LocalDynamoDb.configured()) {           // Dynoxide unless configured
 *     if (db.supports(EngineFeature.TRANSACTIONS)) { ... }        // probed once per engine
 * }
 * }</pre>
 *
 * <p>Thread-safe.
 */
@Stable
public final class LocalDynamoDb implements AutoCloseable {

    /** Where the engine runs. */
    public enum Mode {
        /** Dynoxide, started and stopped by this object, in a child process on 127.0.0.1. */
        EMBEDDED,
        /**
         * No engine here: clients for an endpoint elsewhere (Amazon DynamoDB, dynalite, a
         * DynamoDB Local you run yourself). Closing closes the clients only.
         */
        REMOTE
    }

    /** System property naming the Dynoxide executable to start; environment variable {@code SINGLETABLE_DYNOXIDE_PATH}. */
    public static final String DYNOXIDE_PATH_PROPERTY = DynoxideBinary.PATH_PROPERTY;
    /** System property naming the directory the packaged Dynoxide is extracted to; environment variable {@code SINGLETABLE_ENGINE_CACHE}. */
    public static final String ENGINE_CACHE_PROPERTY = DynoxideBinary.CACHE_PROPERTY;

    /** System property naming the engine of {@link Builder#fromEnvironment()}; environment variable {@code SINGLETABLE_TEST_ENDPOINT}. */
    public static final String ENDPOINT_PROPERTY = EngineSettings.ENDPOINT_PROPERTY;
    /** System property naming the region of a remote engine; environment variable {@code SINGLETABLE_TEST_REGION}. */
    public static final String REGION_PROPERTY = EngineSettings.REGION_PROPERTY;
    /** System property naming the credentials profile of a remote engine; environment variable {@code SINGLETABLE_TEST_PROFILE}. */
    public static final String PROFILE_PROPERTY = EngineSettings.PROFILE_PROPERTY;

    private final Mode mode;
    private final Engine engine;
    private final Object lock = new Object();
    private final Map<EngineFeature, Optional<String>> missingFeatures = new EnumMap<>(EngineFeature.class);
    private DynamoDbClient client;
    private DynamoDbAsyncClient asyncClient;
    private software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient streamsClient;
    private boolean closed;

    private LocalDynamoDb(Mode mode, Engine engine) {
        this.mode = mode;
        this.engine = engine;
    }

    /** Starts Dynoxide in memory on 127.0.0.1 and a free port. Same as {@code builder().start()}. */
    public static LocalDynamoDb embedded() {
        return builder().start();
    }

    /**
     * Starts (or connects to) the engine named by {@value #ENDPOINT_PROPERTY} and its companions,
     * Dynoxide when nothing is set. Same as {@code builder().fromEnvironment().start()}.
     */
    public static LocalDynamoDb configured() {
        return builder().fromEnvironment().start();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Mode mode() {
        return mode;
    }

    /**
     * The engine's synchronous client, created on first use and shared. It belongs to the
     * engine: its {@code close()} does nothing, {@link #close()} closes it. It uses the Apache
     * HTTP client; it is singletable's wire client when {@link Builder#wireClient(boolean)} says so.
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
     * It uses the Netty HTTP client.
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
     * The engine's DynamoDB Streams client (same endpoint, region and credentials as {@link #client()}), created on first
     * use and shared, like {@link #client()}: what a {@code dev.singletable.changes.ChangeReader} reads the engine's
     * streams with.
     *
     * <pre>{@code
     * ChangeReader<Object> reader = ChangeReader.builder(ChangeDecoder.of(table), db.streamsClient()).build();
     * }</pre>
     *
     * @throws IllegalStateException when the engine is closed
     */
    public software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient streamsClient() {
        synchronized (lock) {
            checkOpen();
            if (streamsClient == null) {
                streamsClient = CloseIgnoringView.of(software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient.class,
                        engine.streamsClient(), "DynamoDbStreamsClient of " + this);
            }
            return streamsClient;
        }
    }

    /**
     * Where the engine listens, such as {@code http://127.0.0.1:41234}: give it to any SDK,
     * the AWS CLI ({@code --endpoint-url}) or NoSQL Workbench, with any credentials and region.
     * In {@link Mode#REMOTE}, the endpoint the clients call.
     */
    public URI endpoint() {
        return engine.endpoint().orElseThrow();
    }

    /**
     * The region {@link #client()} names: {@code us-east-1} for Dynoxide, which ignores
     * regions; in {@link Mode#REMOTE} the configured one.
     */
    public Region region() {
        return engine.region();
    }

    /**
     * Whether the engine has {@code feature}, probed on first ask with a request or two (for
     * {@link EngineFeature#RETURN_VALUES_ON_CONDITION_CHECK_FAILURE}, a scratch table created and
     * deleted) and remembered.
     */
    public boolean supports(EngineFeature feature) {
        return missing(feature).isEmpty();
    }

    /**
     * Why the engine lacks {@code feature}, such as {@code "TransactWriteItems: UnknownOperationException"},
     * or empty when it has it. Probed like {@link #supports}.
     */
    public Optional<String> missing(EngineFeature feature) {
        Objects.requireNonNull(feature, "feature");
        synchronized (missingFeatures) {
            Optional<String> known = missingFeatures.get(feature);
            if (known == null) {
                known = FeatureProbe.probe(client(), feature);
                missingFeatures.put(feature, known);
            }
            return known;
        }
    }

    /** Stops the engine and closes its clients; all data is lost unless kept in a data directory. Does nothing the second time. */
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

    /**
     * What the engine is, for messages and logs: {@code "Dynoxide 1.2.1 at http://127.0.0.1:41234"}, or
     * {@code "at https://dynamodb.eu-west-1.amazonaws.com"} for one elsewhere.
     */
    public String description() {
        return engine instanceof DynoxideEngine dynoxide ? dynoxide.describe() + " at " + endpoint() : "at " + endpoint();
    }

    @Override
    public String toString() {
        return "LocalDynamoDb[" + (mode == Mode.REMOTE ? "remote " + endpoint() : engine.toString()) + "]";
    }

    /** For messages: {@code "at http://127.0.0.1:4567"}, {@code "Dynoxide 1.2.1 at http://127.0.0.1:4567"}. */
    String describe() {
        return description();
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
     * LocalDynamoDb db = LocalDynamoDb.builder().port(8000).verbose(true).start();
     * }</pre>
     */
    public static final class Builder {
        private Mode mode = Mode.EMBEDDED;
        private int port;
        private boolean verbose;
        private boolean wireClient;
        private Optional<URI> endpoint = Optional.empty();
        private Optional<Region> region = Optional.empty();
        private Optional<String> profile = Optional.empty();
        private Optional<Path> dataDirectory = Optional.empty();
        private Consumer<ClientOverrideConfiguration.Builder> clientConfiguration = configuration -> { };

        private Builder() {
        }

        /** {@link Mode#EMBEDDED} unless set. {@link Mode#REMOTE} without {@link #endpoint} is Amazon DynamoDB. */
        public Builder mode(Mode mode) {
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** An engine elsewhere, reached at {@code endpoint}: sets {@link Mode#REMOTE}. */
        public Builder endpoint(URI endpoint) {
            this.endpoint = Optional.of(Objects.requireNonNull(endpoint, "endpoint"));
            this.mode = Mode.REMOTE;
            return this;
        }

        /**
         * The region of {@link Mode#REMOTE}; unset, the profile's, else the SDK's default chain
         * ({@code AWS_REGION}, {@code ~/.aws/config}), else {@code us-east-1} for a loopback endpoint.
         */
        public Builder region(Region region) {
            this.region = Optional.of(Objects.requireNonNull(region, "region"));
            return this;
        }

        /**
         * The credentials profile of {@link Mode#REMOTE} (in {@code ~/.aws/credentials} or
         * {@code ~/.aws/config}); unset, the SDK's default chain, or fixed fake credentials for a
         * loopback endpoint.
         */
        public Builder profile(String profile) {
            this.profile = Optional.of(Objects.requireNonNull(profile, "profile"));
            return this;
        }

        /**
         * Applies {@value LocalDynamoDb#ENDPOINT_PROPERTY}, {@value LocalDynamoDb#REGION_PROPERTY}
         * and {@value LocalDynamoDb#PROFILE_PROPERTY} (system properties, else the environment
         * variables {@code SINGLETABLE_TEST_ENDPOINT}, {@code SINGLETABLE_TEST_REGION},
         * {@code SINGLETABLE_TEST_PROFILE}) where set. The endpoint is {@code embedded} (Dynoxide,
         * started here), {@code aws} (Amazon DynamoDB of the region) or a URL.
         *
         * @throws LocalDynamoDbException when the endpoint is none of these
         */
        public Builder fromEnvironment() {
            EngineSettings settings = EngineSettings.current();
            switch (settings.target()) {
                case EMBEDDED -> mode(Mode.EMBEDDED);
                case AMAZON -> mode(Mode.REMOTE);
                case ENDPOINT -> endpoint(settings.endpoint().orElseThrow());
            }
            settings.region().ifPresent(r -> region(Region.of(r)));
            settings.profile().ifPresent(this::profile);
            return this;
        }

        /** The port of {@link Mode#EMBEDDED}, 1 to 65535; unset (or 0), a free one. */
        public Builder port(int port) {
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("port " + port + " is not between 1 and 65535 (or 0 for a free one)");
            }
            this.port = port;
            return this;
        }

        /**
         * Keeps the tables of {@link Mode#EMBEDDED} on disk, in the SQLite file
         * {@code dynoxide.db} of {@code directory} (created when missing), instead of in memory:
         * they survive {@link #close()} and the next engine started on the same directory finds
         * them. One engine at a time per directory.
         *
         * <pre>{@code
         * try (LocalDynamoDb db = LocalDynamoDb.builder().dataDirectory(Path.of("data")).start()) { ... }
         * }</pre>
         */
        public Builder dataDirectory(Path directory) {
            this.dataDirectory = Optional.of(Objects.requireNonNull(directory, "directory"));
            return this;
        }

        /**
         * Configures the clients of {@link Mode#REMOTE} further (after the test settings), such as
         * their retry strategy; the embedded engine's clients are not changed.
         *
         * <pre>{@code
         * LocalDynamoDb.builder().endpoint(url).clientConfiguration(c -> c.retryStrategy(RetryMode.STANDARD)).start();
         * }</pre>
         */
        public Builder clientConfiguration(Consumer<ClientOverrideConfiguration.Builder> configuration) {
            this.clientConfiguration = Objects.requireNonNull(configuration, "configuration");
            return this;
        }

        /**
         * Keeps Dynoxide's output file after {@link #close()} (a temporary file, named by
         * {@link LocalDynamoDb#toString()}); without it the file is deleted, and shown only in the
         * message of an engine that failed to start.
         */
        public Builder verbose(boolean verbose) {
            this.verbose = verbose;
            return this;
        }

        /**
         * Makes {@link LocalDynamoDb#client()} singletable's wire client ({@code dev.singletable.wire.WireClient}, on the
         * Apache HTTP client) instead of the SDK's: for the operations it sends (its javadoc lists them; any other throws
         * {@code UnsupportedOperationException} naming it), the same requests, responses and exceptions, for a fraction
         * of the SDK client's start-up and less work a request. For command-line tools and short test runs, where
         * start-up and round trips are most of the time; the asynchronous and streams clients stay the SDK's, and
         * {@link #clientConfiguration} applies to those only. Off unless set; the system property
         * {@code singletable.test.wireClient} or the environment variable {@code SINGLETABLE_TEST_WIRE_CLIENT} set to true
         * turns it on for every engine (as in the engine runs of singletable's own build), and then {@code wireClient(false)}
         * does not turn it off.
         *
         * <pre>{@code
         * try (LocalDynamoDb db = LocalDynamoDb.builder().wireClient(true).start()) {
         *     Table table = Table.of(schema, db.client());   // sent and read by the wire client
         * }
         * }</pre>
         */
        public Builder wireClient(boolean wireClient) {
            this.wireClient = wireClient;
            return this;
        }

        /**
         * Starts the engine and returns once it accepts requests.
         *
         * @throws LocalDynamoDbException when it cannot start; the message says why and what to change
         */
        public LocalDynamoDb start() {
            if (mode == Mode.REMOTE) {
                if (port != 0) {
                    throw new IllegalStateException("port(" + port + ") needs mode(Mode.EMBEDDED); a remote engine has the port of its endpoint");
                }
                if (dataDirectory.isPresent()) {
                    throw new IllegalStateException("dataDirectory(" + dataDirectory.get()
                            + ") needs mode(Mode.EMBEDDED); a remote engine keeps its own data");
                }
                return new LocalDynamoDb(mode, new RemoteEngine(endpoint, remoteRegion(), remoteCredentials(), clientConfiguration, wireClient));
            }
            if (endpoint.isPresent()) {
                throw new IllegalStateException("endpoint(" + endpoint.get() + ") needs mode(Mode.REMOTE), not " + mode);
            }
            return new LocalDynamoDb(mode, DynoxideEngine.start(port, dataDirectory, verbose, wireClient));
        }

        private Region remoteRegion() {
            if (region.isPresent()) {
                return region.get();
            }
            try {
                if (profile.isPresent()) {
                    return new AwsProfileRegionProvider(ProfileFile::defaultProfileFile, profile.get()).getRegion();
                }
                if (isLoopback()) {
                    // not the default chain: its last step asks EC2's instance metadata, which off EC2 costs about a second
                    // of timeouts and retries per start (every CLI command), for an engine on this machine that any region suits
                    return new AwsRegionProviderChain(new SystemSettingsRegionProvider(), new AwsProfileRegionProvider()).getRegion();
                }
                return DefaultAwsRegionProviderChain.builder().build().getRegion();
            } catch (SdkClientException e) {
                if (isLoopback()) {
                    return Engine.REGION;
                }
                throw new LocalDynamoDbException("No region for " + endpoint.map(URI::toString).orElse("Amazon DynamoDB")
                        + ": set " + EngineSettings.describe(REGION_PROPERTY) + ", AWS_REGION, or a region in "
                        + profile.map(p -> "profile " + p).orElse("the default profile") + " of ~/.aws/config", e);
            }
        }

        private AwsCredentialsProvider remoteCredentials() {
            if (profile.isPresent()) {
                return ProfileCredentialsProvider.create(profile.get());
            }
            if (isLoopback()) {
                // engines on this machine accept any signature; no credentials need to be configured
                return StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
            }
            return DefaultCredentialsProvider.builder().build();
        }

        private boolean isLoopback() {
            return endpoint.filter(LoopbackEndpoint::isLoopback).isPresent();
        }
    }
}
