/**
 * A DynamoDB engine for tests, demos and local development ({@code LocalDynamoDb}: Dynoxide in a child process, or
 * an engine elsewhere) and the JUnit 5 extension ({@code LocalDynamoDbExtension}). Only {@code dev.singletable.local}
 * is exported.
 */
module dev.singletable.local {
    requires transitive dev.singletable.core;
    requires dev.singletable.wire; // the engines' clients on the wire paths, when the tests ask for them
    requires static transitive org.junit.jupiter.api;
    requires software.amazon.awssdk.http;
    requires software.amazon.awssdk.http.apache;
    requires software.amazon.awssdk.http.nio.netty;
    requires software.amazon.awssdk.auth;
    requires software.amazon.awssdk.profiles; // the credentials profile of a remote test engine
    requires transitive software.amazon.awssdk.regions;
    requires org.slf4j;

    exports dev.singletable.local;
}
