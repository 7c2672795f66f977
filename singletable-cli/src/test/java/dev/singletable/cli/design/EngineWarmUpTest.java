package dev.singletable.cli.design;

import dev.singletable.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up's requests on a shared engine: every one sent unless stopped, and its table never left behind. */
class EngineWarmUpTest {
    @RegisterExtension
    static final DynamoDbLocalExtension db = DynamoDbLocalExtension.engineOnly();

    @Test
    void run_whenNeverStopped_asksBeforeEachOfItsSixRequestsAndLeavesNoTable() {
        DynamoDbClient client = db.client();
        List<String> before = client.listTables().tableNames();
        AtomicInteger asked = new AtomicInteger();

        EngineWarmUp.run(client, () -> asked.incrementAndGet() < 0);

        assertThat(asked.get()).isEqualTo(6);
        assertThat(client.listTables().tableNames()).isEqualTo(before);
    }

    @Test
    void run_whenStoppedAfterTheTableIsMade_sendsNoMoreAndDeletesIt() {
        DynamoDbClient client = db.client();
        List<String> before = client.listTables().tableNames();
        AtomicInteger asked = new AtomicInteger();

        EngineWarmUp.run(client, () -> asked.incrementAndGet() > 2); // the describe and the create, then stop

        assertThat(asked.get()).isEqualTo(3);
        assertThat(client.listTables().tableNames()).isEqualTo(before);
    }

    @Test
    void run_whenStoppedAtOnce_sendsNothing() {
        DynamoDbClient client = db.client();
        List<String> before = client.listTables().tableNames();
        AtomicInteger asked = new AtomicInteger();

        EngineWarmUp.run(client, () -> asked.incrementAndGet() > 0);

        assertThat(asked.get()).isEqualTo(1);
        assertThat(client.listTables().tableNames()).isEqualTo(before);
    }
}
