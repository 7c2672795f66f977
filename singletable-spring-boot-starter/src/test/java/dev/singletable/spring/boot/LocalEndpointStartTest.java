package dev.singletable.spring.boot;

import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.spring.boot.notes.NotesTableDesign;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the example's {@code application.properties} tells for an engine on this machine, on Dynoxide: its endpoint and
 * {@code singletable.create-tables=true}, no credentials, no region, no cursor key.
 */
class LocalEndpointStartTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    @Test
    void start_whenOnlyTheEndpointOnThisMachineAndCreateTablesAreSet_createsTheTable() {
        String name = "LocalEndpointStart-" + System.nanoTime();
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SingleTableAutoConfiguration.class))
                .withBean(TableSchema.class, () -> NotesTableDesign.SCHEMA.toBuilder().name(name).build())
                .withPropertyValues("singletable.endpoint=" + db.engine().endpoint(), "singletable.create-tables=true")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(Table.class).schema().name()).isEqualTo(name);
                    assertThat(db.client().describeTable(request -> request.tableName(name)).table().tableStatus())
                            .isEqualTo(TableStatus.ACTIVE);
                });
    }
}
