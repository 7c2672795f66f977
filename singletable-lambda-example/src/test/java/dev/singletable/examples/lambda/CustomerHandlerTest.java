package dev.singletable.examples.lambda;

import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.LinkedHashMap;
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
}
