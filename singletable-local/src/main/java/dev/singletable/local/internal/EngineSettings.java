package dev.singletable.local.internal;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import dev.singletable.wire.WireCodec;
import dev.singletable.local.LocalDynamoDbException;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;

/**
 * Where tests run, read from a system property or else an environment variable (the property
 * wins, so one {@code mvn -D...} overrides what a shell exports).
 *
 * @param target   {@code embedded}, {@code aws} or an endpoint URL
 * @param endpoint the URL when {@code target} is one
 */
public record EngineSettings(Target target, Optional<URI> endpoint, Optional<String> region, Optional<String> profile,
                             boolean keepTables) {

    public static final String ENDPOINT_PROPERTY = "singletable.test.endpoint";
    public static final String REGION_PROPERTY = "singletable.test.region";
    public static final String PROFILE_PROPERTY = "singletable.test.profile";
    public static final String KEEP_TABLES_PROPERTY = "singletable.test.keepTables";
    /** {@code true}: the engine's clients carry singletable's wire codec ({@code WireCodec}). */
    public static final String WIRE_PROPERTY = "singletable.test.wire";
    /**
     * {@code true}: the engines' synchronous clients are singletable's wire client ({@code WireClient}) on the Apache HTTP
     * client; asynchronous clients stay the SDK's.
     */
    public static final String WIRE_CLIENT_PROPERTY = "singletable.test.wireClient";

    /** Where the engine is. */
    public enum Target {
        EMBEDDED, AMAZON, ENDPOINT
    }

    /** Reads the current JVM's system properties and environment. */
    public static EngineSettings current() {
        return read(System::getProperty, System::getenv);
    }

    /** {@code properties} and {@code environment} answer null for what is not set. */
    public static EngineSettings read(Function<String, String> properties, Function<String, String> environment) {
        Optional<String> endpoint = value(ENDPOINT_PROPERTY, properties, environment);
        Target target = Target.EMBEDDED;
        Optional<URI> url = Optional.empty();
        if (endpoint.isPresent()) {
            switch (endpoint.get().toLowerCase(Locale.ROOT)) {
                case "embedded" -> target = Target.EMBEDDED;
                case "aws" -> target = Target.AMAZON;
                default -> {
                    target = Target.ENDPOINT;
                    url = Optional.of(endpoint(endpoint.get()));
                }
            }
        }
        boolean keep = isTrue(value(KEEP_TABLES_PROPERTY, properties, environment));
        return new EngineSettings(target, url, value(REGION_PROPERTY, properties, environment),
                value(PROFILE_PROPERTY, properties, environment), keep);
    }

    /** True when {@value #WIRE_PROPERTY} (or {@code SINGLETABLE_TEST_WIRE}) is set: the engines' clients carry the wire codec. */
    public static boolean wireCodec() {
        return isTrue(value(WIRE_PROPERTY, System::getProperty, System::getenv));
    }

    /** True when {@value #WIRE_CLIENT_PROPERTY} (or {@code SINGLETABLE_TEST_WIRE_CLIENT}) is set: synchronous clients are wire clients. */
    public static boolean wireClient() {
        return isTrue(value(WIRE_CLIENT_PROPERTY, System::getProperty, System::getenv));
    }

    /** The configuration of every client the engines hand out: the wire codec when {@link #wireCodec()} says so. */
    public static void configure(ClientOverrideConfiguration.Builder configuration) {
        if (wireCodec()) {
            WireCodec.install(configuration);
        }
    }

    private static boolean isTrue(Optional<String> value) {
        return value.map(v -> v.equalsIgnoreCase("true") || v.equals("1") || v.equalsIgnoreCase("yes")).orElse(false);
    }

    /** {@code singletable.test.endpoint} to {@code SINGLETABLE_TEST_ENDPOINT}. */
    public static String variable(String property) {
        return property.replaceAll("([a-z])([A-Z])", "$1_$2").replace('.', '_').toUpperCase(Locale.ROOT);
    }

    /** Says where the value came from, for messages. */
    public static String describe(String property) {
        return "system property " + property + " or environment variable " + variable(property);
    }

    /** The system property's value, else the environment variable's ({@link #variable}); empty when neither is set. */
    static Optional<String> value(String property, Function<String, String> properties,
                                          Function<String, String> environment) {
        String value = properties.apply(property);
        if (value == null || value.isBlank()) {
            value = environment.apply(variable(property));
        }
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
    }

    private static URI endpoint(String text) {
        try {
            URI uri = new URI(text);
            if (uri.getScheme() == null || uri.getHost() == null
                    || !(uri.getScheme().equalsIgnoreCase("http") || uri.getScheme().equalsIgnoreCase("https"))) {
                throw new URISyntaxException(text, "not an http(s) URL with a host");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new LocalDynamoDbException("The test endpoint '" + text + "' (" + describe(ENDPOINT_PROPERTY)
                    + ") is not an http(s) URL such as http://127.0.0.1:8000, nor one of embedded, aws", e);
        }
    }
}
