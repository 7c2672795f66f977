/**
 * singletable's runtime core: the table, entity and key model, operations and typed errors.
 * Only {@code dev.singletable} is exported; {@code dev.singletable.internal} holds the
 * implementations and may change in any release.
 */
module dev.singletable.core {
    requires transitive software.amazon.awssdk.services.dynamodb;
    requires transitive software.amazon.awssdk.core;
    requires transitive software.amazon.awssdk.awscore;
    requires software.amazon.awssdk.utils;
    requires org.slf4j;
    requires com.fasterxml.jackson.core;
    requires transitive software.amazon.awssdk.http;
    // the wire client (WireClient): signing, credentials, regions and retries of the SDK, without its client builder
    requires software.amazon.awssdk.http.auth.aws;
    requires software.amazon.awssdk.http.auth.spi;
    requires software.amazon.awssdk.identity.spi;
    requires transitive software.amazon.awssdk.auth;
    requires transitive software.amazon.awssdk.regions;
    requires transitive software.amazon.awssdk.retries.api;
    requires software.amazon.awssdk.retries;
    requires org.reactivestreams; // the wire codec replaces an asynchronous response's body publisher

    exports dev.singletable;

    uses dev.singletable.SingleTableProvider;
    provides dev.singletable.SingleTableProvider with dev.singletable.internal.DefaultProvider;
}
