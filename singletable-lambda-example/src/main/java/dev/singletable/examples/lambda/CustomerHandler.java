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
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The function: puts the customer of the event ({@code {"customerId": "C1", "name": "Ada"}}) and reads it back, through
 * singletable on its wire client. Configured by environment variables: {@code TABLE_NAME}, {@code AWS_REGION} and the
 * credentials Lambda sets ({@code AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY}, {@code AWS_SESSION_TOKEN}), and
 * {@code DYNAMODB_ENDPOINT} for another endpoint than the region's (the embedded engine, say).
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
        TableSchema schema = CustomerTable.schema(required(environment, "TABLE_NAME"));
        // the client is opened on first use, and again after each SnapStart restore (fresh connections, and the
        // credentials of the restored environment)
        this.readiness = SnapshotReadiness.builder(() -> client(environment))
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

    private static DynamoDbClient client(Map<String, String> environment) {
        WireClient.Builder builder = WireClient.builder()
                .region(Region.of(required(environment, "AWS_REGION")))
                .credentialsProvider(StaticCredentialsProvider.create(credentials(environment)))
                .httpClientBuilder(UrlConnectionHttpClient.builder());
        String endpoint = environment.get("DYNAMODB_ENDPOINT");
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpoint(URI.create(endpoint));
        }
        return builder.build();
    }

    private static AwsCredentials credentials(Map<String, String> environment) {
        String key = required(environment, "AWS_ACCESS_KEY_ID");
        String secret = required(environment, "AWS_SECRET_ACCESS_KEY");
        String session = environment.get("AWS_SESSION_TOKEN");
        return session == null || session.isBlank() ? AwsBasicCredentials.create(key, secret)
                : AwsSessionCredentials.create(key, secret, session);
    }

    private static String required(Map<String, String> environment, String name) {
        String value = environment.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("CustomerHandler needs the environment variable " + name
                    + ": set it in the function's configuration (or the test's environment map)");
        }
        return value;
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
