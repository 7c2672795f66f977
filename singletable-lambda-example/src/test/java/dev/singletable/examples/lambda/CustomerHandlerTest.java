package dev.singletable.examples.lambda;

import com.sun.net.httpserver.HttpServer;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The function's handler, made as Lambda makes it (from its environment), on the embedded engine. */
class CustomerHandlerTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    static final String TABLE = "Customers-" + System.nanoTime();

    @BeforeAll
    static void createTable() {
        Table.of(CustomerTable.schema(TABLE), db.client()).createTable();
    }

    @AfterAll
    static void deleteTable() {
        Table.of(CustomerTable.schema(TABLE), db.client()).deleteTable();
    }

    static Map<String, String> environment(String endpoint) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("TABLE_NAME", TABLE);
        environment.put("AWS_REGION", "us-east-1");
        environment.put("AWS_ACCESS_KEY_ID", "local");
        environment.put("AWS_SECRET_ACCESS_KEY", "local");
        environment.put("DYNAMODB_ENDPOINT", endpoint);
        return environment;
    }

    @Test
    void handleRequest_whenCustomerGiven_putsItAndReturnsItAsRead() {
        CustomerHandler handler = new CustomerHandler(environment(db.engine().endpoint().toString()));

        Map<String, String> response = handler.handleRequest(Map.of("customerId", "C1", "name", "Ada"), null);

        assertThat(response).containsExactly(Map.entry("table", TABLE), Map.entry("found", "true"),
                Map.entry("customerId", "C1"), Map.entry("name", "Ada"));
        assertThat(Table.of(CustomerTable.schema(TABLE), db.client()).get(CustomerSchema.INSTANCE,
                dev.singletable.KeyValues.of(CustomerSchema.CUSTOMER_ID, "C1"))).contains(new Customer("C1", "Ada"));
    }

    @Test
    void handleRequest_whenSnapshotRestoredBetweenCalls_reopensItsClientAndAnswersTheSame() {
        CustomerHandler handler = new CustomerHandler(environment(db.engine().endpoint().toString()));
        handler.handleRequest(Map.of("customerId", "C2", "name", "Grace"), null);

        handler.readiness().beforeCheckpoint();
        handler.readiness().afterRestore();
        Map<String, String> response = handler.handleRequest(Map.of("customerId", "C2", "name", "Grace Hopper"), null);

        assertThat(response).containsExactly(Map.entry("table", TABLE), Map.entry("found", "true"),
                Map.entry("customerId", "C2"), Map.entry("name", "Grace Hopper"));
        assertThat(handler.readiness().clientsOpened()).isEqualTo(2);
        assertThat(handler.readiness().primed()).extracting(e -> e.operation()).containsExactly("PutItem", "GetItem");
    }

    @Test
    void handleRequest_whenEventLacksName_failsNamingTheFieldAndTheEventToSend() {
        CustomerHandler handler = new CustomerHandler(environment(db.engine().endpoint().toString()));

        assertThatThrownBy(() -> handler.handleRequest(Map.of("customerId", "C3"), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("CustomerHandler: the event {customerId=C3} has no name; send {\"customerId\": \"C1\", \"name\": \"Ada\"}");
    }

    @Test
    void constructor_whenTableNameMissing_failsNamingTheVariable() {
        Map<String, String> environment = environment(db.engine().endpoint().toString());
        environment.remove("TABLE_NAME");

        assertThatThrownBy(() -> new CustomerHandler(environment))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("CustomerHandler needs the environment variable TABLE_NAME: set it in the function's "
                        + "configuration (or the test's environment map)");
    }

    @Test
    void handleRequest_whenOnlyContainerCredentialsAreGiven_fetchesThemWithTheTokenAgainAfterARestore() throws IOException {
        List<String> fetched = new ArrayList<>();
        HttpServer credentials = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        credentials.createContext("/2021-04-23/credentials", exchange -> {
            fetched.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " " + exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = ("{\"AccessKeyId\": \"ASIACONTAINER\", \"SecretAccessKey\": \"secret\", \"Token\": \"session\", "
                    + "\"Expiration\": \"2099-01-01T00:00:00Z\"}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        credentials.start();
        String uri = "http://127.0.0.1:" + credentials.getAddress().getPort() + "/2021-04-23/credentials";
        // a SnapStart function's environment: no keys, a container credentials endpoint and its token
        Map<String, String> environment = environment(db.engine().endpoint().toString());
        environment.remove("AWS_ACCESS_KEY_ID");
        environment.remove("AWS_SECRET_ACCESS_KEY");
        environment.put("AWS_CONTAINER_CREDENTIALS_FULL_URI", uri);
        environment.put("AWS_CONTAINER_AUTHORIZATION_TOKEN", "token-1");
        // the SDK's provider reads the process's variables, or these system properties in their place
        System.setProperty("aws.containerCredentialsFullUri", uri);
        System.setProperty("aws.containerAuthorizationToken", "token-1");
        try {
            CustomerHandler handler = new CustomerHandler(environment);
            Map<String, String> first = handler.handleRequest(Map.of("customerId", "C4", "name", "Barbara"), null);
            int fetchedBeforeRestore = fetched.size();
            handler.readiness().beforeCheckpoint();
            handler.readiness().afterRestore();
            Map<String, String> second = handler.handleRequest(Map.of("customerId", "C4", "name", "Barbara Liskov"), null);

            assertThat(first).containsExactly(Map.entry("table", TABLE), Map.entry("found", "true"),
                    Map.entry("customerId", "C4"), Map.entry("name", "Barbara"));
            assertThat(second).containsExactly(Map.entry("table", TABLE), Map.entry("found", "true"),
                    Map.entry("customerId", "C4"), Map.entry("name", "Barbara Liskov"));
            // once before the checkpoint and again after the restore; on a busy machine the SDK may retry a slow answer
            assertThat(fetchedBeforeRestore).isPositive();
            assertThat(fetched).hasSizeGreaterThan(fetchedBeforeRestore).containsOnly("GET /2021-04-23/credentials token-1");
        } finally {
            System.clearProperty("aws.containerCredentialsFullUri");
            System.clearProperty("aws.containerAuthorizationToken");
            credentials.stop(0);
        }
    }

    @Test
    void constructor_whenNeitherContainerCredentialsNorKeysAreGiven_failsNamingWhatLambdaSetsAndWhatToSetElsewhere() {
        Map<String, String> environment = environment(db.engine().endpoint().toString());
        environment.remove("AWS_ACCESS_KEY_ID");
        environment.remove("AWS_SECRET_ACCESS_KEY");

        assertThatThrownBy(() -> new CustomerHandler(environment))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("CustomerHandler finds no credentials in its environment (no AWS_CONTAINER_CREDENTIALS_FULL_URI, no "
                        + "AWS_ACCESS_KEY_ID, no AWS_SECRET_ACCESS_KEY): on Lambda they are the function's role's, which Lambda sets "
                        + "itself (AWS_CONTAINER_CREDENTIALS_FULL_URI and AWS_CONTAINER_AUTHORIZATION_TOKEN with SnapStart, else "
                        + "AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, reserved variables that the function's "
                        + "configuration cannot set); elsewhere set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or put them in the "
                        + "test's environment map)");
    }

    @Test
    void constructor_whenTheSecretKeyIsMissing_failsNamingIt() {
        Map<String, String> environment = environment(db.engine().endpoint().toString());
        environment.remove("AWS_SECRET_ACCESS_KEY");

        assertThatThrownBy(() -> new CustomerHandler(environment))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("CustomerHandler finds no credentials in its environment (no AWS_CONTAINER_CREDENTIALS_FULL_URI, "
                        + "no AWS_SECRET_ACCESS_KEY): ");
    }

    @Test
    void constructor_whenRegionMissing_failsSayingLambdaSetsIt() {
        Map<String, String> environment = environment(db.engine().endpoint().toString());
        environment.remove("AWS_REGION");

        assertThatThrownBy(() -> new CustomerHandler(environment))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("CustomerHandler needs the environment variable AWS_REGION: Lambda sets it; elsewhere, set it "
                        + "(or the test's environment map)");
    }
}
