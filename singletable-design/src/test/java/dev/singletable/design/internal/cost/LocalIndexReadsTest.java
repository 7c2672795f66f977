package dev.singletable.design.internal.cost;

import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A query of a KEYS_ONLY local index for whole items: the library asks for ALL_ATTRIBUTES, DynamoDB fetches each from the table. */
class LocalIndexReadsTest {
    @Test
    void of_whenAQueryReadsWholeItemsThroughAKeysOnlyLsi_addsATableReadPerItem() {
        SchemaFile design = SchemaFile.load(Path.of("src/test/resources/cost/lsi-keys-only.singletable.yaml"));
        CostReport report = CostModel.of(design, PriceTable.builtIn(), "us-east-1", Scaling.none());

        // 1,000 index entries of 21 B: 21,000 B, 6 blocks strongly consistent; then 1,000 whole items of 76 B, 1 unit each
        // the operation says so, as a fetchFullItems query's "+ BatchGetItem" does
        assertThat(report.patterns()).extracting(CostReport.PatternCost::operation, CostReport.PatternCost::target,
                        CostReport.PatternCost::readUnitsPerCall, CostReport.PatternCost::tableUnitsPerCall)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("query + table fetch", "byTime", 1_006.0, 1_000.0));
    }
}
