package dev.singletable.examples.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.lambda.CracSnapshotResource;
import dev.singletable.lambda.Priming;
import dev.singletable.lambda.SnapshotReadiness;
import dev.singletable.wire.WireClient;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The function: puts the customer of the event ({@code {"customerId": "C1", "name": "Ada"}}) and reads it back, through
 * singletable on its wire client. Configured by environment variables: {@code TABLE_NAME}, {@code AWS_REGION} and the
 * credentials Lambda gives (a SnapStart function's container credentials endpoint, {@code AWS_CONTAINER_CREDENTIALS_FULL_URI}
 * and {@code AWS_CONTAINER_AUTHORIZATION_TOKEN}; else the role's keys, {@code AWS_ACCESS_KEY_ID},
 * {@code AWS_SECRET_ACCESS_KEY}, {@code AWS_SESSION_TOKEN}), and {@code DYNAMODB_ENDPOINT} for another endpoint than the
 * region's (the embedded engine, say).
 *
 * <p>Handler string: {@code dev.singletable.examples.lambda.CustomerHandler::handleRequest}.
 */
public final class CustomerHandler implements RequestHandler<Map<String, String>, Map<String, String>> {
    private final Table table;
    private final SnapshotReadiness readiness;

    /** As Lambda makes it: configured from the process's environment. */
    public CustomerHandler() {
        this(System.getenv());
    }

    /** Configured from {@code environment}, the variables Lambda would set. */
    public CustomerHandler(Map<String, String> environment) {
        TableSchema schema = CustomerTable.schema(required(environment, "TABLE_NAME", "set it in the function's configuration"));
        Region region = Region.of(required(environment, "AWS_REGION", "Lambda sets it; elsewhere, set it"));
        Supplier<AwsCredentialsProvider> credentials = credentials(environment);
        // the client is opened on first use, and again after each SnapStart restore (fresh connections, and the
        // credentials of the restored environment)
        this.readiness = SnapshotReadiness.builder(() -> client(environment, region, credentials.get()))
                .priming(priming(schema))
                .build();
        this.table = Table.of(schema, readiness.client());
        CracSnapshotResource.register(readiness);
    }

    @Override
    public Map<String, String> handleRequest(Map<String, String> event, Context context) {
        Customer customer = new Customer(field(event, "customerId"), field(event, "name"));
        table.put(customer);
        Optional<Customer> read = table.get(CustomerSchema.INSTANCE, KeyValues.of(CustomerSchema.CUSTOMER_ID, customer.customerId()));
        Map<String, String> response = new LinkedHashMap<>();
        response.put("table", table.schema().name());
        response.put("found", Boolean.toString(read.isPresent()));
        read.ifPresent(c -> {
            response.put("customerId", c.customerId());
            response.put("name", c.name());
        });
        return response;
    }

    /** The hooks a SnapStart snapshot calls (registered with CRaC by the constructor). */
    public SnapshotReadiness readiness() {
        return readiness;
    }

    /** The function's requests, rendered without sending: before a snapshot, and in the AOT cache's training. */
    static Priming priming(TableSchema schema) {
        return Priming.of(schema)
                .step(table -> table.put(new Customer("priming", "Priming")))
                .step(table -> table.get(CustomerSchema.INSTANCE, KeyValues.of(CustomerSchema.CUSTOMER_ID, "priming")));
    }

    private static DynamoDbClient client(Map<String, String> environment, Region region, AwsCredentialsProvider credentials) {
        WireClient.Builder builder = WireClient.builder()
                .region(region)
                .credentialsProvider(credentials)
                .httpClientBuilder(UrlConnectionHttpClient.builder());
        String endpoint = environment.get("DYNAMODB_ENDPOINT");
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpoint(URI.create(endpoint));
        }
        return builder.build();
    }

    /**
     * Where the credentials Lambda gives come from, a new provider for each client: a SnapStart function gets no keys
     * but a container credentials endpoint, {@code AWS_CONTAINER_CREDENTIALS_FULL_URI} with
     * {@code AWS_CONTAINER_AUTHORIZATION_TOKEN} (the SDK's {@link ContainerCredentialsProvider} reads both from the
     * process, and fetches the restored environment's credentials on its first request); other functions get the
     * role's keys as variables. Chosen here, and not by the SDK's default chain, which would first look for system
     * properties, a web identity token and the profile files: classes loaded and files read on every cold start. Fails
     * now, while the function is initialised, when the environment offers neither.
     */
    private static Supplier<AwsCredentialsProvider> credentials(Map<String, String> environment) {
        if (present(environment, "AWS_CONTAINER_CREDENTIALS_FULL_URI")) {
            return ContainerCredentialsProvider::create;
        }
        List<String> missing = List.of("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY").stream().filter(name -> !present(environment, name)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("CustomerHandler finds no credentials in its environment (no AWS_CONTAINER_CREDENTIALS_FULL_URI, no "
                    + String.join(", no ", missing)
                    + "): on Lambda they are the function's role's, which Lambda sets itself (AWS_CONTAINER_CREDENTIALS_FULL_URI and "
                    + "AWS_CONTAINER_AUTHORIZATION_TOKEN with SnapStart, else AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and "
                    + "AWS_SESSION_TOKEN, reserved variables that the function's configuration cannot set); elsewhere set "
                    + "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or put them in the test's environment map)");
        }
        AwsCredentials keys = keys(environment.get("AWS_ACCESS_KEY_ID"), environment.get("AWS_SECRET_ACCESS_KEY"),
                environment.get("AWS_SESSION_TOKEN"));
        return () -> StaticCredentialsProvider.create(keys);
    }

    private static AwsCredentials keys(String key, String secret, String session) {
        return session == null || session.isBlank() ? AwsBasicCredentials.create(key, secret)
                : AwsSessionCredentials.create(key, secret, session);
    }

    private static boolean present(Map<String, String> environment, String name) {
        String value = environment.get(name);
        return value != null && !value.isBlank();
    }

    private static String required(Map<String, String> environment, String name, String advice) {
        if (!present(environment, name)) {
            throw new IllegalArgumentException("CustomerHandler needs the environment variable " + name + ": " + advice
                    + " (or the test's environment map)");
        }
        return environment.get(name);
    }

    private static String field(Map<String, String> event, String name) {
        String value = event == null ? null : event.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("CustomerHandler: the event " + event + " has no " + name
                    + "; send {\"customerId\": \"C1\", \"name\": \"Ada\"}");
        }
        return value;
    }
}
