package dev.singletable.cli.design;

import dev.singletable.cli.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable cost}: whole outputs against golden files (regenerate them with
 * {@code -Dsingletable.golden.update=true} and review the diff), scaling, and usage errors.
 */
class CostCommandTest {
    private static final Path DESIGNS = Path.of("../designs");

    /** The design commands' way of running the CLI and reading golden files, shared with them. */
    private static CommandRun run(String... args) {
        return CommandRun.run(args);
    }

    private static String golden(String path, String actual) throws IOException {
        return DesignCommandsTest.golden(path, actual);
    }

    @ParameterizedTest
    @CsvSource({"blog, text, txt", "blog, markdown, md", "blog, json, json", "ecommerce, text, txt"})
    void cost_whenDesignIsASeedDesign_printsTheGoldenDocument(String design, String format, String extension) throws IOException {
        CommandRun run = run("cost", DESIGNS.resolve(design + ".singletable.yaml").toString(), "--format", format);

        assertThat(run).isEqualTo(new CommandRun(0, golden("cost/" + design + "." + extension, run.out()), ""));
    }

    @Test
    void cost_whenScaledTenTimesAndOnePatternOverridden_printsWhatBreaksFirst() throws IOException {
        CommandRun run = run("cost", DESIGNS.resolve("blog.singletable.yaml").toString(), "--scale", "10x", "--rate", "user-profile=20000/5000");

        assertThat(run).isEqualTo(new CommandRun(0, golden("cost/blog-10x.txt", run.out()), ""));
    }

    /**
     * An entity without examples is priced in every sparse index it has keys on, each share marked as a default and the
     * assumption said (not priced by one typical item with every optional attribute, which put it in {@code present}
     * indexes only); an entity with examples is read from a sparse index at the size of its examples' entries there,
     * though its largest example is not in it.
     */
    @Test
    void cost_whenSparseIndexesHoldAnEntityWithoutExamples_pricesEveryItemInEachAndSaysSo() throws IOException {
        CommandRun run = run("cost", "src/test/resources/cost/sparse.singletable.yaml");

        assertThat(run).isEqualTo(new CommandRun(0, golden("cost/sparse.txt", run.out()), ""));
    }

    /**
     * Patterns with {@code consistentRead: true} (a get, a query of an LSI, a scan) are priced strongly consistent, at twice
     * the read units of their eventually consistent twins.
     */
    @Test
    void cost_whenPatternsReadStronglyConsistent_pricesThemAtTwiceTheUnits() throws IOException {
        CommandRun run = run("cost", "src/test/resources/cost/consistent.singletable.yaml");

        assertThat(run).isEqualTo(new CommandRun(0, golden("cost/consistent.txt", run.out()), ""));
    }

    /**
     * A query of a KEYS_ONLY local index for whole items: DynamoDB fetches each item from the table inside the Query, and
     * the operation column says so ("query + table fetch"), as it names a fetchFullItems query's BatchGetItem.
     */
    @Test
    void cost_whenAQueryReadsWholeItemsThroughAKeysOnlyLsi_marksTheTableFetchInTheOperation() throws IOException {
        CommandRun run = run("cost", "src/test/resources/cost/lsi-keys-only.singletable.yaml");

        assertThat(run).isEqualTo(new CommandRun(0, golden("cost/lsi-keys-only.txt", run.out()), ""));
    }

    /**
     * The cost model's engine fixtures (singletable-design's CostAgainstEngineTest runs each on the engine): a scan with a
     * limit, a KEYS_ONLY local index scan for whole items, a filtered fetchFullItems query without a limit, a filtered query
     * across unevenly spread shards, each with its defaults said.
     */
    @ParameterizedTest
    @CsvSource({"scan-limit", "lsi-scan", "filtered-fetch", "uneven-shards"})
    void cost_whenADesignIsOneOfTheEngineCheckedFixtures_printsTheGoldenDocument(String design) throws IOException {
        CommandRun run = run("cost", "../singletable-design/src/test/resources/cost/" + design + ".singletable.yaml");

        assertThat(run).isEqualTo(new CommandRun(0, golden("cost/" + design + ".txt", run.out()), ""));
    }

