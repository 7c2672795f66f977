package dev.singletable.design.internal.lint;

import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class HotPartitionTest {
    private static List<Finding> hot(SchemaFile design) {
        return LintFindings.of(design).stream().filter(finding -> finding.ruleId().equals("ST003")).toList();
    }

    @Test
    void check_whenTheExamplesShowOneValueOfAGsiKeySlotAndTheWritesOverflowIt_warns() {
        List<Finding> findings = hot(SchemaFile.load(Path.of("src/test/resources/cost/hot-status.singletable.yaml")));

        assertThat(findings).extracting(Finding::subject, Finding::message).containsExactly(org.assertj.core.groups.Tuple.tuple(
                Subject.entity("Order"), "partition key 'STATUS#{status}' on byStatus may take as few values as the examples show "
                        + "(status: 1 value in the examples): the peak of 5,000 Order writes a second, at least one write unit each, "
                        + "into 1 partition is over the 1,000 write units a second a partition takes"));
    }

    @Test
    void check_whenTheExamplesShowFewValuesButTheWritesFitThem_findsNothing() {
        assertThat(hot(SchemaFile.parse("""
                format: singletable/1
                table:
                  name: Docs
                  partitionKey: {name: pk, type: S}
                  sortKey: {name: sk, type: S}
                  indexes: [{name: byOwner, kind: global, partitionKey: {name: opk, type: S}}]
                entities:
                  Doc:
                    attributes: {id: {type: string, required: true}, owner: {type: string, required: true}}
                    keys: {pk: "D#{id}", sk: "D"}
                    indexes: {byOwner: {pk: "O#{owner}"}}
                    writes: {peak: 10, average: 10}
                    examples: [{id: "1", owner: ann}]
                """, "docs.singletable.yaml"))).isEmpty();
    }

    @Test
    void why_statesThePartitionLimitsInUnits() {
        assertThat(new HotPartition().why()).contains("1,000 write units and 3,000 read units a second");
    }
}
