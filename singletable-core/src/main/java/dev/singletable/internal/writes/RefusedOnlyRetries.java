package dev.singletable.internal.writes;

import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.SdkPlugin;
import software.amazon.awssdk.core.SdkServiceClientConfiguration;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenResponse;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RecordSuccessResponse;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenResponse;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A request-level SDK plugin for a write that must not be applied twice (an update that adds to a number or appends to a
 * list without a version check, as UpdateItem or as a PartiQL UPDATE): the client's own retries stay for failures DynamoDB refused (a 4xx such as throttling,
 * which wrote nothing), and a failure that may have been applied (a 5xx, a timeout, a lost connection) is not sent again
 * but reaches the caller, as a {@code SingleTableException} whose {@code mayHaveBeenApplied()} is true. The caller decides
 * (reads the item, then repeats or not), as the README promises; the SDK repeating it would apply the change twice and
 * return success.
 */
final class RefusedOnlyRetries implements SdkPlugin {
    private static final RefusedOnlyRetries PLUGIN = new RefusedOnlyRetries();

    private RefusedOnlyRetries() {
    }

    /** {@code request} sent with this plugin. */
    static UpdateItemRequest onto(UpdateItemRequest request) {
        return request.toBuilder().overrideConfiguration(o -> o.addPlugin(PLUGIN)).build();
    }

    /** A PartiQL statement (or batch of them) sent with this plugin. */
    static ExecuteStatementRequest onto(ExecuteStatementRequest request) {
        return request.toBuilder().overrideConfiguration(o -> o.addPlugin(PLUGIN)).build();
    }

    static BatchExecuteStatementRequest onto(BatchExecuteStatementRequest request) {
        return request.toBuilder().overrideConfiguration(o -> o.addPlugin(PLUGIN)).build();
    }

    /** Whether a failed attempt may have been applied: anything but an answer of DynamoDB's below 500 (a refusal). */
    static boolean mayHaveBeenApplied(Throwable failure) {
        return !(failure instanceof AwsServiceException service) || service.statusCode() >= 500 || service.statusCode() < 400;
    }

    @Override
    @SuppressWarnings("deprecation") // the older RetryPolicy: a client may still be configured with it
    public void configureClient(SdkServiceClientConfiguration.Builder config) {
        ClientOverrideConfiguration override = config.overrideConfiguration();
        ClientOverrideConfiguration.Builder changed = override.toBuilder();
        if (override.retryStrategy().isEmpty() && override.retryPolicy().isPresent()) {
            // a client configured with the SDK's older retry policy keeps it, with the same limit on what it retries
            RetryPolicy policy = override.retryPolicy().get();
            changed.retryPolicy(policy.toBuilder().retryCondition(context -> !mayHaveBeenApplied(context.exception())
                    && policy.retryCondition().shouldRetry(context)).build());
        } else {
            changed.retryStrategy(new Refusing(override.retryStrategy().orElseGet(AwsRetryStrategy::defaultRetryStrategy)));
        }
        config.overrideConfiguration(changed.build());
    }

    /** The client's retry strategy, refusing to retry a failure that may have been applied. */
    private record Refusing(RetryStrategy strategy) implements RetryStrategy {
        @Override
        public AcquireInitialTokenResponse acquireInitialToken(AcquireInitialTokenRequest request) {
            return strategy.acquireInitialToken(request);
        }

        @Override
        public RefreshRetryTokenResponse refreshRetryToken(RefreshRetryTokenRequest request) {
            if (mayHaveBeenApplied(request.failure())) {
                throw new TokenAcquisitionFailedException("not retried: the request is not idempotent and this attempt may have "
                        + "been applied", request.token(), request.failure());
            }
            return strategy.refreshRetryToken(request);
        }

        @Override
        public RecordSuccessResponse recordSuccess(RecordSuccessRequest request) {
            return strategy.recordSuccess(request);
        }

        @Override
        public int maxAttempts() {
            return strategy.maxAttempts();
        }

        @Override
        public boolean useClientDefaults() {
            return false;
        }

        @Override
        public Builder<?, ?> toBuilder() {
            return strategy.toBuilder();
        }
    }
}
