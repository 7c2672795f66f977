package dev.singletable.lambda;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link SnapshotReadiness#client()} forwards every operation of the SDK's client, those of later SDK releases too. */
class ForwardingClientTest {
    @Test
    void forwardingClient_whenTheSdkDeclaresAnOperation_declaresItToo() {
        List<String> operations = Arrays.stream(DynamoDbClient.class.getMethods())
                .filter(method -> !Modifier.isStatic(method.getModifiers()) && method.getParameterCount() == 1
                        && DynamoDbRequest.class.isAssignableFrom(method.getParameterTypes()[0])
                        && !method.getName().endsWith("Paginator"))
                .map(Method::getName).sorted().toList();

        List<String> forwarded = Arrays.stream(ForwardingClient.class.getDeclaredMethods())
                .filter(method -> method.getParameterCount() == 1 && DynamoDbRequest.class.isAssignableFrom(method.getParameterTypes()[0]))
                .map(Method::getName).sorted().toList();

        assertThat(operations).hasSizeGreaterThanOrEqualTo(57);
        assertThat(forwarded).as("add each operation of the SDK's DynamoDbClient that ForwardingClient lacks, as the others")
                .isEqualTo(operations);
    }
}
