package dev.singletable.examples.lambda;

import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The first invocation of a fresh environment: the handler made from the environment's variables, called once. */
class FirstInvocationTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    @Test
    void invoke_whenEnvironmentNamesTheEngine_putsAndGetsTheCustomer() {
        String table = "First-" + System.nanoTime();
        Table.of(CustomerTable.schema(table), db.client()).createTable();
        Map<String, String> environment = Map.of("TABLE_NAME", table, "AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "local",
                "AWS_SECRET_ACCESS_KEY", "local", "DYNAMODB_ENDPOINT", db.engine().endpoint().toString());

        Map<String, String> response = FirstInvocation.invoke(environment, new String[]{"C1", "Ada"});

        assertThat(response).containsExactly(Map.entry("table", table), Map.entry("found", "true"),
                Map.entry("customerId", "C1"), Map.entry("name", "Ada"));
    }

    @Test
    void invoke_whenNameMissing_failsWithTheUsage() {
        assertThatThrownBy(() -> FirstInvocation.invoke(Map.of(), new String[]{"C1"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("usage: FirstInvocation CUSTOMER_ID NAME, e.g. FirstInvocation C1 Ada, with TABLE_NAME, AWS_REGION, "
                        + "AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and DYNAMODB_ENDPOINT in the environment; got [C1]");
    }
}
