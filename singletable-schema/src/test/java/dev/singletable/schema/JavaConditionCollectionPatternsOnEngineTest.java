package dev.singletable.schema;

import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Collection patterns of a design whose Order has an index conditioned on a Java method ({@code when: {java: isShipped}}),
 * run as the design tools run them: on the upper-bound table, whose Order is another schema object than the file's
 * table's (and than the collection's member), holding the examples as the tools compose them.
 */
class JavaConditionCollectionPatternsOnEngineTest {
    static final SchemaFile DESIGN = SchemaFile.loadResource("java-condition/customer-orders.singletable.yaml");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.upperBoundSchema());

    @BeforeAll
    static void examples() {
        List.of("Customer", "Order").forEach(entity -> DESIGN.examples(entity).forEach(db.table()::put));
    }

    private static List<String> described(List<DynamicItem> items) {
        return items.stream().map(item -> item.entityType() + " " + item.values().getOrDefault("id", item.values().get("customerId")))
                .toList();
    }

    @Test
    void run_whenACollectionQueryReadsAPartitionOnTheUpperBoundTable_returnsEveryMemberTypeOfIt() {
        List<DynamicItem> items = DESIGN.run(db.table(), "customer-with-orders", Map.of());

        assertThat(described(items)).containsExactly("Order o1", "Order o2", "Customer c1");
    }

    @Test
    void run_whenACollectionScanReadsTheUpperBoundTable_returnsEveryMemberItem() {
        List<DynamicItem> items = DESIGN.run(db.table(), "every-customer-and-order", Map.of());

        assertThat(described(items)).containsExactlyInAnyOrder("Customer c1", "Customer c2", "Order o1", "Order o2", "Order o3");
    }

    @Test
    void run_whenAnEntityPatternReadsTheUpperBoundIndex_findsTheOrdersItComposedKeysFor() {
        List<DynamicItem> items = DESIGN.run(db.table(), "shipped-orders", Map.of());

        // the upper bound takes GSI1 as if isShipped() said yes for every order with a createdAt
        assertThat(described(items)).containsExactly("Order o1", "Order o2", "Order o3");
    }

    @Test
    void explain_whenACollectionPatternIsExplainedOnTheUpperBoundTable_rendersItsQuery() {
        Table offline = Table.offline(DESIGN.upperBoundSchema());

        assertThat(DESIGN.explain(offline, "customer-with-orders", Map.of()).json()).contains("\"KeyConditionExpression\"");
    }
}
