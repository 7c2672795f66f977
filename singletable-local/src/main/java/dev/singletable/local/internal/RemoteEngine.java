package dev.singletable.local.internal;

import java.net.URI;
import java.util.Optional;

import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * An engine running elsewhere (Amazon DynamoDB, dynalite, a DynamoDB Local in another process):
 * only clients. {@code endpoint} empty means the region's Amazon DynamoDB endpoint.
 */
public final class RemoteEngine implements Engine {
    private final Optional<URI> endpoint;
    private final Region region;
    private final AwsCredentialsProvider credentials;
    private DynamoDbClient client;
    private DynamoDbAsyncClient asyncClient;

    public RemoteEngine(Optional<URI> endpoint, Region region, AwsCredentialsProvider credentials) {
        this.endpoint = endpoint;
        this.region = region;
        this.credentials = credentials;
    }

    @Override
    public synchronized DynamoDbClient client() {
        if (client == null) {
            DynamoDbClientBuilder builder = DynamoDbClient.builder()
                    .httpClientBuilder(ApacheHttpClient.builder())
                    .region(region)
                    .credentialsProvider(credentials)
                    .overrideConfiguration(EngineSettings::configure);
            endpoint.ifPresent(builder::endpointOverride);
            client = builder.build();
        }
        return client;
    }

    @Override
    public synchronized DynamoDbAsyncClient asyncClient() {
        if (asyncClient == null) {
            DynamoDbAsyncClientBuilder builder = DynamoDbAsyncClient.builder()
                    .httpClientBuilder(NettyNioAsyncHttpClient.builder())
                    .region(region)
                    .credentialsProvider(credentials)
                    .overrideConfiguration(EngineSettings::configure);
            endpoint.ifPresent(builder::endpointOverride);
            asyncClient = builder.build();
        }
        return asyncClient;
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
        if (asyncClient != null) {
            asyncClient.close();
        }
    }
}
