package dev.singletable.bench.operations;

import dev.singletable.wire.WireCodec;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;
import java.util.function.UnaryOperator;

/**
 * SDK clients configured so that nothing but the request itself costs: static credentials, a fixed region, an endpoint
 * override (no endpoint discovery or resolution against AWS), no retries.
 */
final class BenchClients {
    /** Where the canned client pretends to send; never connected to. */
    static final URI CANNED_ENDPOINT = URI.create("http://localhost:8000");

    private BenchClients() {
    }

    static DynamoDbClient over(SdkHttpClient http, URI endpoint) {
        return client(http, endpoint, UnaryOperator.identity());
    }

    /** The same client with singletable's wire codec installed ({@code WireCodec}). */
    static DynamoDbClient withWireCodec(SdkHttpClient http, URI endpoint) {
        return client(http, endpoint, WireCodec::install);
    }

    private static DynamoDbClient client(SdkHttpClient http, URI endpoint, UnaryOperator<ClientOverrideConfiguration.Builder> extra) {
        return DynamoDbClient.builder()
                .httpClient(http)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                .endpointOverride(endpoint)
                .overrideConfiguration(o -> extra.apply(o.retryStrategy(AwsRetryStrategy.doNotRetry())))
                .build();
    }
}
