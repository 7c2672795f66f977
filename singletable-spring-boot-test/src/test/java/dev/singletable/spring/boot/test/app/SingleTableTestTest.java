package dev.singletable.spring.boot.test.app;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.spring.boot.test.SingleTableTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;

/** The slice alone: no test code but the annotation, the application's table created on the engine for this class. */
@SingleTableTest
class SingleTableTestTest {
    @Autowired
    Table table;

    @Autowired
    DynamoDbClient client;

    @Test
    void table_whenTheTestStarts_existsOnTheEmbeddedEngineUnderANameOfItsOwn() {
        assertThat(client.serviceClientConfiguration().endpointOverride()).get().extracting(URI::getHost).isEqualTo("127.0.0.1");
        assertThat(table.schema().name()).matches("Tasks-t\\d+");
        assertThat(client.listTables().tableNames()).contains(table.schema().name());
    }

    @Test
    void create_whenTheTableIsFresh_storesTheTask() {
        Task task = new Task("L1", "T1", "write the slice");

        table.create(task);

        assertThat(table.get(TaskSchema.INSTANCE, KeyValues.of("listId", "L1").and("taskId", "T1"))).contains(task);
    }
}
