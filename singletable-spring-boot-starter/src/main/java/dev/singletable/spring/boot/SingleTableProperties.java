package dev.singletable.spring.boot;

import dev.singletable.Experimental;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code singletable.*} properties. Every one is optional: with none, the clients take region and credentials from
 * the SDK's default chains, tables keep the names of their designs, and nothing is created. They are checked when they
 * are bound ({@link #validate}): a value that could only fail later, at the first request, fails the start instead,
 * naming the property, its value and the fix.
 */
@ConfigurationProperties(prefix = "singletable")
@Experimental
public class SingleTableProperties implements Validator {
    /** The AWS region (such as {@code eu-west-1}); unset: the SDK's chain ({@code AWS_REGION}, {@code ~/.aws/config}). */
    private String region;
    /** An endpoint other than Amazon DynamoDB's (Dynoxide, DynamoDB Local, a proxy): an http or https URL such as {@code http://localhost:8000}. */
    private String endpoint;
    /** A profile of {@code ~/.aws/credentials}; unset: the SDK's default credential chain. */
    private String profile;
    /** Fixed credentials (with {@link #secretAccessKey}), for an engine on this machine; prefer a profile or a role elsewhere. */
    private String accessKeyId;
    /** The secret of {@link #accessKeyId}. */
    private String secretAccessKey;
    /**
     * The secret that signs pagination cursors: base64 of at least 16 bytes (32 random bytes are best, such as the output
     * of {@code openssl rand -base64 32}), the same in every process. Required unless the endpoint is on this machine.
     */
    private String cursorKey;
    /** Put before every table's design name: {@code dev-} makes the design's {@code AppTable} {@code dev-AppTable}. */
    private String tableNamePrefix = "";
    /** Put after every table's design name: {@code -prod} makes {@code AppTable} {@code AppTable-prod}. */
    private String tableNameSuffix = "";
    /** Whether every table is created on start when missing (and checked against its design when present); never by default. */
    private boolean createTables;
    /** Schema files (singletable/1, YAML or JSON) loaded as tables: Spring resource locations such as {@code classpath:app.yaml}. */
    private List<String> schemaFiles = new ArrayList<>();
    /** Whether every request is metered (Micrometer, when the application has a {@code MeterRegistry}): on unless set. */
    private boolean metrics = true;
    /** Whether every request is observed (Micrometer Observation, for tracing): off unless set. Meters need no observation. */
    private boolean observations;

    public String getRegion() {
        return region;
    }

    public void setRegion(String region) {
        this.region = region;
    }

    public String getEndpoint() {
        return endpoint;
    }

    public void setEndpoint(String endpoint) {
        this.endpoint = endpoint;
    }

    /** The endpoint as a URI, empty when none is set; checked on binding ({@link #validate}), so it parses. */
    Optional<URI> endpointUri() {
        return hasText(endpoint) ? httpUrl(endpoint) : Optional.empty();
    }

    /** {@code value} as an http or https URL with a host; empty when it is none. */
    private static Optional<URI> httpUrl(String value) {
        URI uri;
        try {
            uri = new URI(value.strip());
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
        String scheme = uri.getScheme();
        boolean http = scheme != null && (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"));
        return http && uri.getHost() != null ? Optional.of(uri) : Optional.empty();
    }

    public String getProfile() {
        return profile;
    }

    public void setProfile(String profile) {
        this.profile = profile;
    }

    public String getAccessKeyId() {
        return accessKeyId;
    }

    public void setAccessKeyId(String accessKeyId) {
        this.accessKeyId = accessKeyId;
    }

    public String getSecretAccessKey() {
        return secretAccessKey;
    }

    public void setSecretAccessKey(String secretAccessKey) {
        this.secretAccessKey = secretAccessKey;
    }

    public String getCursorKey() {
        return cursorKey;
    }

    public void setCursorKey(String cursorKey) {
        this.cursorKey = cursorKey;
    }

    public String getTableNamePrefix() {
        return tableNamePrefix;
    }

    public void setTableNamePrefix(String tableNamePrefix) {
        this.tableNamePrefix = tableNamePrefix == null ? "" : tableNamePrefix;
    }

    public String getTableNameSuffix() {
        return tableNameSuffix;
    }

    public void setTableNameSuffix(String tableNameSuffix) {
        this.tableNameSuffix = tableNameSuffix == null ? "" : tableNameSuffix;
    }

    public boolean isCreateTables() {
        return createTables;
    }

    public void setCreateTables(boolean createTables) {
        this.createTables = createTables;
    }

    public List<String> getSchemaFiles() {
        return schemaFiles;
    }

    public void setSchemaFiles(List<String> schemaFiles) {
        this.schemaFiles = schemaFiles == null ? new ArrayList<>() : new ArrayList<>(schemaFiles);
    }

    public boolean isMetrics() {
        return metrics;
    }

    public void setMetrics(boolean metrics) {
        this.metrics = metrics;
    }

    public boolean isObservations() {
        return observations;
    }

    public void setObservations(boolean observations) {
        this.observations = observations;
    }

    @Override
    public boolean supports(Class<?> type) {
        return SingleTableProperties.class.isAssignableFrom(type);
    }

    /**
     * Refuses an endpoint that is no {@code http://} or {@code https://} URL with a host (such as {@code localhost:8000},
     * which the SDK takes for a URI of scheme {@code localhost} and fails on at the first request), and the properties
     * that only make sense together when one is set alone.
     */
    @Override
    public void validate(Object target, Errors errors) {
        SingleTableProperties properties = (SingleTableProperties) target;
        if (hasText(properties.endpoint) && httpUrl(properties.endpoint).isEmpty()) {
            errors.rejectValue("endpoint", "singletable.endpoint", "singletable.endpoint must be a URL of scheme http or https "
                    + "with a host and, for an engine of its own, a port, such as http://localhost:8000");
        }
        boolean keyId = hasText(properties.accessKeyId);
        boolean secret = hasText(properties.secretAccessKey);
        if (keyId != secret) {
            // rejected on the key id either way: the analysis of a failed start prints the rejected value, never the secret's
            errors.rejectValue("accessKeyId", "singletable.credentials", keyId
                    ? "singletable.access-key-id is set but singletable.secret-access-key is not: set both (fixed credentials), "
                            + "or neither to take them from singletable.profile or the SDK's default chain"
                    : "singletable.secret-access-key is set but singletable.access-key-id is not: set both (fixed credentials), "
                            + "or neither to take them from singletable.profile or the SDK's default chain");
        }
    }

    private static boolean hasText(String value) {
        return value != null && !value.isBlank();
    }
}
