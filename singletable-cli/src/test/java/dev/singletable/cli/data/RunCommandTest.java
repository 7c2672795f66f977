package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code singletable run}: every named access pattern of the blog design in every format, against
 * golden files, and the same items as the library's {@code SchemaFile.run} on the same table.
 */
class RunCommandTest {
    private static final String BLOG = "../designs/blog.singletable.yaml";
    private static final String ECOMMERCE = "../designs/ecommerce.singletable.yaml";
    private static final String PATTERNS = "../designs/patterns.singletable.yaml";
    private static final SchemaFile DESIGN = SchemaFile.load(Path.of(BLOG));
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(DESIGN.tableSchema());

    private static Table table;

    @BeforeAll
    static void writeExamples() {
        table = Table.builder(db.table().schema(), db.client()).clock(Clock.fixed(CliRun.NOW, ZoneOffset.UTC)).build();
        DESIGN.document().entities().keySet().forEach(entity -> table.batchWrite().putAll(DESIGN.examples(entity)).execute());
    }

    static Stream<String> patterns() {
        return DESIGN.document().accessPatterns().stream().map(AccessPatternDefinition::name);
    }

    static Stream<Arguments> patternsAndFormats() {
        return patterns().flatMap(pattern -> Stream.of("table", "json", "jsonl", "explain").map(format -> Arguments.of(pattern, format)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("patternsAndFormats")
    void run_everyPatternInEveryFormat_printsGoldenOutput(String pattern, String format) {
        CliRun run = format.equals("explain") ? CliRun.of("run", BLOG, pattern, "--explain")
                : CliRun.of("run", BLOG, pattern, "--format", format);

        run.matchesGolden("run/" + pattern + "." + format + ".txt");
        assertThat(run.exitCode()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("patterns")
    void run_everyPatternOnAnEndpoint_givesTheItemsOfTheLibrary(String pattern) throws Exception {
        CliRun run = CliRun.of("run", BLOG, pattern, "--format", "jsonl",
                "--endpoint", db.engine().endpoint().toString(), "--table", db.tableName());

        List<DynamicItem> expected = DESIGN.run(table, pattern, Map.of());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines().map(this::parse).toList())
                .isEqualTo(expected.stream().map(item -> ItemJson.of(table.schema(), item)).toList());
        assertThat(expected).as("a pattern that reads nothing proves little").isNotEmpty();
    }

    @Test
    void run_whenParametersGiven_readsByThem() {
        CliRun.of("run", BLOG, "posts-by-user", "username=bob").matchesGolden("run/posts-by-user.bob.txt");
    }

    @Test
    void run_whenExampleValueIsAList_readsByTheFilesListAndByAGivenJsonArray() {
        CliRun run = CliRun.of("run", "../designs/patterns.singletable.yaml", "audio-subtree", "--format", "jsonl");
        CliRun given = CliRun.of("run", "../designs/patterns.singletable.yaml", "audio-subtree", "path=[\"ELECTRONICS\",\"AUDIO\"]",
                "--format", "jsonl");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines().map(line -> parse(line).get("name").asText()).toList()).isEqualTo(List.of("Audio", "Headphones"));
        assertThat(run.err()).contains("path=[\"ELECTRONICS\",\"AUDIO\"] (the file's example value)");
        assertThat(given.out()).isEqualTo(run.out());
    }

    @Test
    void run_whenLimitGiven_readsAtMostThatMany() {
        CliRun.of("run", BLOG, "comments-on-post", "--limit", "1", "--format", "jsonl").matchesGolden("run/comments-on-post.limit-1.txt");
    }

    @Test
    void run_whenLimitCutsTheReadShort_printsTheCursorAndTheCursorReadsOn() {
        CliRun first = CliRun.of("run", BLOG, "comments-on-post", "--limit", "1", "--format", "json")
                .matchesGolden("run/comments-on-post.limit-1.json.txt");
        CliRun.of("run", BLOG, "comments-on-post", "--limit", "1").matchesGolden("run/comments-on-post.limit-1.table.txt");
        String cursor = first.err().lines().filter(line -> line.startsWith("More items may match: run again with --cursor "))
                .findFirst().orElseThrow().substring("More items may match: run again with --cursor ".length());

        CliRun next = CliRun.of("run", BLOG, "comments-on-post", "--limit", "1", "--format", "jsonl", "--cursor", cursor);

        assertThat(next.exitCode()).as(next.err()).isZero();
        assertThat(next.out()).isNotEqualTo(first.out()).doesNotContain("Great intro");
    }

    @Test
    void run_whenACursorKeyFileIsGiven_signsTheCursorWithThatKeyWhichAloneReadsOn(@org.junit.jupiter.api.io.TempDir Path dir)
            throws java.io.IOException {
        String key = java.nio.file.Files.writeString(dir.resolve("cursor.key"), "a secret of more than sixteen bytes\n").toString();
        CliRun first = CliRun.of("run", BLOG, "comments-on-post", "--limit", "1", "--format", "jsonl", "--cursor-key-file", key);
        String cursor = first.err().lines().filter(line -> line.startsWith("More items may match")).findFirst().orElseThrow()
                .replaceAll(".* ", "");

        CliRun next = CliRun.of("run", BLOG, "comments-on-post", "--limit", "1", "--format", "jsonl", "--cursor-key-file", key,
                "--cursor", cursor);
        CliRun withoutTheKey = CliRun.of("run", BLOG, "comments-on-post", "--limit", "1", "--cursor", cursor);

        assertThat(next.exitCode()).as(next.err()).isZero();
        assertThat(next.out()).isNotEqualTo(first.out()).doesNotContain("Great intro");
        assertThat(withoutTheKey.exitCode()).isEqualTo(2);
        assertThat(withoutTheKey.err()).contains("--cursor: ").contains("(tampered)");
    }

    @Test
    void run_whenTheCursorKeyFileIsShortOrMissing_isAUsageErrorSayingWhatToGive(@org.junit.jupiter.api.io.TempDir Path dir)
            throws java.io.IOException {
        String shortKey = java.nio.file.Files.writeString(dir.resolve("short.key"), "five!").toString();

        CliRun tooShort = CliRun.of("run", BLOG, "comments-on-post", "--limit", "1", "--cursor-key-file", shortKey);
        CliRun missing = CliRun.of("run", BLOG, "comments-on-post", "--limit", "1", "--cursor-key-file", dir.resolve("none.key").toString());

        assertThat(tooShort.exitCode()).isEqualTo(2);
        assertThat(tooShort.err()).startsWith("--cursor-key-file " + shortKey + ": the key has 5 bytes; give a file of at least 16 "
                + "(32 random bytes are best, such as the output of: openssl rand -base64 32)\n");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).startsWith("--cursor-key-file " + dir.resolve("none.key") + ": no such file\n");
    }

    @Test
    void run_whenTheCursorIsAlteredOrOfAnotherQuery_refusesItSayingWhy() {
        String cursor = CliRun.of("run", BLOG, "comments-on-post", "--limit", "1", "--format", "json").err().lines()
                .filter(line -> line.startsWith("More items may match")).findFirst().orElseThrow().replaceAll(".* ", "");

        CliRun altered = CliRun.of("run", BLOG, "comments-on-post", "--limit", "1", "--cursor", cursor.substring(0, cursor.length() - 2) + "AA");
        CliRun foreign = CliRun.of("run", BLOG, "comments-on-post", "postId=OTHER", "--cursor", cursor);
        CliRun ofGet = CliRun.of("run", BLOG, "user-profile", "--cursor", cursor);

        assertThat(altered.exitCode()).isEqualTo(2);
        assertThat(altered.err()).contains("--cursor: ").contains("(tampered)");
        assertThat(foreign.exitCode()).isEqualTo(2);
        assertThat(foreign.err()).contains("--cursor: ").contains("(other_query)");
        assertThat(ofGet.exitCode()).isEqualTo(2);
        assertThat(ofGet.err()).contains("--cursor: ").contains("gives no cursor");
    }

    @Test
    void run_whenBetweenBoundsGiven_readsThatRangeNotTheFiles() {
        // the file's range is 40.00 to 150.00 (HP-100, HP-200); this one holds HP-200 and HP-300
        CliRun run = CliRun.of("run", ECOMMERCE, "products-by-price", "price.from=100", "price.to=400");

        run.matchesGolden("run/products-by-price.range.txt");
        assertThat(run.exitCode()).as(run.err()).isZero();
    }

    @Test
    void run_whenBetweenBoundsAreSpelledAsTheSchemaJsonExportNamesThem_readsThatRange() {
        CliRun run = CliRun.of("run", ECOMMERCE, "products-by-price", "price_from=100", "price_to=400");
        CliRun dotted = CliRun.of("run", ECOMMERCE, "products-by-price", "price.from=100", "price.to=400");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).as("as with price.from and price.to").isEqualTo(dotted.out()).contains("HP-300");
    }

    @Test
    void run_whenABoundIsGivenInBothSpellings_isUsageError() {
        CliRun run = CliRun.of("run", ECOMMERCE, "products-by-price", "price.from=100", "price_from=200");

        assertThat(run).isEqualTo(new CliRun(run.args(), 2, "", """
                run products-by-price: parameter price.from is given twice, as price.from and as price_from; give it once
                Run 'singletable run --help' for its options.
                """));
    }

    /**
     * A range on a text slot after a number ({@code REPLY#{thread}#{author}#{seq}}, thread 2 and author bob given): the
     * request widens the key range at the text slot and filters on both values, so {@code bob smith} (a space sorts
     * before {@code #}) is read, as it follows bob.
     */
    @Test
    void run_whenARangeGivesATextSlotAfterANumber_explainsTheWideKeyRangeAndFilterAndReadsExactlyTheRange() {
        String file = "src/test/resources/text-slots/replies.singletable.yaml";
        CliRun explained = CliRun.of("run", file, "replies-after", "--explain");
        CliRun run = CliRun.of("run", file, "replies-after", "--format", "jsonl");

        explained.matchesGolden("run/replies-after.explain.txt");
        run.matchesGolden("run/replies-after.jsonl.txt");
        assertThat(run.exitCode()).as(run.err()).isZero();
    }

    /** A Query of a KEYS_ONLY local index for whole items sends Select=ALL_ATTRIBUTES (a table read per item): the request says so. */
    @Test
    void run_whenAQueryOfAKeysOnlyLocalIndexReadsWholeItems_explainShowsItsSelect() {
        CliRun run = CliRun.of("run", "src/test/resources/cost/lsi-keys-only.singletable.yaml", "events-by-time", "--explain");

        assertThat(run.out()).contains("Select ALL_ATTRIBUTES");
        assertThat(run.exitCode()).as(run.err()).isZero();
    }

    @Test
    void run_whenOneBetweenBoundGiven_takesTheOtherFromTheFile() {
        CliRun run = CliRun.of("run", ECOMMERCE, "orders-by-status-between-dates", "createdAt.from=2025-01-01T00:00:00Z", "--explain");

        run.matchesGolden("run/orders-by-status-between-dates.from.explain.txt");
        assertThat(run.exitCode()).as(run.err()).isZero();
    }

    @Test
    void run_whenAcrossBucketsBoundsGiven_readsTheBucketsOfThatRange() {
        // the file reads two day buckets; this range is one day's afternoon, which holds d1's reading at 18:00
        CliRun run = CliRun.of("run", PATTERNS, "device-readings", "takenAt.from=2025-05-18T12:00:00Z",
                "takenAt.to=2025-05-18T23:59:59Z");
        CliRun before = CliRun.of("run", PATTERNS, "device-readings", "takenAt.from=2025-05-18T12:00:00Z",
                "takenAt.to=2025-05-18T17:59:59Z", "--format", "jsonl");

        run.matchesGolden("run/device-readings.range.txt");
        assertThat(before.exitCode()).as(before.err()).isZero();
        assertThat(before.out()).as("the range ends before the reading").isEmpty();
    }

    @Test
    void run_whenRangeParameterIsUnknown_isUsageErrorListingTheBounds() {
        CliRun run = CliRun.of("run", ECOMMERCE, "products-by-price", "price=100");

        assertThat(run).isEqualTo(new CliRun(run.args(), 2, "", """
                run products-by-price: no parameter 'price' (it reads a range of price: give its bounds as price.from=VALUE \
                price.to=VALUE); its parameters are category, price.from, price.to
                Run 'singletable run --help' for its options.
                """));
    }

    @Test
    void run_whenRangeBoundIsOfWrongType_isUsageErrorNamingTheBound() {
        CliRun run = CliRun.of("run", PATTERNS, "device-readings", "takenAt.to=tomorrow");

        assertThat(run).isEqualTo(new CliRun(run.args(), 2, "", """
                run device-readings: parameter takenAt.to=tomorrow is not an instant (such as 2025-01-31T12:00:00Z, or epoch seconds)
                Run 'singletable run --help' for its options.
                """));
    }

    @Test
    void run_whenValueIsOfWrongType_isUsageErrorNamingPatternParameterValueAndType() {
        CliRun run = CliRun.of("run", BLOG, "published-posts", "published=maybe");

        assertThat(run).isEqualTo(new CliRun(run.args(), 2, "", """
                run published-posts: parameter published=maybe is not a boolean (true or false)
                Run 'singletable run --help' for its options.
                """));
    }

    @Test
    void run_whenParameterIsUnknown_isUsageErrorNamingTheParameters() {
        CliRun run = CliRun.of("run", BLOG, "posts-by-user", "usrname=bob");

        assertThat(run).isEqualTo(new CliRun(run.args(), 2, "", """
                run posts-by-user: no parameter 'usrname' (did you mean 'username'?); its parameters are username
                Run 'singletable run --help' for its options.
                """));
    }

    @Test
    void run_whenArgumentIsNoNameValue_isUsageError() {
        CliRun run = CliRun.of("run", BLOG, "posts-by-user", "bob");

        assertThat(run).isEqualTo(new CliRun(run.args(), 2, "", """
                run posts-by-user: 'bob' is not NAME=VALUE; its parameters are username
                Run 'singletable run --help' for its options.
                """));
    }

    @Test
    void run_whenPatternIsUnknown_isUsageErrorNamingThePatterns() {
        CliRun run = CliRun.of("run", BLOG, "posts-by-usr");

        assertThat(run).isEqualTo(new CliRun(run.args(), 2, "", """
                No access pattern 'posts-by-usr' in the schema file; did you mean 'posts-by-user'?; the file has user-profile, \
                posts-by-user, comments-on-post, published-posts, comments-by-user, posts-with-tag, user-page, recent-posts-by-user
                Run 'singletable run --help' for its options.
                """));
    }

    @Test
    void run_whenDesignDirectoryHoldsTwoTables_needsTableToPickOne(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        // blog and shapes of designs/ (which holds more) in a directory of their own
        java.nio.file.Path designs = java.nio.file.Files.createDirectories(dir.resolve("designs"));
        for (String file : new String[] {"blog.singletable.yaml", "blog-comments.jsonl", "shapes.singletable.yaml"}) {
            java.nio.file.Files.copy(java.nio.file.Path.of("../designs", file), designs.resolve(file));
        }
        CliRun run = CliRun.of("run", designs.toString(), "posts-by-user");

        assertThat(run).isEqualTo(new CliRun(run.args(), 2, "", designs + """
                 holds 2 schema files (tables BlogTable, ShapesTable); pick one with --table NAME
                Run 'singletable run --help' for its options.
                """));
    }

    @Test
    void run_whenTableGivenForADesignDirectory_runsOnThatTable() {
        CliRun run = CliRun.of("run", "../designs", "user-profile", "--table", "BlogTable", "--format", "jsonl");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo("""
                {"entity":"User","username":"alice","name":"Alice Liddell","email":"alice@example.com","bio":"Curious",\
                "createdAt":"2025-05-19T10:00:00Z","updatedAt":"2025-05-19T10:00:00Z"}
                """);
    }

    private com.fasterxml.jackson.databind.JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }
}
