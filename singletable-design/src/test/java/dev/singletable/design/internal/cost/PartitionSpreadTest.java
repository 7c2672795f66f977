package dev.singletable.design.internal.cost;

import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

/** How many partitions a GSI key of a free string spreads over: what the examples show, not one an item. */
class PartitionSpreadTest {
    /** 5,000 orders a second into byStatus keyed 'STATUS#{status}', a free string every example sets to OPEN. */
    private static final SchemaFile HOT = SchemaFile.load(Path.of("src/test/resources/cost/hot-status.singletable.yaml"));

    @Test
    void of_whenAGsiKeySlotIsAFreeStringWithOneValueInTheExamples_findsThePartitionOverItsWriteLimit() {
        CostReport report = CostModel.of(HOT, PriceTable.builtIn(), "us-east-1", Scaling.none());

        assertThat(report.limits()).extracting(CostReport.Limit::kind, CostReport.Limit::subject, CostReport.Limit::figure)
                .contains(tuple("partition-writes", "Order", 5_000.0));
        assertThat(report.defaults()).contains("GSI partition key slots of free strings or numbers (Order.status in byStatus: 1 value): as many "
                + "values as the examples show, a floor (an enum, or examples of more values, spreads them further)");
    }

    @Test
    void of_whenTheGsiKeySlotIsTheTablesPartitionAttribute_spreadsAsTheTable() {
        SchemaFile blog = SchemaFile.load(Path.of("../designs/blog.singletable.yaml"));

        assertThat(CostModel.of(blog, PriceTable.builtIn(), "us-east-1", Scaling.none()).limits()).isEmpty();
    }
}
