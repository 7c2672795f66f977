package dev.singletable.examples.lambda;

import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The AOT cache's training workload, run as on JDK 17: without the flag, the same put + get calls, nothing cached. */
class AotTrainingTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    @Test
    void train_whenEngineRuns_createsTheTableCallsTheHandlerAndSaysWhatItDid() {
        String table = "Training-" + System.nanoTime();
        String endpoint = db.engine().endpoint().toString();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        Map<String, String> last = AotTraining.train(endpoint, 3, table, new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(last).containsExactly(Map.entry("table", table), Map.entry("found", "true"),
                Map.entry("customerId", "training-3"), Map.entry("name", "Training 3"));
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEqualTo("trained on 3 put + get of CustomerHandler against "
                + endpoint + " (table " + table + "), 2 requests primed" + System.lineSeparator());
    }

    @Test
    void main_whenRunTwiceOnOneEngine_reusesTheTable() {
        String endpoint = db.engine().endpoint().toString();
        String table = "Training-" + System.nanoTime();

        AotTraining.main(new String[]{endpoint, "1", table});
        AotTraining.main(new String[]{endpoint, "2", table});

        assertThat(db.client().describeTable(r -> r.tableName(table)).table().tableName()).isEqualTo(table);
    }

    @Test
    void main_whenIterationsNotANumber_failsSayingWhatToGive() {
        assertThatThrownBy(() -> AotTraining.main(new String[]{"http://127.0.0.1:1", "many"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("AotTraining: ITERATIONS must be a whole number of at least 1, got 'many'");
    }

    @Test
    void main_whenNoEndpoint_failsWithTheUsage() {
        assertThatThrownBy(() -> AotTraining.main(new String[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("usage: AotTraining ENDPOINT [ITERATIONS [TABLE]], e.g. AotTraining http://127.0.0.1:8000 20 "
                        + "Customers; got []");
    }
}
