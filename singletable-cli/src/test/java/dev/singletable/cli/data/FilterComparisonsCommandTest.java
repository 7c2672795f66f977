package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Access patterns whose filters compare (lessThan ... greaterThanOrEqual, between, in, contains, not) in every command
 * that shows or runs a pattern: patterns, describe, lint, cost and run (with --explain), against golden transcripts.
 */
class FilterComparisonsCommandTest {
    static final String FILTERS = "../singletable-schema/src/test/resources/filters/orders-filters.singletable.yaml";

    @Test
    void patterns_whenFiltersCompare_showEachFilterAndItsRequest() {
        CliRun.of("patterns", FILTERS).matchesGolden("filters/patterns.txt");
    }

    @Test
    void describe_whenFiltersCompare_showsEachPatternsFilter() {
        CliRun.of("describe", FILTERS).matchesGolden("filters/describe.txt");
    }

    @Test
    void lint_whenFiltersCompare_estimatesTheShareEachKeeps() {
        CliRun.of("lint", FILTERS).matchesGolden("filters/lint.txt");
    }

    @Test
    void cost_whenFiltersCompare_pricesEachPattern() {
        CliRun.of("cost", FILTERS).matchesGolden("filters/cost.txt");
    }

    @Test
    void run_whenFilterJoinsComparisonsAndNot_readsTheMatchingExamples() {
        CliRun run = CliRun.of("run", FILTERS, "unshipped-large-orders").matchesGolden("filters/run.unshipped-large-orders.txt");

        assertThat(run.exitCode()).isZero();
    }

    @Test
    void run_whenExplained_showsTheFilterExpressionSent() {
        CliRun.of("run", FILTERS, "orders-with-a-ring", "--explain").matchesGolden("filters/run.orders-with-a-ring.explain.txt");
        CliRun.of("run", FILTERS, "open-orders", "--explain").matchesGolden("filters/run.open-orders.explain.txt");
    }

    @Test
    void run_whenBetweenBoundsGiven_readsThatRange() {
        CliRun.of("run", FILTERS, "orders-in-total-range", "total.from=100", "total.to=1000")
                .matchesGolden("filters/run.orders-in-total-range.bounds.txt");
    }

    @Test
    void run_whenBetweenBoundsGivenLowAboveHigh_refusesNamingPatternAndBounds() {
        CliRun.of("run", FILTERS, "orders-in-total-range", "total.from=500").matchesGolden("filters/run.orders-in-total-range.low-above-high.txt");
    }

    @Test
    void run_whenAComparedValueIsNotANumber_refusesNamingTheParameter() {
        CliRun.of("run", FILTERS, "small-orders", "total=lots").matchesGolden("filters/run.small-orders.not-a-number.txt");
    }
}
