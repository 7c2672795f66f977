package dev.singletable.wire.internal.client;

import dev.singletable.wire.WireClient;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

import javax.net.ssl.SSLHandshakeException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The wire client against an {@code https://} endpoint, its HTTP client built from a builder: the TLS set-up is the
 * builder's own (its trust managers, or the platform's trust store), none of it deferred or skipped. The engine
 * speaks plain HTTP only, so a local HTTPS server with a self-signed certificate answers.
 */
class WireClientTlsTest {
    private static final GetItemRequest GET = GetItemRequest.builder().tableName("Orders")
            .key(Map.of("PK", AttributeValue.fromS("ORDER#1"))).build();

    private static WireClient.Builder wire(LocalHttpsServer server) {
        return WireClient.builder().region(Region.US_EAST_1).endpoint(server.endpoint())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")));
    }

    @Test
    void getItem_overHttpsWithTheBuildersTrustManagers_readsTheAnswer() throws Exception {
        try (LocalHttpsServer server = new LocalHttpsServer("{\"Item\":{\"PK\":{\"S\":\"ORDER#1\"},\"total\":{\"N\":\"130.99\"}}}");
             DynamoDbClient client = wire(server)
                     .httpClientBuilder(UrlConnectionHttpClient.builder().tlsTrustManagersProvider(LocalHttpsServer::trusting)).build()) {

            Map<String, AttributeValue> item = client.getItem(GET).item();

            assertThat(item).isEqualTo(Map.of("PK", AttributeValue.fromS("ORDER#1"), "total", AttributeValue.fromN("130.99")));
        }
    }

    @Test
    void getItem_overHttpsWithTheBuildersDefaults_checksTheServerAgainstThePlatformTrustStore() throws Exception {
        try (LocalHttpsServer server = new LocalHttpsServer("{}");
             DynamoDbClient client = wire(server).httpClientBuilder(UrlConnectionHttpClient.builder())
                     .retryStrategy(AwsRetryStrategy.doNotRetry()).build()) {

            SdkClientException failure = catchThrowableOfType(SdkClientException.class, () -> client.getItem(GET));

            assertThat(failure.getCause()).isInstanceOf(SSLHandshakeException.class);
            assertThat(failure.getCause().getMessage()).startsWith("PKIX path building failed");
        }
    }
}
