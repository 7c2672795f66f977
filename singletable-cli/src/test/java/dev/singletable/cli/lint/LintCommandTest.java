package dev.singletable.cli.lint;

import dev.singletable.cli.CommandRun;
import dev.singletable.design.internal.lint.Finding;
import dev.singletable.design.internal.lint.LintFindings;
import dev.singletable.design.internal.lint.LintCheck;
import dev.singletable.design.internal.lint.LintChecks;
import dev.singletable.design.internal.lint.Severity;
import dev.singletable.design.internal.lint.Subject;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable lint}: whole outputs in text, JSON and SARIF against golden files in
 * {@code src/test/resources/lint} (fixtures that trigger every rule, and the blog design), SARIF
 * validated against the official SARIF 2.1.0 JSON Schema. Run with
 * {@code -Dsingletable.golden.update=true} to rewrite the golden files after a deliberate change.
 */
class LintCommandTest {
    private static final Path LINT = Path.of("src/test/resources/lint");
    private static final Path BLOG = Path.of("../designs/blog.singletable.yaml");
    private static final Path TICKETS = Path.of("src/test/resources/projections/tickets-refused.singletable.yaml");
    private static final List<String> FIXTURES = List.of("orders", "catalog", "documents", "relations", "tickets");
    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    }

    static String golden(String actual, String name) throws IOException {
        Path golden = LINT.resolve(name);
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        return Files.readString(golden, StandardCharsets.UTF_8);
    }

    private static Path design(String name) {
        return switch (name) {
            case "blog" -> BLOG;
            case "tickets" -> TICKETS; // ST020: its index reads need what the indexes do not project
            default -> LINT.resolve(name + ".singletable.yaml");
        };
    }

    @Test
    void lint_whenFixturesAreLinted_everyRuleHasAFinding() {
        Set<String> found = FIXTURES.stream().flatMap(name -> LintFindings.of(SchemaFile.load(design(name))).stream())
                .map(Finding::ruleId).collect(Collectors.toCollection(TreeSet::new));

        assertThat(found).containsExactlyElementsOf(LintChecks.ALL.stream().map(LintCheck::id).sorted().toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {"orders", "catalog", "documents", "blog"})
    void lint_whenFormatIsText_printsEachFindingWithWhyAndFixThenCounts(String name) throws IOException {
        CommandRun run = run("lint", design(name).toString());

        assertThat(run).isEqualTo(new CommandRun(1, golden(run.out(), name + ".lint.txt"), ""));
    }

    @Test
    void lint_whenAnItemCollectionReachesTenGigabytesWithinAYear_warnsWithItsMonths() throws IOException {
        CommandRun run = run("lint", "src/test/resources/cost/journal-one-book.singletable.yaml");

        assertThat(run).isEqualTo(new CommandRun(1, golden(run.out(), "journal-one-book.lint.txt"), ""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"orders", "catalog", "documents", "blog"})
    void lint_whenFormatIsJson_printsEveryFindingAsAnObject(String name) throws IOException {
        CommandRun run = run("lint", "--format", "json", design(name).toString());

        assertThat(run).isEqualTo(new CommandRun(1, golden(run.out(), name + ".lint.json"), ""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"orders", "catalog", "documents", "blog"})
    void lint_whenFormatIsSarif_printsALogValidBySarif210Schema(String name) throws IOException {
        CommandRun run = run("lint", "--format", "sarif", design(name).toString());

        assertThat(run).isEqualTo(new CommandRun(1, golden(run.out(), name + ".lint.sarif"), ""));
        assertThat(sarifSchema().validate(JSON.readTree(run.out())).stream().map(Error::toString)).isEmpty();
    }

    @Test
    void lint_whenFormatIsSarifAndTheDesignDoesNotLoad_reportsItsLoadErrorsAsResults(@org.junit.jupiter.api.io.TempDir Path directory)
            throws IOException {
        Path broken = Files.writeString(directory.resolve("broken.singletable.yaml"),
                "format: singletable/1\ntable: {name: T, partitionKey: PK}\nentities:\n  Order:\n    keys: {pk: 'ORDER#{id'}\n"
                        + "    attributes: {id: string}\n");

        CommandRun run = run("lint", "--format", "sarif", broken.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode log = JSON.readTree(run.out());
        assertThat(sarifSchema().validate(log).stream().map(Error::toString)).isEmpty();
        JsonNode results = log.path("runs").path(0).path("results");
        assertThat(results).isNotEmpty().allSatisfy(result -> {
            assertThat(result.path("ruleId").asText()).isEqualTo("ST000");
            assertThat(result.path("level").asText()).isEqualTo("error");
            assertThat(result.path("locations").path(0).path("physicalLocation").path("artifactLocation").path("uri").asText())
                    .endsWith("broken.singletable.yaml");
            assertThat(result.path("locations").path(0).path("physicalLocation").path("region").path("startLine").asInt()).isPositive();
        });
        JsonNode rules = log.path("runs").path(0).path("tool").path("driver").path("rules");
        assertThat(rules.path(results.path(0).path("ruleIndex").asInt()).path("id").asText()).isEqualTo("ST000");
    }

    @Test
    void lint_whenAFindingIsOnAStatesEntityType_placesItAtTheStatesTemplateAsTheFileWritesIt() throws IOException {
        CommandRun run = run("lint", "--format", "json", "../designs/products.singletable.yaml");

        JsonNode findings = JSON.readTree(run.out()).path("findings");
        List<String> hot = new java.util.ArrayList<>();
        findings.forEach(finding -> {
            if (finding.path("ruleId").asText().equals("ST003")) {
                hot.add(finding.path("subject").path("name").asText() + " " + finding.path("path").asText() + " "
                        + finding.path("line").asInt() + ":" + finding.path("column").asInt());
            }
        });
        assertThat(hot).containsExactly("ActiveProduct entities.Product.states.values.false.indexes.GSI1.pk 55:15",
                "ArchivedProduct entities.Product.states.values.true.indexes.GSI1.pk 64:15");
    }

    @Test
    void lint_whenFormatIsJsonAndTheDesignDoesNotLoad_reportsItsLoadErrorsAsErrorFindings(@org.junit.jupiter.api.io.TempDir Path directory)
            throws IOException {
        Path broken = Files.writeString(directory.resolve("broken.singletable.yaml"), """
                format: singletable/1
                table: {name: Orders, partitionKey: {name: PK, type: S}}
                entities:
                  Order:
                    attributes: {id: {type: string, required: true}, lines: {type: integer}}
                    keys: {pk: "ORDER#{id}"}
                    examples: [{id: o1, lines: many}]
                accessPatterns:
                  - {name: order, operation: get, entity: Ordr, key: {id: o1}}
                """);

        CommandRun run = run("lint", "--format", "json", broken.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode report = JSON.readTree(run.out());
        assertThat(report.path("summary").path("error").asInt()).isEqualTo(2);
        assertThat(report.path("findings")).hasSize(2).allSatisfy(finding -> {
            assertThat(finding.path("ruleId").asText()).isEqualTo("ST000");
            assertThat(finding.path("rule").asText()).isEqualTo("design-loads");
            assertThat(finding.path("severity").asText()).isEqualTo("error");
            assertThat(finding.path("file").asText()).endsWith("broken.singletable.yaml");
        });
        assertThat(report.path("findings").path(0).path("path").asText()).isEqualTo("entities.Order.examples[0].lines");
        assertThat(report.path("findings").path(0).path("line").asInt()).isEqualTo(7);
        assertThat(report.path("findings").path(0).path("message").asText())
                .isEqualTo("attribute 'lines' is integer: 'many' is not an integer (32 bits)");
        assertThat(report.path("findings").path(1).path("path").asText()).isEqualTo("accessPatterns[0].entity");
    }

    @Test
    void lint_whenSarifIsValidated_theSchemaRefusesABrokenLog() throws IOException {
        JsonNode broken = JSON.readTree("{\"version\": \"2.1.0\", \"runs\": [{\"results\": [{\"ruleId\": \"ST001\", "
                + "\"message\": {\"text\": \"x\"}, \"locations\": [{\"physicalLocation\": {\"region\": {\"startLine\": 0}}}]}]}]}");

        assertThat(sarifSchema().validate(broken).stream().map(Error::getKeyword).distinct().sorted())
                .containsExactly("minimum", "required");
    }

    @Test
    void lint_whenShardAndBucketSlotsSpreadThePartitions_findsNoHotPartition() throws IOException {
        CommandRun run = run("lint", "../designs/patterns.singletable.yaml");

        assertThat(run).isEqualTo(new CommandRun(0, golden(run.out(), "patterns.lint.txt"), ""));
    }

    @Test
    void lint_whenFindingsAreBelowFailOn_exitsZero() throws IOException {
        CommandRun run = run("lint", "--fail-on", "error", BLOG.toString());

        assertThat(run).isEqualTo(new CommandRun(0, golden(run.out(), "blog.lint.txt"), ""));
    }

    @Test
    void lint_whenAFindingIsAtFailOn_exitsOne() {
        CommandRun run = run("lint", "--fail-on", "error", "--format", "json", design("orders").toString());

        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void lint_whenFormatIsUnknown_exitsTwoWithTheChoices() {
        CommandRun run = run("lint", "--format", "html", BLOG.toString());

        assertThat(run).isEqualTo(new CommandRun(2, "", "Invalid value for option '--format': expected one of [TEXT, JSON, SARIF] "
                + "(case-insensitive) but was 'html'\nRun 'singletable lint --help' for its options.\n"));
    }

    @Test
    void lint_whenFileDoesNotLoad_listsItsErrorsAndExitsOne() throws IOException {
        CommandRun run = run("lint", "src/test/resources/check/many-mistakes.singletable.yaml");

        assertThat(run).isEqualTo(new CommandRun(1, golden(run.out(), "many-mistakes.lint.txt"), ""));
    }

    @Test
    void of_whenDesignIsTheBlog_givesTheConstantGsiPartitionWithItsPlaceInTheFile() {
        List<Finding> findings = LintFindings.of(SchemaFile.load(BLOG));

        assertThat(findings).containsExactly(new Finding("ST003", Severity.WARNING, Subject.entity("Post"),
                "partition key 'POST' on gsi1 is constant: every Post item is in one partition", LintChecks.byId("ST003").why(),
                "shard the writes: add a write-shard slot, 'POST#{shard:of=ID,count=N}' with ID an attribute of many values (the "
                        + "item's id) and N about the write units a second (the writes times the item's 1 KB blocks) over 1,000, and read the N shards in parallel with acrossShards(); "
                        + "for time-ordered items a time bucket ({createdAt:bucket=DAY}) spreads them too; or key by a high-cardinality attribute",
                "entities.Post.indexes.gsi1.pk", BLOG.toString(), 93, 9));
    }

    @Test
    void lintRules_whenDocumented_everyRuleHasARowAndASectionWithItsTitleSeverityAndWhy() throws IOException {
        String docs = Files.readString(Path.of("../docs/lint-rules.md"), StandardCharsets.UTF_8);

        List<String> headings = docs.lines().filter(line -> line.startsWith("## ST")).toList();
        assertThat(headings).containsExactlyElementsOf(LintChecks.ALL.stream()
                .map(rule -> "## " + rule.id() + " " + rule.ruleName()).toList());
        assertThat(LintChecks.ALL.stream().filter(rule -> !docs.contains("**" + rule.title() + ".** Severity: **" + rule.severity().label() + "**")
                || !docs.contains("**Why:** " + rule.why())).map(LintCheck::id)).isEmpty();
        assertThat(LintChecks.ALL.stream().filter(rule -> !docs.contains("| [" + rule.id() + "](#" + rule.id().toLowerCase(Locale.ROOT) + "-"
                + rule.ruleName() + ") | `" + rule.ruleName() + "` | " + rule.severity().label() + " | " + rule.title() + " |\n")).map(LintCheck::id))
                .as("rules without their row in the table").isEmpty();
    }

    static Schema sarifSchema() throws IOException {
        try (Stream<String> lines = Files.lines(LINT.resolve("sarif-schema-2.1.0.json"))) {
            JsonNode tree = JSON.readTree(lines.collect(Collectors.joining("\n")));
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4).getSchema(tree);
        }
    }
}
