package dev.singletable.wire;

import dev.singletable.Experimental;
import dev.singletable.NullArgumentException;
import dev.singletable.SingleTableException;
import dev.singletable.wire.internal.client.DirectDynamoDbClient;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * singletable's wire client: a {@link DynamoDbClient} that writes each request's JSON and reads each response itself,
 * and keeps the SDK for what must stay the SDK's: SigV4 signing ({@code AwsV4HttpSigner}), HTTP (your
 * {@link SdkHttpClient}), retries (an SDK {@link RetryStrategy}) and credentials (your {@link AwsCredentialsProvider}).
 * What it skips is what a fresh JVM spends most of its first request on: the client builder's defaults (provider
 * chains for region, credentials and configuration, the service metadata of every AWS service, the endpoint rules
 * engine, the interceptor chain read from the class path) and the JSON protocol's marshallers and unmarshallers. A
 * first put and get in a new JVM take a fraction of the SDK client's time (the figures are in singletable-bench's
 * README, "Cold start: first put + get"); later requests cost about what the SDK's do. Use it where start-up counts:
 * AWS Lambda functions, command-line tools, short jobs.
 *
 * <pre>{@code
 * try (DynamoDbClient client = WireClient.builder()
 *         .region(Region.EU_WEST_1)                             // endpoint https://dynamodb.eu-west-1.amazonaws.com
 *         .credentialsProvider(EnvironmentVariableCredentialsProvider.create())
 *         .httpClientBuilder(UrlConnectionHttpClient.builder()) // built in the background, closed with the client
 *         .build()) {
 *     Table table = Table.of(schema, client);
 *     table.put(order);
 *     Optional<Order> read = table.get(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1"));
 * }
 * }</pre>
 *
 * <p>Or give an HTTP client you built and close yourself (shared with other clients, say):
 * {@code .httpClient(UrlConnectionHttpClient.create())}.
 *
 * <p><b>What it sends.</b> The operations singletable and its tools use: GetItem, PutItem, UpdateItem, DeleteItem,
 * Query, Scan, BatchGetItem, BatchWriteItem, TransactGetItems, TransactWriteItems, ExecuteStatement,
 * BatchExecuteStatement, ExecuteTransaction, CreateTable, UpdateTable, DeleteTable, DescribeTable, ListTables,
 * UpdateTimeToLive and DescribeTimeToLive; their paginators too. Any other operation throws
 * {@link UnsupportedOperationException} naming it: send it with a client from {@code DynamoDbClient.builder()}.
 * Requests and responses are the SDK's own model classes, and an error is the exception the SDK's client throws for
 * it ({@code ConditionalCheckFailedException} with its item, {@code TransactionCanceledException} with its reasons,
 * ...), so code written against {@code DynamoDbClient}, and singletable's typed errors, behave the same on it.
 *
 * <p><b>A request's {@code overrideConfiguration(...)}.</b> Applied as the SDK's client applies it: a
 * {@code credentialsProvider} (resolved per attempt instead of the client's), {@code headers} and
 * {@code rawQueryParameters} (signed with the request), {@code apiNames} (sent as the {@code User-Agent}),
 * {@code apiCallAttemptTimeout} (the attempt is aborted through the HTTP client and fails with the SDK's
 * {@code ApiCallAttemptTimeoutException}, which the retry strategy retries) and {@code apiCallTimeout} (the whole
 * call, retries and their pauses included: {@code ApiCallTimeoutException}, not retried). A
 * {@code compressionConfiguration} has no effect, as on the SDK's client (DynamoDB compresses no request). What it
 * cannot apply fails the call before anything is sent, with an {@link UnsupportedOperationException} naming the
 * setting: {@code signer}, {@code metricPublishers}, {@code plugins}, {@code executionAttributes},
 * {@code endpointProvider}, {@code tokenIdentityProvider}.
 *
 * <p><b>What it does not do.</b> No execution interceptors or metrics publishers (so no {@link WireCodec}: the wire
 * client reads responses itself), no endpoint discovery, no response compression. A response whose
 * {@code x-amz-crc32} does not match its body fails with the SDK's {@code Crc32MismatchException}, as in the SDK's
 * client (whose retry strategies do not retry it). An answer that is not DynamoDB's JSON (a proxy's HTML page, say)
 * fails with a message naming its status, content type and start. {@code close()} of the client closes the HTTP client
 * it built from {@link Builder#httpClientBuilder httpClientBuilder} and nothing else: an HTTP client given to
 * {@link Builder#httpClient httpClient} and the credentials provider stay yours.
 *
 * <p>Why a client and not an option on {@link dev.singletable.Table}: the table and every tool that takes a {@code DynamoDbClient}
 * work on it unchanged, and a program can hold both kinds of client side by side.
 */
@Experimental
public final class WireClient {
    private WireClient() {
    }

    /**
     * A builder: {@link Builder#region region}, {@link Builder#credentialsProvider credentialsProvider} and either
     * {@link Builder#httpClientBuilder httpClientBuilder} or {@link Builder#httpClient httpClient} are required.
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The retry strategy a wire client uses unless given one: the SDK's standard strategy as the SDK's DynamoDB client
     * configures it (9 attempts, exponential backoff with jitter from 25 ms, at most 20 s), which retries throttling,
     * 5xx responses and I/O failures.
     */
    public static RetryStrategy defaultRetryStrategy() {
        return AwsRetryStrategy.standardRetryStrategy().toBuilder()
                .maxAttempts(9)
                .backoffStrategy(BackoffStrategy.exponentialDelay(Duration.ofMillis(25), Duration.ofSeconds(20)))
                .build();
    }

    /** Collects the wire client's settings; not thread-safe, build it on one thread. */
    public static final class Builder {
        private Optional<URI> endpoint = Optional.empty();
        private Optional<Region> region = Optional.empty();
        private Optional<AwsCredentialsProvider> credentials = Optional.empty();
        private Optional<SdkHttpClient> http = Optional.empty();
        private Optional<SdkHttpClient.Builder<?>> httpBuilder = Optional.empty();
        private Optional<RetryStrategy> retries = Optional.empty();

        private Builder() {
        }

        /**
         * Where requests go, such as {@code http://127.0.0.1:8000} for an engine on this machine; by default
         * {@code https://dynamodb.<region>.amazonaws.com} ({@code .amazonaws.com.cn} in China's regions).
         */
        public Builder endpoint(URI endpoint) {
            NullArgumentException.check("WireClient.Builder.endpoint", "endpoint", endpoint);
            if (endpoint.getScheme() == null || endpoint.getHost() == null
                    || !(endpoint.getScheme().equals("http") || endpoint.getScheme().equals("https"))) {
                throw new SingleTableException("WireClient endpoint '" + endpoint + "' is not an http(s) URL with a host; give one "
                        + "such as https://dynamodb.eu-west-1.amazonaws.com or http://127.0.0.1:8000");
            }
            this.endpoint = Optional.of(endpoint);
            return this;
        }

        /** The region requests are signed for (and, without {@link #endpoint}, sent to). Required. */
        public Builder region(Region region) {
            NullArgumentException.check("WireClient.Builder.region", "region", region);
            this.region = Optional.of(region);
            return this;
        }

        /** Where each attempt's credentials come from (resolved per attempt, so a caching provider refreshes as usual). Required. */
        public Builder credentialsProvider(AwsCredentialsProvider credentials) {
            NullArgumentException.check("WireClient.Builder.credentialsProvider", "credentials", credentials);
            this.credentials = Optional.of(credentials);
            return this;
        }

        /**
         * The HTTP client requests go through, built and closed by the caller (who may share it with other clients).
         * This or {@link #httpClientBuilder}, not both.
         *
         * @throws SingleTableException when {@link #httpClientBuilder} was given
         */
        public Builder httpClient(SdkHttpClient http) {
            NullArgumentException.check("WireClient.Builder.httpClient", "http", http);
            if (httpBuilder.isPresent()) {
                throw bothHttpSettings("httpClient(...)", "httpClientBuilder(...)");
            }
            this.http = Optional.of(http);
            return this;
        }

        /**
         * The HTTP client requests go through, built from {@code httpBuilder} by the client, as the SDK's client builders
         * do with theirs, and closed by the client's {@code close()}. It is built on a daemon thread
         * ({@code singletable-wire-http-client}) started by {@link #build()}, while the program builds its table and
         * writes its first request; the first call waits for it. A fresh JVM spends about half of the wire client's
         * first put + get building the HTTP client (UrlConnection's {@code SSLContext}), so this is the quicker start. With
         * an {@code http://} {@link #endpoint} (an engine on this machine) the builder is given, as a service default that
         * a {@code tlsTrustManagersProvider} of your own overrides, the platform's default trust read at the first TLS
         * handshake rather than when the client is built: a client that never shakes hands reads no trust store. Against
         * {@code https://} the builder builds its TLS state as it always does. If the builder throws, every call fails
         * with an {@code SdkClientException} naming what it threw (its cause), not retried. This or {@link #httpClient},
         * not both.
         *
         * <pre>{@code
         * WireClient.builder().httpClientBuilder(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(5)))...
         * }</pre>
         *
         * @throws SingleTableException when {@link #httpClient} was given
         */
        public Builder httpClientBuilder(SdkHttpClient.Builder<?> httpBuilder) {
            NullArgumentException.check("WireClient.Builder.httpClientBuilder", "httpBuilder", httpBuilder);
            if (http.isPresent()) {
                throw bothHttpSettings("httpClientBuilder(...)", "httpClient(...)");
            }
            this.httpBuilder = Optional.of(httpBuilder);
            return this;
        }

        /** Which failures are retried and after what pause; {@link #defaultRetryStrategy()} when not given. */
        public Builder retryStrategy(RetryStrategy retries) {
            NullArgumentException.check("WireClient.Builder.retryStrategy", "retries", retries);
            this.retries = Optional.of(retries);
            return this;
        }

        /**
         * The client. The first one built in a JVM also starts a short-lived daemon thread
         * ({@code singletable-wire-warm-up}) that signs a made-up request and writes and reads a little JSON, so that the
         * first call finds the signer's and Jackson's classes loaded (about 5 % of a fresh JVM's first put + get);
         * nothing is sent, and the credentials provider is not asked.
         *
         * @throws SingleTableException naming the setting when a required one is missing
         */
        public DynamoDbClient build() {
            // no lambdas here: each would be spun up on a fresh JVM's first request, the moment this client exists for
            if (region.isEmpty()) {
                throw missing("region", "region(Region.EU_WEST_1)");
            }
            if (credentials.isEmpty()) {
                throw missing("credentialsProvider", "credentialsProvider(DefaultCredentialsProvider.create())");
            }
            if (http.isEmpty() && httpBuilder.isEmpty()) {
                throw missing("an HTTP client", "httpClientBuilder(UrlConnectionHttpClient.builder()) (or .httpClient(http) with one you close yourself)");
            }
            Region signingRegion = region.get();
            URI target = endpoint.isPresent() ? endpoint.get() : URI.create("https://dynamodb." + signingRegion.id() + ".amazonaws.com"
                    + (signingRegion.id().startsWith("cn-") ? ".cn" : ""));
            RetryStrategy retryStrategy = retries.isPresent() ? retries.get() : defaultRetryStrategy();
            if (httpBuilder.isPresent()) {
                return DirectDynamoDbClient.building(target, signingRegion, credentials.get(), httpBuilder.get(), retryStrategy);
            }
            return DirectDynamoDbClient.create(target, signingRegion, credentials.get(), http.get(), retryStrategy);
        }

        private static SingleTableException bothHttpSettings(String called, String earlier) {
            return new SingleTableException("WireClient.Builder." + called + " after " + earlier + ": give one of them, "
                    + "httpClientBuilder(UrlConnectionHttpClient.builder()) for an HTTP client the wire client builds in the "
                    + "background and closes, or httpClient(http) for one you built and close yourself");
        }

        private static SingleTableException missing(String setting, String example) {
            return new SingleTableException("WireClient needs " + setting + ": call ." + example + " on the builder before build()");
        }
    }
}
