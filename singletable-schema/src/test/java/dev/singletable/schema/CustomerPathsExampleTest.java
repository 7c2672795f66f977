package dev.singletable.schema;

import dev.singletable.Condition;
import dev.singletable.DynamicItem;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/modelling-patterns.md, "Schema files": paths written as text, the page's example as written, on the embedded engine. */
class CustomerPathsExampleTest {
    static final Path FILE = Path.of("../designs/customers.singletable.yaml");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    private Table created;

    @AfterEach
    void deleteTable() {
        if (created != null) {
            created.deleteTable();
        }
    }

    @Test
    void update_whenPathsWrittenAsText_changesTheNestedValuesInPlace() {
        Path file = FILE;

        SchemaFile design = SchemaFile.load(file);
        Table table = Table.of(design.tableSchema(), db.client());
        table.createTable();
        created = table;
        table.batchWrite().putAll(design.examples("Customer")).execute();
        table.update(design.entity("Customer"), KeyValues.of("customerId", "C1"), u -> u
                .set(design.path("Customer", "shippingAddress.city"), "Paris")
                .remove(design.path("Customer", "pastAddresses[0]"))
                .add(design.path("Customer", "loyalty.points"), 50L),
                Condition.eq(design.path("Customer", "loyalty.tier"), "GOLD"));

        DynamicItem before = design.examples("Customer").get(0);
        DynamicItem stored = table.get(design.entity("Customer"), KeyValues.of("customerId", "C1"), ReadConsistency.STRONG).orElseThrow();
        assertThat(stored).isEqualTo(before.toBuilder()
                .set("shippingAddress", before.get("shippingAddress", DynamicItem.class).with("city", "Paris"))
                .set("pastAddresses", List.of())
                .set("loyalty", DynamicItem.builder("Loyalty").set("tier", "GOLD").set("points", 1250L).build())
                .build());
    }
}