    /**
     * A code-first design (records with {@code @Volume}, the design file singletable-processor writes, laid out as
     * {@code target/classes}) is priced exactly as its schema-file twin declaring the same figures.
     */
    @ParameterizedTest
    @CsvSource({"text", "markdown", "json"})
    void cost_whenTheDesignIsTheProcessorsOutput_printsWhatItsSchemaFileTwinPrints(String format) throws IOException {
        CommandRun codeFirst = run("cost", "../singletable-processor/src/test/resources/golden/volume", "--format", format);
        CommandRun schemaFile = run("cost", "src/test/resources/cost/journal.singletable.yaml", "--format", format);

        assertThat(codeFirst).isEqualTo(schemaFile);
        assertThat(codeFirst).isEqualTo(new CommandRun(0, golden("cost/journal." + extension(format), codeFirst.out()), ""));
    }

    private static String extension(String format) {
        return switch (format) {
            case "markdown" -> "md";
            case "json" -> "json";
            default -> "txt";
        };
    }

    @Test
    void help_whenAsked_printsTheGoldenUsage() throws IOException {
        CommandRun run = run("cost", "--help");

        assertThat(run).isEqualTo(new CommandRun(0, golden("help/cost.txt", run.out()), ""));
    }

    @Test
    void cost_whenRegionHasNoPrices_isAUsageErrorNamingTheRegions() {
        CommandRun run = run("cost", DESIGNS.resolve("blog.singletable.yaml").toString(), "--region", "mars-1");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("no prices for region 'mars-1'; the price table (2024-11-01) has us-east-1, us-east-2, "
                + "us-west-2; give another region, or a price file with --prices\n");
    }

    @Test
    void cost_whenRateNamesNoPattern_isAUsageErrorListingThePatterns() {
        CommandRun run = run("cost", DESIGNS.resolve("blog.singletable.yaml").toString(), "--rate", "user-profiles=5");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("--rate user-profiles: the design has no access pattern 'user-profiles'; its patterns are "
                + "user-profile, posts-by-user, comments-on-post, published-posts, comments-by-user, posts-with-tag, user-page, "
                + "recent-posts-by-user\n");
    }

    @Test
    void cost_whenPriceFileGiven_pricesByIt(@TempDir Path dir) throws IOException {
        Path prices = dir.resolve("prices.json");
        Files.writeString(prices, """
                {"date": "2030-01-01", "source": "our negotiated rates", "currency": "EUR",
                 "regions": {"eu-central-1": {"onDemandWritePerMillion": 1, "onDemandReadPerMillion": 1, "provisionedWcuHour": 0,
                                              "provisionedRcuHour": 0, "storageGbMonth": 0}}}
                """);

        CommandRun run = run("cost", DESIGNS.resolve("blog.singletable.yaml").toString(), "--prices", prices.toString(), "--region", "eu-central-1",
                "--format", "json");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("\"priceDate\" : \"2030-01-01\"", "\"currency\" : \"EUR\"", "\"provisionedMonthly\" : 0.0");
    }

    @Test
    void cost_whenPriceFileIsMissing_saysNoSuchFile(@TempDir Path dir) {
        Path prices = dir.resolve("my-prices.json");

        CommandRun run = run("cost", DESIGNS.resolve("blog.singletable.yaml").toString(), "--prices", prices.toString(), "--region", "eu-central-1");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("--prices: " + prices + ": no such file\n");
    }

    @Test
    void cost_whenScaleIsNotAFactor_isAUsageError() {
        CommandRun run = run("cost", DESIGNS.resolve("blog.singletable.yaml").toString(), "--scale", "ten");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("--scale 'ten': write a factor such as 10x, 2.5x or 0.5x\n");
    }
}
