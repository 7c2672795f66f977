package dev.singletable.it;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.wire.WireClient;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbStreamsRequest;
import software.amazon.awssdk.utils.builder.SdkBuilder;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The wire client sends every DynamoDB operation of the core's registry: one added to {@code DynamoOperation} alone
 * would be refused by {@code WireClient} ({@code UnsupportedOperationException}, its answer to the operations
 * singletable does not send) and fail every table built on it. Each is sent to a port where nothing listens: an
 * operation the client sends fails to connect, one it refuses fails before. (A DynamoDB Streams operation goes on the
 * SDK's Streams client, which the wire client is not.)
 */
class WireClientOperationsTest {
    private static final String MODEL = "software.amazon.awssdk.services.dynamodb.model.";

    @Test
    void wireClient_whenSentEachOperationOfTheRegistry_refusesNone() throws ReflectiveOperationException {
        List<String> refused = new ArrayList<>();
        try (SdkHttpClient http = ApacheHttpClient.create();
             DynamoDbClient wire = WireClient.builder().region(Region.US_EAST_1).endpoint(URI.create("http://127.0.0.1:9"))
                     .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("id", "secret")))
                     .httpClient(http).retryStrategy(WireClient.defaultRetryStrategy().toBuilder().maxAttempts(1).build()).build()) {
            for (DynamoOperation<?, ?> operation : DynamoOperation.all()) {
                // DynamoOperationTest pins that every constant is typed NameRequest/NameResponse of this model package
                Class<?> request = Class.forName(MODEL + operation.name() + "Request");
                if (DynamoDbStreamsRequest.class.isAssignableFrom(request)) {
                    continue;
                }
                String name = Character.toLowerCase(operation.name().charAt(0)) + operation.name().substring(1);
                Method method = wire.getClass().getMethod(name, request);
                Object empty = ((SdkBuilder<?, ?>) request.getMethod("builder").invoke(null)).build();
                try {
                    method.invoke(wire, empty);
                } catch (InvocationTargetException e) {
                    if (e.getCause() instanceof UnsupportedOperationException) {
                        refused.add(operation.name());
                    } else {
                        assertThat(e.getCause()).as(operation.name()).isInstanceOf(SdkClientException.class);
                    }
                }
            }
        }

        assertThat(refused).as("operations of the registry that WireClient refuses to send").isEmpty();
    }
}
