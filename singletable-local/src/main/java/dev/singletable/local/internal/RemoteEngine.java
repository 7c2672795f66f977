package dev.singletable.local.internal;

import java.net.URI;
import java.util.Optional;
import java.util.function.Consumer;

import dev.singletable.wire.WireClient;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The clients of an engine reached over HTTP: one running elsewhere (Amazon DynamoDB, dynalite, any DynamoDB-compatible
 * engine) or the Dynoxide process of a {@link DynoxideEngine}. {@code endpoint} empty means the region's Amazon DynamoDB
 * endpoint. The synchronous client is singletable's {@code WireClient} when the engine was asked for it or
 * {@link EngineSettings#wireClient()} says so.
 */
public final class RemoteEngine implements Engine {
    private final Optional<URI> endpoint;
    private final Region region;
    private final AwsCredentialsProvider credentials;
    private final Consumer<ClientOverrideConfiguration.Builder> configuration;
    private final boolean wireClient;
    private DynamoDbClient client;
    private SdkHttpClient wireHttp; // the wire client's, which the wire client leaves to its caller to close
    private DynamoDbAsyncClient asyncClient;
    private DynamoDbStreamsClient streamsClient;

    /**
     * {@code configuration} applies to each client after {@link EngineSettings#configure}; {@code wireClient}: the
     * synchronous client is a {@code WireClient} whatever the settings say.
     */
    public RemoteEngine(Optional<URI> endpoint, Region region, AwsCredentialsProvider credentials,
                        Consumer<ClientOverrideConfiguration.Builder> configuration, boolean wireClient) {
        this.configuration = configuration;
        this.wireClient = wireClient;
        this.endpoint = endpoint;
        this.region = region;
        this.credentials = credentials;
    }

    @Override
    public synchronized DynamoDbClient client() {
        if (client == null && (wireClient || EngineSettings.wireClient())) {
            wireHttp = ApacheHttpClient.create();
            WireClient.Builder builder = WireClient.builder().region(region).credentialsProvider(credentials).httpClient(wireHttp);
            endpoint.ifPresent(builder::endpoint);
            client = builder.build();
        }
        if (client == null) {
            client = build(DynamoDbClient.builder().httpClientBuilder(ApacheHttpClient.builder()));
        }
        return client;
    }

    @Override
    public synchronized DynamoDbAsyncClient asyncClient() {
        if (asyncClient == null) {
            asyncClient = build(DynamoDbAsyncClient.builder().httpClientBuilder(NettyNioAsyncHttpClient.builder()));
        }
        return asyncClient;
    }

    @Override
    public synchronized DynamoDbStreamsClient streamsClient() {
        if (streamsClient == null) {
            streamsClient = build(DynamoDbStreamsClient.builder().httpClientBuilder(ApacheHttpClient.builder()));
        }
        return streamsClient;
    }

    /** One of the SDK's clients, at this engine's endpoint, in its region, with its credentials and configuration. */
    private <B extends AwsClientBuilder<B, C>, C> C build(B builder) {
        builder.region(region).credentialsProvider(credentials).overrideConfiguration(this::configure);
        endpoint.ifPresent(builder::endpointOverride);
        return builder.build();
    }

    private void configure(ClientOverrideConfiguration.Builder builder) {
        EngineSettings.configure(builder);
        configuration.accept(builder);
    }

    @Override
    public Optional<URI> endpoint() {
        return Optional.of(endpoint.orElseGet(() -> URI.create("https://dynamodb." + region.id() + ".amazonaws.com")));
    }

    @Override
    public Region region() {
        return region;
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
        if (streamsClient != null) {
            streamsClient.close();
        }
    }
}
