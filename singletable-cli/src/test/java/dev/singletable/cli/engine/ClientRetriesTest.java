package dev.singletable.cli.engine;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The command's retry policy on real sockets: a refused connection is sent once, a connection that
 * opens and then fails and a throttled request get the standard mode's 3 attempts.
 */
class ClientRetriesTest {

    /** The requests the client sent, counted as the SDK transmits them (each attempt once). */
    private static final class Attempts implements ExecutionInterceptor {
        final AtomicInteger count = new AtomicInteger();

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            count.incrementAndGet();
        }
    }

    private static DynamoDbClient client(URI endpoint, Attempts attempts) {
        return client(endpoint, attempts, ClientRetries.strategy());
    }

    private static DynamoDbClient client(URI endpoint, Attempts attempts, RetryStrategy retries) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClientBuilder(ApacheHttpClient.builder())
                .overrideConfiguration(c -> c.addExecutionInterceptor(attempts).retryStrategy(retries))
                .build();
    }

    /** A loopback server that accepts each connection and closes it at once, counting them, until closed. */
    private static ServerSocket acceptingAndClosing(AtomicInteger accepted) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!server.isClosed()) {
                try (Socket socket = server.accept()) {
                    accepted.incrementAndGet();
                } catch (IOException closed) {
                    return;
                }
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        return server;
    }

    /** A loopback port that nothing listens on: bound, then closed. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Test
    void request_whenTheConnectionIsRefused_isSentOnce() throws IOException {
        Attempts attempts = new Attempts();
        try (DynamoDbClient client = client(URI.create("http://127.0.0.1:" + closedPort()), attempts)) {
            assertThatThrownBy(client::listTables).isInstanceOf(SdkClientException.class)
                    .satisfies(failure -> assertThat(ClientRetries.isConnectionFailure(failure)).isTrue());
        }

        assertThat(attempts.count).hasValue(1);
    }

    @Test
    void request_whenTheServerAcceptsAndClosesTheConnection_isSentThreeTimes() throws Exception {
        Attempts attempts = new Attempts();
        AtomicInteger accepted = new AtomicInteger();
        try (ServerSocket server = acceptingAndClosing(accepted)) {
            try (DynamoDbClient client = client(URI.create("http://127.0.0.1:" + server.getLocalPort()), attempts)) {
                assertThatThrownBy(client::listTables).isInstanceOf(SdkClientException.class)
                        .satisfies(failure -> assertThat(ClientRetries.isConnectionFailure(failure)).isFalse());
            }
        }

        assertThat(attempts.count).hasValue(3);
        assertThat(accepted).hasValue(3);
    }

    @Test
    void toBuilder_whenBuiltWithMoreAttempts_stillSendsARefusedConnectionOnce() throws IOException {
        RetryStrategy fiveAttempts = ClientRetries.strategy().toBuilder().maxAttempts(5).build();
        Attempts attempts = new Attempts();
        try (DynamoDbClient client = client(URI.create("http://127.0.0.1:" + closedPort()), attempts, fiveAttempts)) {
            assertThatThrownBy(client::listTables).isInstanceOf(SdkClientException.class)
                    .satisfies(failure -> assertThat(ClientRetries.isConnectionFailure(failure)).isTrue());
        }

        assertThat(List.of(fiveAttempts.maxAttempts(), attempts.count.get())).containsExactly(5, 1);
    }

    @Test
    void toBuilder_whenBuiltWithMoreAttempts_sendsAConnectionClosedByTheServerThatManyTimes() throws Exception {
        RetryStrategy fiveAttempts = ClientRetries.strategy().toBuilder().maxAttempts(5).build();
        Attempts attempts = new Attempts();
        AtomicInteger accepted = new AtomicInteger();
        try (ServerSocket server = acceptingAndClosing(accepted);
             DynamoDbClient client = client(URI.create("http://127.0.0.1:" + server.getLocalPort()), attempts, fiveAttempts)) {
            assertThatThrownBy(client::listTables).isInstanceOf(SdkClientException.class)
                    .satisfies(failure -> assertThat(ClientRetries.isConnectionFailure(failure)).isFalse());
        }

        assertThat(List.of(attempts.count.get(), accepted.get())).containsExactly(5, 5);
    }

    @Test
    void request_whenThrottled_isSentThreeTimes() throws IOException {
        AtomicInteger received = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            received.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            byte[] body = "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ThrottlingException\",\"message\":\"Rate exceeded\"}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
            exchange.sendResponseHeaders(400, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        Attempts attempts = new Attempts();
        try (DynamoDbClient client = client(URI.create("http://127.0.0.1:" + server.getAddress().getPort()), attempts)) {
            assertThatThrownBy(client::listTables).isInstanceOf(DynamoDbException.class)
                    .satisfies(failure -> assertThat(((DynamoDbException) failure).awsErrorDetails().errorCode())
                            .isEqualTo("ThrottlingException"));
        } finally {
            server.stop(0);
        }

        assertThat(attempts.count).hasValue(3);
        assertThat(received).hasValue(3);
    }
}
