package dev.singletable.cli.engine;

import dev.singletable.cli.output.DemoFailure;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.auth.credentials.SystemPropertyCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * A client for a DynamoDB endpoint the user names: the region given, else the default region
 * chain, else us-east-1; the default credentials chain, and for a loopback endpoint (a local
 * engine, which accepts any credentials) placeholder credentials when the chain has none.
 * Short timeouts and no retry of a failed connection ({@link ClientRetries}), so that a wrong endpoint
 * fails in about a second.
 */
public record EndpointClient(URI endpoint, Region region, AwsCredentialsProvider credentials) {
    private static final Region FALLBACK_REGION = Region.US_EAST_1;

    /** A client for the endpoint; {@code region} null for the default chain. */
    public static EndpointClient of(URI endpoint, String region) {
        if (endpoint.getScheme() == null || endpoint.getHost() == null
                || !(endpoint.getScheme().equals("http") || endpoint.getScheme().equals("https"))) {
            throw new DemoFailure("--endpoint " + endpoint + " is not an http or https URL; give one such as http://localhost:8000", null);
        }
        AwsCredentialsProvider credentials = DefaultCredentialsProvider.builder().build();
        if (isLoopback(endpoint.getHost())) {
            // what the user configured, else placeholders; no instance or container metadata, which only slows a miss down
            credentials = AwsCredentialsProviderChain.builder()
                    .credentialsProviders(EnvironmentVariableCredentialsProvider.create(), SystemPropertyCredentialsProvider.create(),
                            ProfileCredentialsProvider.create(), StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                    .build();
        }
        return new EndpointClient(endpoint, region != null ? Region.of(region) : defaultRegion(), credentials);
    }

    /** A new client for the endpoint, with short timeouts. */
    public DynamoDbClient client() {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(region)
                .credentialsProvider(credentials)
                .httpClientBuilder(ApacheHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(3))
                        .socketTimeout(Duration.ofSeconds(30)))
                .overrideConfiguration(configuration -> ClientRetries.configure(configuration.apiCallTimeout(Duration.ofSeconds(60))))
                .build();
    }

    private static Region defaultRegion() {
        try {
            return DefaultAwsRegionProviderChain.builder().build().getRegion();
        } catch (RuntimeException e) {
            return FALLBACK_REGION;
        }
    }

    private static boolean isLoopback(String host) {
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
