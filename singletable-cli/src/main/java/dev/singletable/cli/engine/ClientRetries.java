package dev.singletable.cli.engine;

import org.apache.http.conn.ConnectTimeoutException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenResponse;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RecordSuccessResponse;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenResponse;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.UnknownHostException;
import java.util.function.Predicate;

/**
 * The retry policy of every DynamoDB client the command builds for an endpoint ({@code --endpoint}
 * of the data commands, {@code demo} and {@code verify-relation}): the SDK's standard mode (3
 * attempts; throttling and 5xx errors retried with its backoff), except that a request whose
 * connection could not be made (refused, unknown host, no route, connect timeout) is not retried.
 * Such a failure does not get better within one invocation, and retrying it only delays the
 * message that says to check {@code --endpoint}. Its {@code toBuilder()} keeps that rule: a strategy
 * built from it with more attempts still sends a failed connection once.
 *
 * <pre>{@code
 * DynamoDbClient.builder().endpointOverride(url).overrideConfiguration(ClientRetries::configure).build();
 * }</pre>
 */
public final class ClientRetries {
    private ClientRetries() {
    }

    /** Sets the command's retry strategy on a client's configuration. */
    public static void configure(ClientOverrideConfiguration.Builder configuration) {
        configuration.retryStrategy(strategy());
    }

    /** The SDK's standard strategy that gives up at once on a failed connection. */
    public static RetryStrategy strategy() {
        return new ConnectionFailuresNotRetried(AwsRetryStrategy.standardRetryStrategy());
    }

    /** True when {@code failure} (or a cause) says that no connection to the endpoint could be made. */
    static boolean isConnectionFailure(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof UnknownHostException
                    || cause instanceof NoRouteToHostException || cause instanceof PortUnreachableException
                    || cause instanceof ConnectTimeoutException) {
                return true;
            }
        }
        return false;
    }

    private record ConnectionFailuresNotRetried(RetryStrategy standard) implements RetryStrategy {
        @Override
        public AcquireInitialTokenResponse acquireInitialToken(AcquireInitialTokenRequest request) {
            return standard.acquireInitialToken(request);
        }

        @Override
        public RefreshRetryTokenResponse refreshRetryToken(RefreshRetryTokenRequest request) {
            if (isConnectionFailure(request.failure())) {
                throw new TokenAcquisitionFailedException("No retry: the connection to the endpoint could not be made",
                        request.token(), request.failure());
            }
            return standard.refreshRetryToken(request);
        }

        @Override
        public RecordSuccessResponse recordSuccess(RecordSuccessRequest request) {
            return standard.recordSuccess(request);
        }

        @Override
        public int maxAttempts() {
            return standard.maxAttempts();
        }

        @Override
        public boolean useClientDefaults() {
            // the standard strategy has the SDK's retry conditions already; the client adds none
            return false;
        }

        @Override
        public Builder<?, ?> toBuilder() {
            return new KeepingTheRule(standard.toBuilder());
        }
    }

    /**
     * A builder of the policy that keeps its rule: what it is told (more attempts, other backoff, more retried
     * exceptions) goes to the standard strategy's builder, and what it builds gives up at once on a failed connection
     * as {@link #strategy()} does.
     */
    private static final class KeepingTheRule implements RetryStrategy.Builder<KeepingTheRule, RetryStrategy> {
        private final RetryStrategy.Builder<?, ?> standard;

        KeepingTheRule(RetryStrategy.Builder<?, ?> standard) {
            this.standard = standard;
        }

        @Override
        public KeepingTheRule retryOnException(Predicate<Throwable> shouldRetry) {
            standard.retryOnException(shouldRetry);
            return this;
        }

        @Override
        public KeepingTheRule maxAttempts(int maxAttempts) {
            standard.maxAttempts(maxAttempts);
            return this;
        }

        @Override
        public KeepingTheRule backoffStrategy(BackoffStrategy backoffStrategy) {
            standard.backoffStrategy(backoffStrategy);
            return this;
        }

        @Override
        public KeepingTheRule throttlingBackoffStrategy(BackoffStrategy backoffStrategy) {
            standard.throttlingBackoffStrategy(backoffStrategy);
            return this;
        }

        @Override
        public KeepingTheRule treatAsThrottling(Predicate<Throwable> treatAsThrottling) {
            standard.treatAsThrottling(treatAsThrottling);
            return this;
        }

        @Override
        public KeepingTheRule useClientDefaults(boolean useClientDefaults) {
            standard.useClientDefaults(useClientDefaults);
            return this;
        }

        @Override
        public RetryStrategy build() {
            return new ConnectionFailuresNotRetried(standard.build());
        }
    }
}
