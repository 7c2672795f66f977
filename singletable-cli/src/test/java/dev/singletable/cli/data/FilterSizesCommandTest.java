package dev.singletable.cli.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Access patterns whose filters ask for sizes ({@code size}) and stored types ({@code attributeType}) in every command
 * that shows or runs a pattern: patterns, describe, lint, cost and run (with --explain), against golden transcripts;
 * {@code generate java} leaves them out with a note, as {@code @Filter} cannot say them.
 */
class FilterSizesCommandTest {
    static final String SIZES = "../singletable-schema/src/test/resources/filters/orders-sizes.singletable.yaml";

    @Test
    void patterns_whenFiltersAskForSizesAndTypes_showEachFilterAndItsRequest() {
        CliRun.of("patterns", SIZES).matchesGolden("filter-sizes/patterns.txt");
    }

    @Test
    void describe_whenFiltersAskForSizesAndTypes_showsEachPatternsFilter() {
        CliRun.of("describe", SIZES).matchesGolden("filter-sizes/describe.txt");
    }

    @Test
    void lint_whenFiltersAskForSizesAndTypes_takesATypeAsAPresenceTest() {
        CliRun.of("lint", SIZES).matchesGolden("filter-sizes/lint.txt");
    }

    @Test
    void cost_whenFiltersAskForSizesAndTypes_pricesEachPattern() {
        CliRun.of("cost", SIZES).matchesGolden("filter-sizes/cost.txt");
    }

    @Test
    void run_whenFilterBoundsASize_readsTheMatchingExamples() {
        CliRun run = CliRun.of("run", SIZES, "short-notes").matchesGolden("filter-sizes/run.short-notes.txt");

        assertThat(run.exitCode()).isZero();
    }

    @Test
    void run_whenExplained_showsTheFilterExpressionSent() {
        CliRun.of("run", SIZES, "many-tagged-totals", "--explain").matchesGolden("filter-sizes/run.many-tagged-totals.explain.txt");
    }

    @Test
    void run_whenGivenASizeAsAParameter_refusesListingThePatternsParameters() {
        CliRun.of("run", SIZES, "few-tags", "tags=2").matchesGolden("filter-sizes/run.few-tags.size-parameter.txt");
    }

    @Test
    void generateJava_whenFiltersAskForSizesAndTypes_leavesThosePatternsOutWithANote(@TempDir Path dir) {
        CliRun run = CliRun.of("generate", "java", SIZES, "--package", "com.example.orders", "-o", dir.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        String note = ": a filter other than equals, not-equals, begins-with, lessThan ... greaterThanOrEqual and between on attributes, "
                + "or their conjunction (@Filter has no in, contains, size, attributeType, not or any)\n";
        assertThat(run.out().replace(dir.toString(), "SRC")).isEqualTo("note: accessPatterns.few-tags" + note
                + "note: accessPatterns.short-notes" + note + "note: accessPatterns.noted-orders" + note
                + "note: accessPatterns.many-tagged-totals" + note
                + "wrote 3 Java files to SRC/com/example/orders: Order, Orders, OrdersAccess\n"
                + "wrote 3 example items to SRC/com/example/orders/Orders-examples.jsonl, named by Orders's @TableDesign(examples = ...): "
                + "the processor finds it on the source path (Maven passes it); with another build, move it to the same path under the "
                + "resources or pass -Asingletable.resources=SRC\n");
    }
}
