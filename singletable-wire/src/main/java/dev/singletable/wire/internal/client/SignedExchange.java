package dev.singletable.wire.internal.client;

import com.fasterxml.jackson.core.JsonFactory;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.awscore.DefaultAwsResponseMetadata;
import software.amazon.awssdk.awscore.util.AwsHeader;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.Crc32MismatchException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenResponse;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenResponse;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.retries.api.RetryToken;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponseMetadata;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * One DynamoDB call on the wire: the request written as JSON once, then per attempt credentials resolved, the request
 * signed with SigV4 (the SDK's {@code AwsV4HttpSigner}), sent on the caller's {@code SdkHttpClient}, the body's
 * {@code x-amz-crc32} checked and the response read, or the error turned into the SDK's exception; attempts are
 * granted and spaced by the caller's {@code RetryStrategy}, which judges each failure as it does in the SDK's client.
 * Thread-safe: nothing is kept between calls but what the retry strategy keeps.
 */
final class SignedExchange {
    private static final String TARGET_PREFIX = "DynamoDB_20120810.";
    private static final String CONTENT_TYPE = "application/x-amz-json-1.0";
    private static final String CRC32_HEADER = "x-amz-crc32";
    private static final String SIGNING_NAME = "dynamodb";

    private final URI endpoint;
    private final URI target;
    private final Region region;
    private final AwsCredentialsProvider credentials;
    private final PendingHttpClient http;
    private final RetryStrategy retries;
    private final AwsV4HttpSigner signer = AwsV4HttpSigner.create();
    private final JsonRequestWriter writer;
    private final JsonResponseReader reader;
    private final ErrorResponses errors;

    SignedExchange(URI endpoint, Region region, AwsCredentialsProvider credentials, PendingHttpClient http, RetryStrategy retries) {
        this.endpoint = endpoint;
        this.target = endpoint.getRawPath() == null || endpoint.getRawPath().isEmpty() ? endpoint.resolve("/") : endpoint; // as the SDK sends it
        this.region = region;
        this.credentials = credentials;
        this.http = http;
        this.retries = retries;
        JsonFactory json = new JsonFactory();
        this.writer = new JsonRequestWriter(json);
        this.reader = new JsonResponseReader(json);
        this.errors = new ErrorResponses(reader);
        SignerWarmUp.start(signer, json, target, region.id(), SIGNING_NAME, CONTENT_TYPE);
    }

    URI endpoint() {
        return endpoint;
    }

    Region region() {
        return region;
    }

    /** Closes the HTTP client if it was built from the caller's builder (waiting for that first); the caller's own stays open. */
    void close() {
        http.close();
    }

    /**
     * Sends {@code request} as {@code operation} and reads the response into {@code response}. The request is taken as
     * an {@code SdkPojo} (an interface), not a {@code DynamoDbRequest}, so that verifying the client's class does not load
     * the request class of every operation it sends.
     *
     * @throws UnsupportedOperationException when the request's override configuration sets what the wire client cannot apply
     */
    <R extends DynamoDbResponse, B extends DynamoDbResponse.Builder & SdkPojo> R send(String operation, SdkPojo request,
                                                                                      B response, Class<R> type) {
        Optional<AwsRequestOverrideConfiguration> override = ((AwsRequest) request).overrideConfiguration();
        RequestOverrides overrides = override.isPresent() ? RequestOverrides.of(operation, override.get()) : RequestOverrides.NONE;
        long started = System.nanoTime();
        byte[] body = writer.write(request);
        // waited for only now: a client built in the background had the request's writing (and all before) to finish
        SdkHttpClient client = http.await();
        RetryStrategy retries = overrides.retries(this.retries);
        AcquireInitialTokenResponse initial = retries.acquireInitialToken(AcquireInitialTokenRequest.create(SIGNING_NAME));
        RetryToken token = initial.token();
        pause(initial.delay(), overrides, started);
        List<SdkException> earlier = new ArrayList<>(0);
        for (int attempt = 1; ; attempt++) {
            try {
                R result = type.cast(attempt(client, operation, body, response, overrides, started));
                retries.recordSuccess(RecordSuccessRequest.create(token));
                return result;
            } catch (ApiCallTimeoutException callTimedOut) {
                throw callTimedOut; // the whole call's time is up: no retry, and (as in the SDK's client) no attempt count
            } catch (SdkException failure) {
                RefreshRetryTokenResponse refreshed;
                try {
                    refreshed = retries.refreshRetryToken(RefreshRetryTokenRequest.builder().token(token).failure(failure).build());
                } catch (TokenAcquisitionFailedException refused) {
                    throw finalFailure(failure, attempt, earlier);
                }
                earlier.add(failure);
                token = refreshed.token();
                pause(refreshed.delay(), overrides, started);
            }
        }
    }

    private DynamoDbResponse attempt(SdkHttpClient http, String operation, byte[] body, DynamoDbResponse.Builder builder, RequestOverrides overrides,
                                     long started) {
        SdkHttpFullRequest.Builder request = SdkHttpFullRequest.builder()
                .method(SdkHttpMethod.POST)
                .uri(target)
                .putHeader("Content-Type", CONTENT_TYPE)
                .putHeader("X-Amz-Target", TARGET_PREFIX + operation)
                .putHeader("Content-Length", Integer.toString(body.length));
        overrides.apply(request);
        SdkHttpFullRequest unsigned = request.build();
        AwsCredentialsIdentity identity = overrides.credentials(credentials);
        ContentStreamProvider payload = ContentStreamProvider.fromByteArrayUnsafe(body);
        SignedRequest signed = signer.sign(r -> r.identity(identity).request(unsigned).payload(payload)
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, SIGNING_NAME)
                .putProperty(AwsV4HttpSigner.REGION_NAME, region.id()));
        SdkHttpResponse response;
        byte[] content;
        Optional<Limit> limit = attemptLimit(overrides, started);
        ExecutableHttpRequest exchange = http.prepareRequest(HttpExecuteRequest.builder().request(signed.request())
                .contentStreamProvider(signed.payload().orElse(payload)).build());
        Optional<AbortTimer> timer = limit.isPresent() ? Optional.of(AbortTimer.start(exchange, limit.get().after())) : Optional.empty();
        try {
            HttpExecuteResponse executed = exchange.call();
            response = executed.httpResponse();
            content = read(executed.responseBody());
        } catch (IOException | RuntimeException e) {
            if (timer.isPresent() && timer.get().stop()) {
                throw timedOut(overrides, limit.get(), e);
            }
            if (e instanceof RuntimeException unchecked) {
                throw unchecked;
            }
            throw SdkClientException.builder().message("Unable to execute HTTP request: " + e.getMessage()).cause(e).build();
        }
        if (timer.isPresent() && timer.get().stop()) {
            throw timedOut(overrides, limit.get(), null);
        }
        checkCrc32(response, content);
        if (!response.isSuccessful()) {
            throw errors.exception(operation, response, content);
        }
        try {
            reader.read(content, (SdkPojo) builder);
        } catch (IOException | RuntimeException e) {
            if (ErrorResponses.notDynamoDbJson(content)) {
                // not the parser's failure to report, and no I/O failure for the retry strategies to retry: someone else answered
                throw SdkClientException.builder().message(ErrorResponses.foreignBody(operation, response, content)).build();
            }
            throw SdkClientException.builder().message("Unable to unmarshall response (" + e.getMessage() + "). Response Code: "
                    + response.statusCode() + ", Response Text: " + response.statusText().orElse("")).cause(e).build();
        }
        String requestId = response.firstMatchingHeader("x-amzn-RequestId").orElse("UNKNOWN");
        builder.responseMetadata(DynamoDbResponseMetadata.create(DefaultAwsResponseMetadata.create(Map.of(AwsHeader.AWS_REQUEST_ID, requestId))));
        builder.sdkHttpResponse(response);
        return builder.build();
    }

    /** How long an attempt may take, and whether that is what is left of the whole call's time. */
    private record Limit(Duration after, boolean wholeCall) {
    }

    /**
     * This attempt's limit: its own timeout, or what is left of the call's if that is shorter.
     *
     * @throws ApiCallTimeoutException when nothing is left of the call's
     */
    private static Optional<Limit> attemptLimit(RequestOverrides overrides, long started) {
        Optional<Duration> attemptTimeout = overrides.apiCallAttemptTimeout();
        if (overrides.apiCallTimeout().isEmpty()) {
            return attemptTimeout.isPresent() ? Optional.of(new Limit(attemptTimeout.get(), false)) : Optional.empty();
        }
        Duration left = overrides.apiCallTimeout().get().minusNanos(System.nanoTime() - started);
        if (left.isZero() || left.isNegative()) {
            throw ApiCallTimeoutException.create(overrides.apiCallTimeout().get().toMillis());
        }
        return Optional.of(attemptTimeout.isPresent() && attemptTimeout.get().compareTo(left) < 0
                ? new Limit(attemptTimeout.get(), false) : new Limit(left, true));
    }

    /** The timeout that aborted the attempt: the call's (final) or the attempt's (which the SDK's strategies retry). */
    private static SdkClientException timedOut(RequestOverrides overrides, Limit limit, Throwable cause) {
        if (limit.wholeCall()) {
            String message = ApiCallTimeoutException.create(overrides.apiCallTimeout().orElseThrow().toMillis()).getMessage();
            return ApiCallTimeoutException.create(message, cause);
        }
        String message = ApiCallAttemptTimeoutException.create(overrides.apiCallAttemptTimeout().orElseThrow().toMillis()).getMessage();
        return ApiCallAttemptTimeoutException.create(message, cause);
    }

    private static byte[] read(Optional<? extends InputStream> body) throws IOException {
        if (body.isEmpty()) {
            return new byte[0];
        }
        try (InputStream in = body.get()) {
            return in.readAllBytes();
        }
    }

    /** As the SDK's client checks it: a body that does not match its {@code x-amz-crc32} fails the attempt (its strategies do not retry that). */
    private static void checkCrc32(SdkHttpResponse response, byte[] content) {
        Optional<String> expected = response.firstMatchingHeader(CRC32_HEADER);
        if (expected.isEmpty() || response.firstMatchingHeader("Content-Encoding").isPresent()) {
            return;
        }
        CRC32 crc = new CRC32();
        crc.update(content, 0, content.length);
        if (!expected.get().equals(Long.toString(crc.getValue()))) {
            throw Crc32MismatchException.builder().message("Expected " + expected.get() + " as the Crc32 checksum but the actual "
                    + "calculated checksum was " + crc.getValue()).build();
        }
    }

    private static SdkException finalFailure(SdkException failure, int attempts, List<SdkException> earlier) {
        SdkException last = failure.toBuilder().numAttempts(attempts).build();
        for (int i = 0; i < earlier.size(); i++) {
            SdkException attemptFailure = earlier.get(i);
            last.addSuppressed(SdkClientException.builder().message("Request attempt " + (i + 1) + " failure: "
                    + attemptFailure.getMessage()).cause(attemptFailure).writableStackTrace(false).build());
        }
        return last;
    }

    /** Waits before an attempt; when the call's timeout comes first, waits until it and fails with it. */
    private static void pause(Duration delay, RequestOverrides overrides, long started) {
        if (delay.isZero() || delay.isNegative()) {
            return;
        }
        Duration wait = delay;
        boolean callEnds = false;
        if (overrides.apiCallTimeout().isPresent()) {
            Duration left = overrides.apiCallTimeout().get().minusNanos(System.nanoTime() - started);
            if (left.compareTo(delay) <= 0) {
                wait = left.isNegative() ? Duration.ZERO : left;
                callEnds = true;
            }
        }
        try {
            Thread.sleep(wait.toMillis(), (int) (wait.toNanos() % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SdkClientException.builder().message("interrupted while waiting to retry a DynamoDB request").cause(e).build();
        }
        if (callEnds) {
            throw ApiCallTimeoutException.create(overrides.apiCallTimeout().get().toMillis());
        }
    }
}
