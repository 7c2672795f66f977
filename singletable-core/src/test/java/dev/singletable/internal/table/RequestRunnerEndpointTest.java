package dev.singletable.internal.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** How messages name where requests go (nothing is sent). */
class RequestRunnerEndpointTest {

    @Test
    void describeEndpoint_whenEndpointIsOverridden_isTheUrl() {
        try (DynamoDbClient client = DynamoDbClient.builder().region(Region.US_EAST_1)
                .credentialsProvider(AnonymousCredentialsProvider.create())
                .endpointOverride(URI.create("http://127.0.0.1:4567")).build()) {
            assertThat(RequestRunner.describeEndpoint(client)).isEqualTo("http://127.0.0.1:4567");
        }
    }

    @Test
    void describeEndpoint_whenNotOverridden_isAmazonDynamoDbOfTheRegion() {
        try (DynamoDbClient client = DynamoDbClient.builder().region(Region.EU_WEST_1)
                .credentialsProvider(AnonymousCredentialsProvider.create()).build()) {
            assertThat(RequestRunner.describeEndpoint(client)).isEqualTo("Amazon DynamoDB (eu-west-1)");
        }
    }

    @Test
    void describeEndpoint_whenClientCannotSay_namesItsClass() {
        DynamoDbClient silent = new DynamoDbClient() {
            @Override
            public String serviceName() {
                return "dynamodb";
            }

            @Override
            public void close() {
            }
        };

        assertThat(RequestRunner.describeEndpoint(silent)).isEqualTo("the endpoint of " + silent.getClass().getName());
    }
}
