package dev.singletable.processor.it.readme;

import dev.singletable.IndexSchema;
import dev.singletable.KeyValues;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The README's "Annotated records" example against the embedded engine. */
class ReadmeAnnotatedExampleTest {
    static final TableSchema SCHEMA = TableSchema.builder("ReadmeAnnotated")
            .index(IndexSchema.of("GSI1", "GSI1PK", "GSI1SK"))
            .index(IndexSchema.of("GSI2", "GSI2PK", "GSI2SK"))
            .timeToLiveAttribute("ttl")
            .entities(CustomerSchema.INSTANCE, OrderSchema.INSTANCE)
            .build();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    @Test
    void readmeExample_whenRun_fillsIdAndCreatedAtAndQueriesByIndexAndCollection() {
        Table table = db.table();
        table.put(new Customer("C1", "Alice"));

        table.put(new Order("C1", null, OrderStatus.PLACED, new BigDecimal("99.99"), null, null, null)); // ULID and createdAt filled
        List<Order> placed = table.query(OrderSchema.INSTANCE).index(OrderSchema.GSI1)
                .partition(OrderSchema.STATUS, OrderStatus.PLACED).list();

        assertThat(placed).singleElement().satisfies(order -> {
            assertThat(order.orderId()).matches("[0-9A-HJKMNP-TV-Z]{26}");
            assertThat(order.createdAt()).isBefore(Instant.now().plusSeconds(1));
            assertThat(order.total()).isEqualByComparingTo("99.99");
        });
        assertThat(table.query(OrderSchema.INSTANCE).index(OrderSchema.GSI2).partition(KeyValues.none()).list()).isEmpty();
        List<CustomerItems> items = table.query(CustomerItemsCollection.INSTANCE).partition(KeyValues.of("customerId", "C1")).list();
        assertThat(items).hasSize(2).hasAtLeastOneElementOfType(Customer.class).hasAtLeastOneElementOfType(Order.class);
    }
}
