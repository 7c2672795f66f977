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
    void of_whenTheDesignHasRelationsAndACollectionOfTheirItems_saysTheyAreNotPricedAndHowTheCollectionIs() {
        CostReport report = CostModel.of(SchemaFile.load(Path.of("../designs/memberships.singletable.yaml")), PriceTable.builtIn(),
                "us-east-1", Scaling.none());

        assertThat(report.defaults()).contains("relations (Membership) are not priced: the design declares no rates or counts for "
                + "them, so their adjacency items' writes (relate: one TransactWriteItems of two items, twice the units of two puts), "
                + "storage and related reads are left out; the reads of collections listing their item types (GroupMembers: "
                + "GROUPUSER) are priced at the sizes of the collections' entities");
        assertThat(report.patterns()).extracting(CostReport.PatternCost::name, CostReport.PatternCost::operation, CostReport.PatternCost::readUnitsPerCall)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("group-with-members", "query", 0.5));
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
        assertThat(ReadPricing.pages(2_000, 1_000, ReadMode.STRONGLY_CONSISTENT)).isEqualTo(256 + 233);
        assertThat(ReadPricing.pages(0, 1_000, ReadMode.EVENTUALLY_CONSISTENT)).isEqualTo(0.5);
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

    @Test
    void of_whenAnEntityIsStoredByItsState_pricesItsPutAsTheTransactionTheLibrarySends() {
        CostReport report = CostModel.of(SchemaFile.load(Path.of("../designs/products.singletable.yaml")), PriceTable.builtIn(),
                "us-east-1", Scaling.none());
        CostReport.WriteCost active = report.writes().stream().filter(w -> w.type().equals("ActiveProduct")).findFirst().orElseThrow();

        // TransactWriteItems: the Put of 129 B (2 units) and a ConditionCheck of the archived key (2), then GSI1's entry (1):
        // the engine's "1 request, 5 WCU consumed"
        assertThat(active.tableUnits()).isEqualTo(4.0);
        assertThat(active.unitsPerPut()).isEqualTo(5.0);
        assertThat(report.defaults()).anyMatch(note -> note.startsWith("puts of entities stored by their state (ActiveProduct, ArchivedProduct)"));
    }

    @Test
    void of_whenAPatternFetchesFullItems_chargesTheBatchGetItemToTheTable() {
        // the tickets of projections/ with 4 read units provisioned: tickets-of-assignee queries byAssignee (KEYS_ONLY)
        CostReport report = CostModel.of(SchemaFile.load(Path.of("src/test/resources/cost/tickets-prov.singletable.yaml")),
                PriceTable.builtIn(), "us-east-1", Scaling.none());
        CostReport.PatternCost pattern = report.patterns().stream().filter(p -> p.name().equals("tickets-of-assignee")).findFirst().orElseThrow();

        // the index Query: 10 entries of 58 B, one block, 0.5; the BatchGetItem: 10 whole items of 192 B, 0.5 each, from the table
        assertThat(pattern.readUnitsPerCall()).isEqualTo(5.5);
        assertThat(pattern.tableUnitsPerCall()).isEqualTo(5.0);
        assertThat(pattern.shares().get("byAssignee")).isCloseTo(0.5 / 5.5, within(1e-12));
        assertThat(pattern.shares().get("table")).isCloseTo(5.0 / 5.5, within(1e-12));
        // 0.5 (tickets-of-project) + 5 on the table pass its 4 units; byAssignee's 0.5 does not
        assertThat(report.limits()).extracting(CostReport.Limit::kind, CostReport.Limit::figure)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("provisioned-reads", 5.5));
        assertThat(report.limits().get(0).message()).contains("on the table");
    }

    @Test
    void of_whenTheDesignIsProvisioned_pricesTheCapacityItDeclares() {
        // 1,000 read and 1,000 write units on the table and on each of its two global indexes, as the exports deploy them
        CostReport report = CostModel.of(SchemaFile.load(Path.of("src/test/resources/cost/prov.singletable.yaml")), PriceTable.builtIn(),
                "us-east-1", Scaling.none());

        assertThat(report.declared()).containsOnlyKeys("table", "gs1", "gs2");
        assertThat(report.declared().values()).allSatisfy(monthly -> assertThat(monthly).isCloseTo((1_000 * 0.00013 + 1_000 * 0.00065) * 730, within(1e-9)));
        assertThat(report.declaredMonthly()).isCloseTo(1_708.2 + report.storageMonthly(), within(1e-9));
        assertThat(CostModel.of(BLOG, PriceTable.builtIn(), "us-east-1", Scaling.none()).declared()).isEmpty();
    }

    @Test
    void of_whenAScanReadsItemsOfDifferentSizes_pricesTheirWholeBytes() {
        CostReport report = CostModel.of(SchemaFile.load(Path.of("src/test/resources/cost/scan.singletable.yaml")), PriceTable.builtIn(),
                "us-east-1", Scaling.none());
        CostReport.PatternCost all = report.patterns().stream().filter(p -> p.name().equals("all")).findFirst().orElseThrow();

        // 10,000 x 33 B + 5,000 x 31 B = 485,000 B: 119 blocks of 4 KB, eventual: 59.5 (a truncated 32 B average made 118)
        assertThat(all.readUnitsPerCall()).isEqualTo(59.5);
    }

    @Test
    void of_whenAnEntityHasNoExamples_givesEachCollectionFiveElements() {
        CostReport report = CostModel.of(SchemaFile.load(Path.of("src/test/resources/cost/coll.singletable.yaml")), PriceTable.builtIn(),
                "us-east-1", Scaling.none());

        // pk 2+33, t 1+1, id 2+32, tags 4+5x32, items 5+3+5x33, m 1+3+5x37, ns 2+5x5, bs 2+5x32, as the defaults note says
        assertThat(report.writes().get(1).itemBytes()).isEqualTo(786);
    }

    @Test
    void of_whenAFilteredQueryHasALimit_pricesTheRequestsUntilTheLimitPassesTheFilter() {
        CostReport report = CostModel.of(SchemaFile.load(Path.of("src/test/resources/cost/lim.singletable.yaml")), PriceTable.builtIn(),
                "us-east-1", Scaling.none());
        CostReport.PatternCost reds = report.patterns().get(0);   // rare-reds: LimitedQueriesTest

        // limit 2, a filter on an enum of two values: a Query of limit 2 keeps 1, the next asks for 2 more: 4 items, 2 requests
        // of 0.5 each, as the engine consumed on the design's examples ("2 requests, 1 RCU consumed")
        assertThat(reds.items()).isEqualTo(4);
        assertThat(reds.readUnitsPerCall()).isEqualTo(1.0);
        assertThat(report.defaults()).anyMatch(note -> note.startsWith("a query with a filter and a limit reads until its limit passes"));
    }

    @Test
    void filteredQueryOf_whenTheFilterKeepsHalf_asksForWhatIsMissingWithGrowth() {
        assertThat(FilteredQuery.of(2, 0.5).requestItems()).containsExactly(2, 2);
        assertThat(FilteredQuery.of(10, 1).requestItems()).containsExactly(10);
        assertThat(FilteredQuery.of(10, 0.1).itemsRead()).isGreaterThanOrEqualTo(100);
    }
}
