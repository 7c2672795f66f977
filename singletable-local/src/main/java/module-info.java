/**
 * Amazon's DynamoDB Local inside the JVM ({@code LocalDynamoDb}) and the JUnit 5 extension
 * ({@code DynamoDbLocalExtension}). Only {@code dev.singletable.local} is exported.
 */
module dev.singletable.local {
    requires transitive dev.singletable.core;
    requires static transitive org.junit.jupiter.api;
    requires software.amazon.awssdk.http;
    requires software.amazon.awssdk.http.apache;
    requires software.amazon.awssdk.http.nio.netty;
    requires software.amazon.awssdk.auth;
    requires software.amazon.awssdk.profiles; // the credentials profile of a remote test engine
    requires transitive software.amazon.awssdk.regions;
    // DynamoDB Local and the SDK v1 core it declares exceptions from have no module names of their own: these are
    // the names the JDK derives from their file names. So this module is for tests and the CLI, never a library's
    // dependency, which its licence asks anyway.
    requires DynamoDBLocal;
    requires aws.java.sdk.core;
    requires org.eclipse.jetty.server;
    requires org.apache.logging.log4j;
    requires org.apache.logging.log4j.core;
    requires org.slf4j;
    requires java.logging;

    exports dev.singletable.local;
}
