package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A design whose GSIs project INCLUDE and KEYS_ONLY, through every command: as first written (whole items read from the
 * partial indexes) {@code check} and {@code lint} name both patterns, with both fixes, where {@code patterns}, {@code run}
 * and {@code view} refuse them; with {@code select} and {@code fetchFullItems} every command runs them, showing the
 * projection and the BatchGetItem in the requests and the cost; {@code run} takes the filter's values by name.
 */
class PartialProjectionCommandsTest {
    private static final String REFUSED = "src/test/resources/projections/tickets-refused.singletable.yaml";
    private static final String FIXED = "src/test/resources/projections/tickets.singletable.yaml";

    @Test
    void check_whenPatternsReadWhatTheirIndexDoesNotProject_namesEachWithBothFixesAndExitsOne() {
        CliRun.of("check", REFUSED).matchesGolden("projections/check.refused.txt");
    }

    @Test
    void lint_whenPatternsReadWhatTheirIndexDoesNotProject_reportsRuleST020() {
        CliRun run = CliRun.of("lint", REFUSED).matchesGolden("projections/lint.refused.txt");

        assertThat(run.exitCode()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tickets-by-status", "tickets-of-assignee"})
    void run_whenPatternReadsWhatItsIndexDoesNotProject_refusesWithTheLibrarysReason(String pattern) {
        CliRun.of("run", REFUSED, pattern).matchesGolden("projections/run.refused." + pattern + ".txt");
    }

    @Test
    void patterns_whenPatternReadsWhatItsIndexDoesNotProject_refusesWithTheLibrarysReason() {
        CliRun.of("patterns", REFUSED).matchesGolden("projections/patterns.refused.txt");
    }

    @Test
    void check_whenPatternsSelectOrFetchFullItems_passes() {
        CliRun.of("check", FIXED).matchesGolden("projections/check.txt");
    }

    @Test
    void lint_whenPatternsSelectOrFetchFullItems_reportsNoST020() {
        CliRun.of("lint", FIXED).matchesGolden("projections/lint.txt");
    }

    @ParameterizedTest
    @ValueSource(strings = {"text", "markdown", "json"})
    void patterns_whenPatternsSelectOrFetchFullItems_showTheProjectionAndTheBatchGet(String format) {
        CliRun.of("patterns", FIXED, "--format", format).matchesGolden("projections/patterns." + format + ".txt");
    }

    @Test
    void describe_whenPatternsSelectOrFetchFullItems_printsTheDesign() {
        CliRun.of("describe", FIXED).matchesGolden("projections/describe.txt");
    }

    @Test
    void cost_whenPatternFetchesFullItems_pricesTheBatchGetToo() {
        CliRun.of("cost", FIXED).matchesGolden("projections/cost.txt");
    }

    @Test
    void view_whenPatternsSelectOrFetchFullItems_writesThePage(@TempDir Path directory) throws IOException {
        Path page = directory.resolve("tickets.html");

        CliRun run = CliRun.of("view", FIXED, "-o", page.toString()).replacing(directory.toString(), "DIR");

        run.matchesGolden("projections/view.txt");
        CliRun.GOLDEN.resolve("projections").toFile().mkdirs();
        String html = Files.readString(page);
        Path golden = CliRun.GOLDEN.resolve("projections/view.html");
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, html);
        }
        assertThat(html).isEqualTo(Files.readString(golden));
    }

    @Test
    void view_whenPatternReadsWhatItsIndexDoesNotProject_writesNoPage(@TempDir Path directory) {
        Path page = directory.resolve("tickets.html");

        CliRun.of("view", REFUSED, "-o", page.toString()).replacing(directory.toString(), "DIR").matchesGolden("projections/view.refused.txt");
        assertThat(page).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"tickets-by-status", "tickets-of-assignee"})
    void run_whenPatternSelectsOrFetchesFullItems_printsTheItemsAndRequests(String pattern) {
        CliRun.of("run", FIXED, pattern).matchesGolden("projections/run." + pattern + ".txt");
        CliRun.of("run", FIXED, pattern, "--format", "jsonl").matchesGolden("projections/run." + pattern + ".jsonl.txt");
        CliRun.of("run", FIXED, pattern, "--explain").matchesGolden("projections/run." + pattern + ".explain.txt");
    }

    @Test
    void run_whenFilterValueGivenByName_filtersOnItOnTheEngine() {
        CliRun.of("run", FIXED, "tickets-of-project", "status=CLOSED").matchesGolden("projections/run.tickets-of-project.closed.txt");
        CliRun.of("run", FIXED, "tickets-of-project", "projectId=P2", "status=OPEN").matchesGolden("projections/run.tickets-of-project.p2.txt");
    }

    @Test
    void run_whenParameterUnknownOrOfTheWrongValue_namesThePatternsParameters() {
        CliRun.of("run", FIXED, "tickets-of-project", "stat=CLOSED").matchesGolden("projections/run.unknown-parameter.txt");
        CliRun.of("run", FIXED, "tickets-of-project", "status=LOST").matchesGolden("projections/run.wrong-value.txt");
    }
}
