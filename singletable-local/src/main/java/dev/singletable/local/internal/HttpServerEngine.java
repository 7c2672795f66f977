package dev.singletable.local.internal;

import java.lang.reflect.Field;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.singletable.WireClient;
import dev.singletable.local.LocalDynamoDbException;

import com.amazonaws.services.dynamodbv2.local.server.LocalDynamoDBRequestHandler;
import com.amazonaws.services.dynamodbv2.local.server.LocalDynamoDBServerHandler;
import com.amazonaws.services.dynamodbv2.local.shared.access.AmazonDynamoDBLocal;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandler;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB Local's request handler behind a Jetty server on 127.0.0.1, in memory, one database
 * for all credentials and regions ({@code -sharedDb}).
 *
 * <p>Built here rather than through {@code ServerRunner}/{@code DynamoDBProxyServer}: those bind
 * every interface (no host option), refuse port 0, and {@code DynamoDBProxyServer.start()}
 * prints a bind failure to stderr instead of throwing it. The handler tree is the one
 * {@code DynamoDBProxyServer.setUpHandler} builds. No telemetry is ever configured on this path.
 */
public final class HttpServerEngine implements Engine {
    private static final String HOST = "127.0.0.1";
    private static final StaticCredentialsProvider CREDENTIALS =
            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));

    private final Server server;
    private final LocalDynamoDBRequestHandler requests;
    private final LocalDynamoDBServerHandler handler;
    private final URI endpoint;
    private DynamoDbClient client;
    private SdkHttpClient wireHttp; // the wire client's, which the wire client leaves to its caller to close
    private DynamoDbAsyncClient asyncClient;

    private HttpServerEngine(Server server, LocalDynamoDBRequestHandler requests,
                             LocalDynamoDBServerHandler handler, URI endpoint) {
        this.server = server;
        this.requests = requests;
        this.handler = handler;
        this.endpoint = endpoint;
    }

    /** Starts on {@code port}, or on a free port chosen by the OS when it is 0, in memory. */
    public static HttpServerEngine start(int port) {
        return start(port, Optional.empty());
    }

    /**
     * Starts on {@code port} (0: a free one), keeping its tables in
     * {@code dataDirectory/shared-local-instance.db} when given, else in memory.
     */
    public static HttpServerEngine start(int port, Optional<Path> dataDirectory) {
        LocalDynamoDBRequestHandler requests;
        LocalDynamoDBServerHandler handler;
        Server server;
        ServerConnector connector;
        try {
            // authority level 0, in memory or a db path (a directory), shared db, no transient-status delays; no CORS
            requests = dataDirectory.isPresent()
                    ? new LocalDynamoDBRequestHandler(0, false, DataDirectory.prepare(dataDirectory.get()).toString(), true, false)
                    : new LocalDynamoDBRequestHandler(0, true, null, true, false);
            handler = new LocalDynamoDBServerHandler(requests, null);
            QueuedThreadPool threads = new QueuedThreadPool();
            threads.setName("dynamodb-local-http");
            server = new Server(threads);
            connector = new ServerConnector(server);
            connector.setHost(HOST);
            connector.setPort(port);
            server.addConnector(connector);
            ContextHandler context = new ContextHandler();
            context.setHandler(handler);
            server.setHandler(new ContextHandlerCollection(context));
        } catch (RuntimeException | LinkageError e) {
            throw StartFailures.of("HTTP server", e);
        }
        try {
            server.start();
        } catch (Exception | LinkageError e) {
            LocalDynamoDbException failure = StartFailures.of("HTTP server", HOST + ":" + port, e);
            try {
                shutDown(server, requests, handler);
            } catch (RuntimeException suppressed) {
                failure.addSuppressed(suppressed);
            }
            throw failure;
        }
        return new HttpServerEngine(server, requests, handler,
                URI.create("http://" + HOST + ":" + connector.getLocalPort()));
    }

    @Override
    public synchronized DynamoDbClient client() {
        if (client == null && EngineSettings.wireClient()) {
            wireHttp = ApacheHttpClient.create();
            client = WireClient.builder().region(REGION).endpoint(endpoint).credentialsProvider(CREDENTIALS).httpClient(wireHttp).build();
        }
        if (client == null) {
            client = DynamoDbClient.builder()
                    .httpClientBuilder(ApacheHttpClient.builder())
                    .region(REGION)
                    .credentialsProvider(CREDENTIALS)
                    .endpointOverride(endpoint)
                    .overrideConfiguration(EngineSettings::configure)
                    .build();
        }
        return client;
    }

    @Override
    public synchronized DynamoDbAsyncClient asyncClient() {
        if (asyncClient == null) {
            asyncClient = DynamoDbAsyncClient.builder()
                    .httpClientBuilder(NettyNioAsyncHttpClient.builder())
                    .region(REGION)
                    .credentialsProvider(CREDENTIALS)
                    .endpointOverride(endpoint)
                    .overrideConfiguration(EngineSettings::configure)
                    .build();
        }
        return asyncClient;
    }

    @Override
    public Optional<URI> endpoint() {
        return Optional.of(endpoint);
    }

    @Override
    public synchronized void stop() {
        if (client != null) {
            client.close();
        }
        if (wireHttp != null) {
            wireHttp.close();
        }
        if (asyncClient != null) {
            asyncClient.close();
        }
        shutDown(server, requests, handler);
    }

    private static void shutDown(Server server, LocalDynamoDBRequestHandler requests,
                                 LocalDynamoDBServerHandler handler) {
        Exception jettyFailure = null;
        try {
            server.stop();
        } catch (Exception e) {
            jettyFailure = e;
        }
        List<AmazonDynamoDBLocal> databases = databases(requests);
        List<SqliteQueueRelease> releases = databases.stream().map(SqliteQueueRelease::ofDatabase).flatMap(Optional::stream).toList();
        handler.close();
        // shutdownNow(), not only the close() above: that only asks the per-database background jobs (GSI creation,
        // TTL, stream shard rollover) to stop, and they notice after a sleep of up to hours, in non-daemon threads
        // that keep the JVM alive
        databases.forEach(AmazonDynamoDBLocal::shutdownNow);
        // shutdownNow() returns before SQLite's thread has closed the file; a server started next on the same data
        // directory must find it closed (else its first request fails with "database is locked", and every later one
        // with "already in use")
        releases.forEach(SqliteQueueRelease::awaitClosed);
        if (jettyFailure != null) {
            throw new LocalDynamoDbException("DynamoDB Local (HTTP server): Jetty failed to stop: "
                    + jettyFailure + "; the port may stay bound until the JVM exits", jettyFailure);
        }
    }

    /**
     * The request handler's databases, one per access key and region (one with {@code -sharedDb}), opened at their first
     * request. The handler keeps them in a private map, hence reflection; a DynamoDB Local without that field gives
     * none, and its threads are left to finish on their own.
     */
    private static List<AmazonDynamoDBLocal> databases(LocalDynamoDBRequestHandler requests) {
        try {
            Field field = LocalDynamoDBRequestHandler.class.getDeclaredField("dbRequestHandlers");
            field.setAccessible(true);
            Object databases = field.get(requests);
            if (databases instanceof Map<?, ?> map) {
                return List.copyOf(map.values()).stream()
                        .filter(AmazonDynamoDBLocal.class::isInstance).map(AmazonDynamoDBLocal.class::cast).toList();
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // see above: nothing else to do
        }
        return List.of();
    }
}
