/**
 * singletable's opt-in fast path, beside the core: {@link dev.singletable.wire.WireClient}, a {@code DynamoDbClient}
 * that writes each request's JSON and reads each response itself (a fresh JVM's first request in a fraction of the SDK
 * client's time), and {@link dev.singletable.wire.WireCodec}, an interceptor for the SDK's clients that decodes the
 * items of singletable's reads straight from the response body. Both read and write JSON with Jackson and keep the
 * SDK for signing, HTTP, credentials and retries.
 *
 * <pre>{@code
 * DynamoDbClient client = DynamoDbClient.builder().overrideConfiguration(WireCodec::install).build();
 * Table table = Table.of(schema, client);
 * }</pre>
 *
 * <p>API status: only {@code dev.singletable.wire} is exported; {@code dev.singletable.wire.internal} holds the
 * implementations. The codec plugs into the core through the page decoder the core exports to this module alone.
 */
module dev.singletable.wire {
    requires transitive dev.singletable.core;
    requires transitive software.amazon.awssdk.services.dynamodb;
    requires transitive software.amazon.awssdk.core;
    requires transitive software.amazon.awssdk.awscore;
    requires software.amazon.awssdk.utils;
    requires com.fasterxml.jackson.core;
    requires transitive software.amazon.awssdk.http;
    // the wire client: signing, credentials, regions and retries of the SDK, without its client builder
    requires software.amazon.awssdk.http.auth.aws;
    requires software.amazon.awssdk.http.auth.spi;
    requires software.amazon.awssdk.identity.spi;
    requires transitive software.amazon.awssdk.auth;
    requires transitive software.amazon.awssdk.regions;
    requires transitive software.amazon.awssdk.retries.api;
    requires software.amazon.awssdk.retries;
    requires org.reactivestreams; // the wire codec replaces an asynchronous response's body publisher

    exports dev.singletable.wire;
}
