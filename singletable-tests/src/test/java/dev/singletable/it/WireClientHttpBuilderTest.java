package dev.singletable.it;

import dev.singletable.KeyValues;
import dev.singletable.SingleTableException;
import dev.singletable.Table;
import dev.singletable.wire.WireClient;
import dev.singletable.it.TestModel.Sensor;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.utils.AttributeMap;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.singletable.it.TestModel.SCHEMA;
import static dev.singletable.it.TestModel.SENSOR;
import static dev.singletable.it.TestModel.S_SENSOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@code WireClient.Builder.httpClientBuilder}: the HTTP client built on a background thread, waited for by the first
 * call, its failure reported by every call, and closed with the client; on the embedded engine over loopback HTTP.
 */
class WireClientHttpBuilderTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static final StaticCredentialsProvider CREDENTIALS = StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
    private static final String THREAD_NAME = "singletable-wire-http-client";

    private static WireClient.Builder wire() {
        return WireClient.builder().region(Region.US_EAST_1).endpoint(db.engine().endpoint()).credentialsProvider(CREDENTIALS);
    }

    @Test
    void putAndGet_withHttpClientBuilder_storesAndReadsTheItem() {
        try (DynamoDbClient client = wire().httpClientBuilder(ApacheHttpClient.builder()).build()) {
            Table table = Table.of(db.table().schema(), client);

            table.put(new Sensor("built-s1", "cellar"));
            Optional<Sensor> read = table.get(SENSOR, KeyValues.of(S_SENSOR, "built-s1"));

            assertThat(read).isEqualTo(Optional.of(new Sensor("built-s1", "cellar")));
        }
    }

    @Test
    void build_warmsTheSignerUpOnADaemonThreadThatSendsNothingAndAsksTheCredentialsProviderNothing() throws InterruptedException {
        AtomicInteger resolved = new AtomicInteger();
        AwsCredentialsProvider counting = () -> {
            resolved.incrementAndGet();
            return CREDENTIALS.resolveCredentials();
        };
        try (SdkHttpClient apache = ApacheHttpClient.create()) {
            CountingHttpClient http = new CountingHttpClient(apache);
            try (DynamoDbClient client = wire().credentialsProvider(counting).httpClient(http).build()) {
                for (Thread thread : Thread.getAllStackTraces().keySet()) {
                    if (thread.getName().equals("singletable-wire-warm-up")) {
                        assertThat(thread.isDaemon()).isTrue();
                        thread.join(10_000);
                    }
                }
                List<Integer> afterWarmUp = List.of(resolved.get(), http.requests.get());
                Table table = Table.of(db.table().schema(), client);
                table.put(new Sensor("warm-s1", "attic"));
                Optional<Sensor> read = table.get(SENSOR, KeyValues.of(S_SENSOR, "warm-s1"));

                assertThat(List.of(afterWarmUp, List.of(resolved.get(), http.requests.get()), read))
                        .isEqualTo(List.of(List.of(0, 0), List.of(2, 2), Optional.of(new Sensor("warm-s1", "attic"))));
            }
        }
    }

    /** The caller's HTTP client, counting the requests sent on it. */
    private static final class CountingHttpClient implements SdkHttpClient {
        private final SdkHttpClient delegate;
        private final AtomicInteger requests = new AtomicInteger();

        CountingHttpClient(SdkHttpClient delegate) {
            this.delegate = delegate;
        }

        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            requests.incrementAndGet();
            return delegate.prepareRequest(request);
        }

        @Override
        public void close() {
            // the test closes the delegate
        }
    }

    @Test
    void getItem_whenTheHttpClientBuilderThrows_throwsNamingTheCauseOnEveryCallWithoutRetrying() {
        CountingBuilder failing = new CountingBuilder(new IllegalStateException("no trust store at /nowhere"));
        try (DynamoDbClient client = wire().httpClientBuilder(failing).build()) {
            GetItemRequest get = GetItemRequest.builder().tableName(db.tableName())
                    .key(Map.of("PK", AttributeValue.fromS("SENSOR#x"), "SK", AttributeValue.fromS("SENSOR"))).build();

            SdkClientException first = catchThrowableOfType(() -> client.getItem(get), SdkClientException.class);
            SdkClientException second = catchThrowableOfType(() -> client.getItem(get), SdkClientException.class);

            for (SdkClientException failure : List.of(first, second)) {
                assertThat(failure).hasMessage("could not build the HTTP client given to httpClientBuilder(...): "
                        + "java.lang.IllegalStateException: no trust store at /nowhere");
                assertThat(failure.getCause()).isSameAs(failing.failure.orElseThrow());
                assertThat(failure.numAttempts()).isNull();
            }
            assertThat(failing.builds.get()).isEqualTo(1);
        }
    }

    @Test
    void close_withHttpClientBuilder_closesTheBuiltClientAndLeavesNoBuildingThread() {
        CountingBuilder recording = new CountingBuilder(ApacheHttpClient.builder());
        DynamoDbClient client = wire().httpClientBuilder(recording).build();
        Table.of(db.table().schema(), client).put(new Sensor("closed-s1", "attic"));

        client.close();

        assertThat(recording.builds.get()).isEqualTo(1);
        assertThat(recording.built.closes.get()).isEqualTo(1);
        assertThat(Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(THREAD_NAME)).toList()).isEmpty();
    }

    @Test
    void close_beforeAnyCall_waitsForTheBuildAndClosesTheBuiltClient() {
        CountingBuilder recording = new CountingBuilder(ApacheHttpClient.builder());
        DynamoDbClient client = wire().httpClientBuilder(recording).build();

        client.close();
        client.close();

        assertThat(recording.builds.get()).isEqualTo(1);
        assertThat(recording.built.closes.get()).isEqualTo(1);
        assertThat(Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(THREAD_NAME)).toList()).isEmpty();
    }

    @Test
    void close_withHttpClient_leavesTheCallersClientOpen() {
        CountingClient http = new CountingClient(ApacheHttpClient.create());
        try {
            DynamoDbClient client = wire().httpClient(http).build();
            Table.of(db.table().schema(), client).put(new Sensor("given-s1", "hall"));

            client.close();

            assertThat(http.closes.get()).isZero();
        } finally {
            http.close();
        }
    }

    @Test
    void httpClientBuilder_afterHttpClient_failsNamingBoth() {
        CountingClient http = new CountingClient(ApacheHttpClient.create());
        try {
            SingleTableException failure = catchThrowableOfType(
                    () -> wire().httpClient(http).httpClientBuilder(ApacheHttpClient.builder()), SingleTableException.class);

            assertThat(failure).hasMessage("WireClient.Builder.httpClientBuilder(...) after httpClient(...): give one of them, "
                    + "httpClientBuilder(UrlConnectionHttpClient.builder()) for an HTTP client the wire client builds in the background "
                    + "and closes, or httpClient(http) for one you built and close yourself");
        } finally {
            http.close();
        }
    }

    @Test
    void httpClient_afterHttpClientBuilder_failsNamingBoth() {
        CountingClient http = new CountingClient(ApacheHttpClient.create());
        try {
            SingleTableException failure = catchThrowableOfType(
                    () -> wire().httpClientBuilder(ApacheHttpClient.builder()).httpClient(http), SingleTableException.class);

            assertThat(failure).hasMessage("WireClient.Builder.httpClient(...) after httpClientBuilder(...): give one of them, "
                    + "httpClientBuilder(UrlConnectionHttpClient.builder()) for an HTTP client the wire client builds in the background "
                    + "and closes, or httpClient(http) for one you built and close yourself");
        } finally {
            http.close();
        }
    }

    @Test
    void build_withoutAnHttpClient_failsNamingBothWays() {
        SingleTableException failure = catchThrowableOfType(() -> wire().build(), SingleTableException.class);

        assertThat(failure).hasMessage("WireClient needs an HTTP client: call .httpClientBuilder(UrlConnectionHttpClient.builder()) "
                + "(or .httpClient(http) with one you close yourself) on the builder before build()");
    }

    /** An HTTP client builder that counts its builds, and either fails with a given exception or wraps what another builds. */
    private static final class CountingBuilder implements SdkHttpClient.Builder<CountingBuilder> {
        final AtomicInteger builds = new AtomicInteger();
        private final Optional<SdkHttpClient.Builder<?>> delegate;
        private final Optional<RuntimeException> failure;
        volatile CountingClient built;

        CountingBuilder(SdkHttpClient.Builder<?> delegate) {
            this.delegate = Optional.of(delegate);
            this.failure = Optional.empty();
        }

        CountingBuilder(RuntimeException failure) {
            this.delegate = Optional.empty();
            this.failure = Optional.of(failure);
        }

        @Override
        public SdkHttpClient buildWithDefaults(AttributeMap serviceDefaults) {
            builds.incrementAndGet();
            if (failure.isPresent()) {
                throw failure.get();
            }
            built = new CountingClient(delegate.get().buildWithDefaults(serviceDefaults));
            return built;
        }
    }

    /** An HTTP client that counts its closes. */
    private static final class CountingClient implements SdkHttpClient {
        final AtomicInteger closes = new AtomicInteger();
        private final SdkHttpClient delegate;

        CountingClient(SdkHttpClient delegate) {
            this.delegate = delegate;
        }

        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            return delegate.prepareRequest(request);
        }

        @Override
        public void close() {
            closes.incrementAndGet();
            delegate.close();
        }
    }
}
