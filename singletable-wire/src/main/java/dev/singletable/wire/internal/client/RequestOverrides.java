package dev.singletable.wire.internal.client;

import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.ApiName;
import software.amazon.awssdk.core.SdkPlugin;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.IdentityProvider;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;

/**
 * What a request's {@code overrideConfiguration(...)} asks of the wire client, checked once per call: the credentials
 * provider (resolved per attempt instead of the client's), extra headers and query parameters and the API names (a
 * {@code User-Agent}), all put on the request before it is signed, as the SDK's client puts them; the call and attempt
 * timeouts; the retry strategy as the request's plugins change it (singletable sends an update that must not be applied
 * twice with one that stops retries of failures that may have been applied; a plugin is shown a configuration holding
 * only the client's retry strategy, and what else it sets has no effect). What the wire client cannot do (another
 * signer, metrics publishers, execution attributes for
 * interceptors, an endpoint provider, a bearer token) is refused with an {@link UnsupportedOperationException} naming
 * it, so that nothing a caller set is dropped without a word. A compression configuration is accepted and has no
 * effect, as on the SDK's client: no DynamoDB operation compresses its request.
 */
final class RequestOverrides {
    static final RequestOverrides NONE = new RequestOverrides(Optional.empty(), Map.of(), Map.of(), Optional.empty(),
            Optional.empty(), Optional.empty(), List.of());

    private final Optional<IdentityProvider<? extends AwsCredentialsIdentity>> credentials;
    private final Map<String, List<String>> headers;
    private final Map<String, List<String>> queryParameters;
    private final Optional<String> userAgent;
    private final Optional<Duration> apiCallTimeout;
    private final Optional<Duration> apiCallAttemptTimeout;
    private final List<SdkPlugin> plugins;

    private RequestOverrides(Optional<IdentityProvider<? extends AwsCredentialsIdentity>> credentials, Map<String, List<String>> headers,
                             Map<String, List<String>> queryParameters, Optional<String> userAgent, Optional<Duration> apiCallTimeout,
                             Optional<Duration> apiCallAttemptTimeout, List<SdkPlugin> plugins) {
        this.credentials = credentials;
        this.headers = headers;
        this.queryParameters = queryParameters;
        this.userAgent = userAgent;
        this.apiCallTimeout = apiCallTimeout;
        this.apiCallAttemptTimeout = apiCallAttemptTimeout;
        this.plugins = plugins;
    }

    /**
     * The overrides of one request of {@code operation}.
     *
     * @throws UnsupportedOperationException naming the first setting the wire client cannot apply
     */
    @SuppressWarnings("deprecation") // the SDK deprecated the per-request signer; a caller who still sets one is told it is not applied
    static RequestOverrides of(String operation, AwsRequestOverrideConfiguration override) {
        if (override.signer().isPresent()) {
            throw unsupported(operation, "signer", "it signs every request with SigV4 (the SDK's AwsV4HttpSigner)");
        }
        if (!override.metricPublishers().isEmpty()) {
            throw unsupported(operation, "metricPublishers", "it publishes no metrics");
        }
        if (!override.executionAttributes().getAttributes().isEmpty()) {
            throw unsupported(operation, "executionAttributes", "it runs no execution interceptors to read them");
        }
        if (override.endpointProvider().isPresent()) {
            throw unsupported(operation, "endpointProvider", "it sends every request to the endpoint given to its builder");
        }
        if (override.tokenIdentityProvider().isPresent()) {
            throw unsupported(operation, "tokenIdentityProvider", "DynamoDB signs requests with AWS credentials, not a bearer token");
        }
        StringBuilder agent = new StringBuilder();
        for (ApiName name : override.apiNames()) {
            agent.append(agent.length() == 0 ? "" : " ").append(name.name()).append('/').append(name.version());
        }
        return new RequestOverrides(override.credentialsIdentityProvider(), override.headers(), override.rawQueryParameters(),
                agent.length() == 0 ? Optional.empty() : Optional.of(agent.toString()), override.apiCallTimeout(),
                override.apiCallAttemptTimeout(), List.copyOf(override.plugins()));
    }

    /** The retry strategy of this request: the client's, as the request's plugins change it. */
    RetryStrategy retries(RetryStrategy client) {
        if (plugins.isEmpty()) {
            return client;
        }
        DynamoDbServiceClientConfiguration.Builder configuration = DynamoDbServiceClientConfiguration.builder()
                .overrideConfiguration(ClientOverrideConfiguration.builder().retryStrategy(client).build());
        plugins.forEach(plugin -> plugin.configureClient(configuration));
        return configuration.overrideConfiguration().retryStrategy().orElse(client);
    }

    private static UnsupportedOperationException unsupported(String operation, String setting, String why) {
        return new UnsupportedOperationException(operation + " request's overrideConfiguration sets " + setting
                + ", which singletable's wire client (WireClient) cannot apply: " + why + ". Leave " + setting + " out of the "
                + "request, or send it with a DynamoDbClient built by the SDK (DynamoDbClient.builder())");
    }

    Optional<Duration> apiCallTimeout() {
        return apiCallTimeout;
    }

    Optional<Duration> apiCallAttemptTimeout() {
        return apiCallAttemptTimeout;
    }

    /** The request's credentials for one attempt: from its own provider if it has one, else from the client's. */
    AwsCredentialsIdentity credentials(AwsCredentialsProvider clientCredentials) {
        if (credentials.isEmpty()) {
            return clientCredentials.resolveCredentials();
        }
        IdentityProvider<? extends AwsCredentialsIdentity> provider = credentials.get();
        if (provider instanceof AwsCredentialsProvider classic) {
            return classic.resolveCredentials();
        }
        try {
            return provider.resolveIdentity().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw SdkClientException.builder().message("Unable to load credentials from the request's credentials provider "
                    + provider + ": " + e.getCause()).cause(e.getCause()).build();
        }
    }

    /** Puts the headers, query parameters and user agent on the request about to be signed. */
    void apply(SdkHttpFullRequest.Builder request) {
        if (userAgent.isPresent()) {
            request.putHeader("User-Agent", userAgent.get());
        }
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            request.putHeader(header.getKey(), header.getValue());
        }
        for (Map.Entry<String, List<String>> parameter : queryParameters.entrySet()) {
            request.putRawQueryParameter(parameter.getKey(), parameter.getValue());
        }
    }
}
