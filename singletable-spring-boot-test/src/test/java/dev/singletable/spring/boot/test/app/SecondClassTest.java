package dev.singletable.spring.boot.test.app;

import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.spring.boot.test.SingleTableTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/** A second class of the same application: a table of its own, empty, whatever the other class wrote. */
@SingleTableTest(properties = "singletable.table-name-suffix=-it")
class SecondClassTest {
    @Autowired
    Table table;

    @Test
    void get_whenAnotherClassStoredTheSameKey_findsNothingInThisClasssTable() {
        table.put(new Task("L9", "T9", "only here"));

        assertThat(table.schema().name()).matches("Tasks-it-t\\d+");
        assertThat(table.get(TaskSchema.INSTANCE, KeyValues.of("listId", "L1").and("taskId", "T1"))).isEmpty();
        assertThat(table.query(TaskSchema.INSTANCE).partition(TaskSchema.LIST_ID, "L9").list()).hasSize(1);
    }
}
