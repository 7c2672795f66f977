package dev.singletable.design.internal.cost;

import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.singletable.schema.ConditionDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

/** Queries with a limit priced as the library sends them: across shards one Query a shard, each asking for the limit. */
class LimitedQueriesTest {
    @Test
    void of_whenAFilteredQueryReadsAcrossShards_pricesEachShardsQueryOfTheLimit() {
        CostReport report = CostModel.of(SchemaFile.load(Path.of("src/test/resources/cost/shards.singletable.yaml")), PriceTable.builtIn(),
                "us-east-1", Scaling.none());

        assertThat(report.patterns()).extracting(CostReport.PatternCost::name, CostReport.PatternCost::operation,
                        CostReport.PatternCost::items, CostReport.PatternCost::readUnitsPerCall)
                .containsExactly(
                        // 4 Queries of limit 2 (8 items), a filter keeping 1 in 2: each shard holds 1; the first taken leaves
                        // its shard dry, which asks again for (2 - 1) x 2; then the second: 5 Queries of one block each (it said 2.0)
                        tuple("reds", "query", 10L, 2.5),
                        // 4 Queries of limit 200 (items of 35 B, 7,000 B each: 2 blocks, 1); it said 200 items, 2 RCU. The
                        // examples put 3 of 16 in shard 1, so it holds 188 of the 1,000 items and its Query ends there: 788
                        tuple("many-reds", "query", 788L, 4.0),
                        // no filter: each of the 4 Queries stops at its limit of 5, 20 items (the most check takes), one block each
                        tuple("capped", "query", 20L, 2.0));
        assertThat(report.defaults()).contains(
                "items: a get reads 1; a query with a limit the limit in each of its Queries (one, or one a bucket or shard across "
                        + "them), and with a filter on until the limit passes it; a query without a limit 10 in all; a scan every item "
                        + "of the table or index",
                "a query with a filter and a limit across shards, of an entity with examples (reds over 4 shards; many-reds over 4 "
                        + "shards): its items spread over the shards, and pass the filter, as the examples do (each shard the share of "
                        + "the count its examples hold, their passes and drops repeated in sort key order), not evenly");
    }

    @Test
    void of_whenAFilteredQueryDeclaresItsItems_pagesThemAsTheLibraryAsksForMore() {
        CostReport report = CostModel.of(SchemaFile.load(Path.of("src/test/resources/cost/lim.singletable.yaml")), PriceTable.builtIn(),
                "us-east-1", Scaling.none());

        // rare-reds: limit 2 of 8 items read, so 1 in 4 kept: Limit 2 (none pass), then 2 x 2 = 4 (one passes), then
        // (2 - 1) x 4, of which the 2 left are read: 3 requests of one block each; it was one Query of 8 items, 0.5
        assertThat(report.patterns()).extracting(CostReport.PatternCost::name, CostReport.PatternCost::items,
                        CostReport.PatternCost::readUnitsPerCall)
                .containsExactly(tuple("reds", 4L, 1.0), tuple("rare-reds", 8L, 1.5));
        assertThat(report.defaults()).anyMatch(note -> note.contains("(reds keeps about 1 in 2; rare-reds reads the 8 items it declares, its filter keeping 1 in 4)"));
    }

    @Test
    void exampleLanesOf_whenAnExampleIsNotInTheSparseIndex_isEmptySoTheSpreadIsTakenEven() {
        Map<String, AttributeValue> tagged = Map.of("GSI1PK", AttributeValue.fromS("F#1"), "GSI1SK", AttributeValue.fromS("T#red"),
                "color", AttributeValue.fromS("red"));
        Map<String, AttributeValue> untagged = Map.of("color", AttributeValue.fromS("red"));

        assertThat(ExampleLanes.of(List.of(tagged, untagged), "GSI1PK", Optional.of("GSI1SK"), false,
                new ConditionDefinition.Equals(Map.of("color", "red")), 4, 100)).isEmpty();
        assertThat(ExampleLanes.of(List.of(tagged), "GSI1PK", Optional.of("GSI1SK"), false,
                new ConditionDefinition.Equals(Map.of("color", "red")), 4, 100)).isPresent();
    }

    @Test
    void filteredQueryOf_acrossLanesWithFewItems_readsWhatThePartitionsHold() {
        assertThat(FilteredQuery.of(10, 1, 4, 12).requestItems()).containsExactly(3, 3, 3, 3);
        assertThat(FilteredQuery.of(2, 0.25, 1, 8).requestItems()).containsExactly(2, 4, 2);
        assertThat(FilteredQuery.of(2, 0.5, 4, FilteredQuery.UNBOUNDED).requestItems()).containsExactly(2, 2, 2, 2, 2);
        assertThat(FilteredQuery.of(2, 0.5, 4, FilteredQuery.UNBOUNDED).itemsReturned()).isEqualTo(2);
    }
}
