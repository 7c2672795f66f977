package dev.singletable.design.internal.cost;

import dev.singletable.capacity.ReadMode;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The README's worked example, figure by figure: blog's comments-on-post from item size to dollars. */
class CostModelTest {
    private static final SchemaFile BLOG = SchemaFile.load(Path.of("../designs/blog.singletable.yaml"));

    @Test
    void of_commentsOnPost_goesFromItemSizeToDollars() {
        CostReport report = CostModel.of(BLOG, PriceTable.builtIn(), "us-east-1", Scaling.none());
        CostReport.PatternCost pattern = report.patterns().stream().filter(p -> p.name().equals("comments-on-post")).findFirst().orElseThrow();

        assertThat(pattern.itemBytes()).isEqualTo(301);                       // the largest Comment example, as put writes it
        assertThat(pattern.items()).isEqualTo(50);                            // rates.items
        assertThat(pattern.readUnitsPerCall()).isEqualTo(2.0);                // 50 x 301 = 15,050 B: 4 blocks of 4 KB, eventual: 2
        assertThat(pattern.peakUnitsPerSecond()).isEqualTo(1_200.0);          // 600 calls a second
        assertThat(pattern.monthlyUnits()).isEqualTo(2.0 * 120 * 730 * 3600); // 120 a second on average, 730 hours
        assertThat(pattern.onDemandMonthly()).isCloseTo(630.72 * 0.125, within(1e-9));
        assertThat(pattern.provisionedMonthly()).isCloseTo(1_200 / 0.7 * 730 * 0.00013, within(1e-9));
    }

    @Test
    void of_whenAPatternReadsAcrossBucketsOrShards_pricesOneQueryPerPartition() {
        SchemaFile patterns = SchemaFile.load(Path.of("../designs/patterns.singletable.yaml"));
        CostReport report = CostModel.of(patterns, PriceTable.builtIn(), "us-east-1", Scaling.none());

        // the engine's own figures for one call on the design's examples: 2 requests, 1 RCU; 4 requests, 2 RCU
        assertThat(report.patterns()).filteredOn(p -> p.name().equals("device-readings") || p.name().equals("readings-of-a-day"))
                .extracting(CostReport.PatternCost::name, CostReport.PatternCost::readUnitsPerCall)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("device-readings", 1.0),   // 2 day buckets, one block each
                        org.assertj.core.groups.Tuple.tuple("readings-of-a-day", 2.0));         // 4 write shards, one block each
    }

    @Test
    void format_whenFiguresAreWholeFractionalOrHuge_groupsAndRoundsThemTheSameEverywhere() {
        assertThat(List.of(0.0, 0.5, 1_200.0, 1.0 / 6, 0.0004, 2.2462051500000004e16, 22462051500000002048.0))
                .extracting(CostModel::format)
                .containsExactly("0", "0.5", "1,200", "0.167", "0", "22,462,051,500,000,000", "22,462,051,500,000,000,000");
    }

    @Test
    void of_whenTheDesignHasRelations_saysTheyAreNotPriced() {
        CostReport report = CostModel.of(SchemaFile.load(Path.of("../designs/memberships.singletable.yaml")), PriceTable.builtIn(),
                "us-east-1", Scaling.none());

        assertThat(report.defaults()).contains("relations (Membership) are not priced: the design declares no rates or counts for "
                + "them, so their adjacency items' writes (relate: one TransactWriteItems of two items, twice the units of two puts), "
                + "storage and related reads are left out");
    }

    @Test
    void of_whenScaledTenTimes_findsTheConstantPartitionOverItsReadLimit() {
        CostReport report = CostModel.of(BLOG, PriceTable.builtIn(), "us-east-1", Scaling.times(10));

        assertThat(report.limits()).extracting(CostReport.Limit::kind, CostReport.Limit::subject, CostReport.Limit::figure)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("partition-reads", "published-posts", 7_000.0));
        assertThat(CostModel.of(BLOG, PriceTable.builtIn(), "us-east-1", Scaling.none()).limits()).isEmpty();
    }

    @Test
    void pages_whenAQueryReadsMoreThanOneMegabyte_roundsEachPage() {
        // 1 MB pages of 1,000-byte items hold 1,048 items: 2,000 items are a full page (256 blocks) and 952,000 bytes (233 blocks)
        assertThat(CostModel.pages(2_000, 1_000, ReadMode.STRONGLY_CONSISTENT)).isEqualTo(256 + 233);
        assertThat(CostModel.pages(0, 1_000, ReadMode.EVENTUALLY_CONSISTENT)).isEqualTo(0.5);
    }

    @Test
    void monthsToItemCollectionLimit_whenTheCollectionGrows_dividesWhatIsLeftByTheGrowth() {
        double gb = 1024.0 * 1024 * 1024;

        assertThat(CostModel.monthsToItemCollectionLimit(4 * gb, 0.5 * gb)).isEqualTo(12.0);   // 6 GB left at 0.5 GB a month
        assertThat(CostModel.monthsToItemCollectionLimit(0, 2.5 * gb)).isEqualTo(4.0);
        assertThat(CostModel.monthsToItemCollectionLimit(10 * gb, gb)).isZero();               // there already
        assertThat(CostModel.monthsToItemCollectionLimit(11 * gb, 0)).isZero();
        assertThat(CostModel.monthsToItemCollectionLimit(gb, 0)).isInfinite();                  // nothing written
    }

    @Test
    void of_whenATableWithAnLsiGrowsFast_reportsTheCollectionsGrowthAndFlagsIt() {
        // 1,000 entries in one book today, 20 puts a second on average, all into it
        SchemaFile oneBook = SchemaFile.load(Path.of("../singletable-cli/src/test/resources/cost/journal-one-book.singletable.yaml"));

        CostReport report = CostModel.of(oneBook, PriceTable.builtIn(), "us-east-1", Scaling.none());

        CostReport.ItemCollection entries = report.itemCollections().get(0);
        double perItem = entries.bytes() / 1000;            // the typical entry and its LSI entry
        double perMonth = perItem * 20 * 730 * 3600;
        double months = (10.0 * 1024 * 1024 * 1024 - perItem * 1000) / perMonth;
        assertThat(perItem).isEqualTo(286 + 286);             // projection ALL: the LSI entry is the whole item
        assertThat(report.itemCollections()).containsExactly(new CostReport.ItemCollection("BOOK#{bookId}", List.of("Entry"),
                perItem * 1000, perMonth, months, true));
        assertThat(report.limits()).containsExactly(new CostReport.Limit("item-collection-growth", "entities.Entry", "Entry",
                "an item collection of partition key 'BOOK#{bookId}' (Entry) holds about 0.001 GB with its LSI entries and gains 28 GB a month "
                        + "at the average writes: 10 GB, the most a collection holds with an LSI, in 0.4 months", months, 12));
    }
}
