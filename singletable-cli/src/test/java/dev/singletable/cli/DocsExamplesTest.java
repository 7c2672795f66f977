package dev.singletable.cli;

import dev.singletable.cli.output.Style;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every fenced block of every page under {@code docs/} is checked against what really runs, as the page says
 * before the block:
 * <ul>
 *   <li>{@code yaml}: parses; a whole schema file ({@code format: singletable/1}) passes {@code singletable check};
 *       a fragment ({@code <!-- fragment of: FILE -->}) has its lines, in order, in FILE;</li>
 *   <li>{@code java} ({@code <!-- example: TEST -->}): its code lines appear, in order, in the test TEST that
 *       compiles and runs them;</li>
 *   <li>any other ({@code <!-- output of: GOLDEN -->}): its lines appear, in order and whole, among the lines of
 *       GOLDEN, the command's golden output (in a test's string literals when GOLDEN is a test, in the command's own
 *       output when it is {@code singletable ARGS}; a diagnostic's file by its name, without its directory); or
 *       {@code <!-- illustrative -->}, when it shows no output of ours.</li>
 * </ul>
 * Paths are relative to the repository's root; lines are compared whitespace-normalised, without comments and
 * {@code ...} lines.
 */
class DocsExamplesTest {
    private static final Path ROOT = Path.of("..");
    private static final Path DOCS = ROOT.resolve("docs");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern MARKER = Pattern.compile("<!-- (fragment of|example|output of): (\\S+|singletable [^>]+) -->|<!-- (illustrative)(?:: .*)? -->");
    /** The output of each command a page names ({@code singletable demo}), run once. */
    private static final Map<String, List<String>> COMMAND_OUTPUTS = new ConcurrentHashMap<>();
    private static final Pattern FENCE = Pattern.compile("```(\\w*)");
    /**
     * The directory of a diagnostic's file ({@code src/test/resources/lint/} of
     * {@code src/test/resources/lint/orders.singletable.yaml:43:5: }): a page shows the file's name.
     */
    private static final Pattern FILE_DIRECTORY = Pattern.compile("^\\S*/(?=[^/\\s]+:\\d+:\\d+: )");
    private static final Pattern JAVA_STRING = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    static {
        Main.configureLogging(false);
    }

    @TempDir
    static Path scratch;

    /** A fenced block: its page, the line of its opening fence (1-based), language, the marker before it, its lines. */
    private record Block(Path page, int line, String language, Optional<Marker> marker, List<String> lines) {
        String where() {
            return ROOT.relativize(page) + ":" + line + " (```" + language + ")";
        }
    }

    private record Marker(String kind, String path) {
    }

    @TestFactory
    Stream<DynamicTest> block_whenComparedWithWhatRuns_matches() throws IOException {
        return pages().stream().flatMap(page -> blocks(page).stream())
                .map(block -> DynamicTest.dynamicTest(block.where(), () -> check(block)));
    }

    /**
     * The README's blocks marked {@code <!-- example: TEST -->} or {@code <!-- output of: GOLDEN -->}, checked as a
     * page's (its unmarked blocks are not yet).
     */
    @TestFactory
    Stream<DynamicTest> readmeBlock_whenMarkedAsAnExampleOrOutput_matchesWhatRuns() {
        return blocks(ROOT.resolve("README.md")).stream()
                .filter(block -> block.marker()
                        .filter(marker -> marker.kind().equals("example") || marker.kind().equals("output of")).isPresent())
                .map(block -> DynamicTest.dynamicTest(block.where(), () -> check(block)));
    }

    @Test
    void index_whenRead_linksEveryPageAndEveryPageLinksBack() throws IOException {
        String index = Files.readString(DOCS.resolve("README.md"), StandardCharsets.UTF_8);

        List<String> unlinked = new ArrayList<>();
        for (Path page : pages()) {
            String name = page.getFileName().toString();
            if (name.equals("README.md")) {
                continue;
            }
            if (!index.contains("](" + name + ")")) {
                unlinked.add("docs/README.md does not link " + name);
            }
            if (!Files.readString(page, StandardCharsets.UTF_8).contains("[Documentation index](README.md)")) {
                unlinked.add(name + " does not link back to docs/README.md");
            }
        }
        if (!Files.readString(ROOT.resolve("README.md"), StandardCharsets.UTF_8).contains("[docs/README.md](docs/README.md)")) {
            unlinked.add("README.md does not link docs/README.md");
        }
        assertThat(unlinked).isEmpty();
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> files = Files.list(DOCS)) {
            return files.filter(file -> file.toString().endsWith(".md")).sorted().toList();
        }
    }

    private static List<Block> blocks(Path page) {
        List<String> lines;
        try {
            lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher fence = FENCE.matcher(lines.get(i));
            if (!fence.matches()) {
                continue;
            }
            int open = i;
            int close = open + 1;
            while (close < lines.size() && !lines.get(close).equals("```")) {
                close++;
            }
            blocks.add(new Block(page, open + 1, fence.group(1), markerBefore(lines, open), lines.subList(open + 1, close)));
            i = close;
        }
        return blocks;
    }

    private static Optional<Marker> markerBefore(List<String> lines, int fence) {
        int before = fence - 1;
        while (before >= 0 && lines.get(before).isBlank()) {
            before--;
        }
        if (before < 0) {
            return Optional.empty();
        }
        Matcher marker = MARKER.matcher(lines.get(before).trim());
        if (!marker.matches()) {
            return Optional.empty();
        }
        return Optional.of(marker.group(3) != null ? new Marker("illustrative", "") : new Marker(marker.group(1), marker.group(2)));
    }

    private static void check(Block block) throws IOException {
        String kind = block.marker().map(Marker::kind).orElse("");
        if (block.language().equals("yaml")) {
            checkYaml(block, kind);
        } else if (block.language().equals("java")) {
            assertThat(kind).as("%s: a Java example needs <!-- example: TEST --> naming the test that runs it", block.where())
                    .isEqualTo("example");
            assertInOrder(block, codeLines(block.lines(), "//"), codeLines(read(block), "//"), String::contains);
        } else if (kind.equals("output of")) {
            String source = block.marker().orElseThrow().path();
            boolean test = source.endsWith(".java");
            List<String> golden = (source.startsWith("singletable ") ? commandOutput(source) : read(block)).stream()
                    .flatMap(line -> test ? literals(line).lines() : Stream.of(line))
                    .map(line -> normalise(FILE_DIRECTORY.matcher(line).replaceFirst(""))).toList();
            assertInOrder(block, outputLines(block.lines()), golden, String::equals);
        } else {
            assertThat(kind).as("%s: a block that is no YAML or Java needs <!-- output of: GOLDEN --> or <!-- illustrative -->",
                    block.where()).isEqualTo("illustrative");
        }
    }

    private static void checkYaml(Block block, String kind) throws IOException {
        String text = String.join("\n", block.lines()) + "\n";
        JsonNode tree = YAML.readTree(text);
        if (kind.equals("fragment of")) {
            List<String> fragment = yamlLines(block.lines());
            boolean onlyComments = fragment.isEmpty();
            assertInOrder(block, onlyComments ? outputLines(block.lines()) : fragment,
                    onlyComments ? outputLines(read(block)) : yamlLines(read(block)), String::contains);
            assertChecks(block, ROOT.resolve(block.marker().orElseThrow().path()));
            return;
        }
        assertThat(tree != null && tree.path("format").asText().equals("singletable/1"))
                .as("%s: a YAML block that is no whole schema file (format: singletable/1) needs <!-- fragment of: FILE -->",
                        block.where()).isTrue();
        Path file = Files.createTempDirectory(scratch, "docs").resolve("example.singletable.yaml");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        assertChecks(block, file);
    }

    /** {@code singletable check FILE} exits 0. */
    private static void assertChecks(Block block, Path file) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"check", file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(out, true, StandardCharsets.UTF_8), Style.plain());
        assertThat(code).as("%s: singletable check says:%n%s", block.where(), out.toString(StandardCharsets.UTF_8)).isZero();
    }

    /** The lines {@code singletable ARGS} prints, on the engine it starts; kept under target/ to read when a page disagrees. */
    private static List<String> commandOutput(String command) {
        return COMMAND_OUTPUTS.computeIfAbsent(command, key -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
            int code = Main.run(key.substring("singletable ".length()).split(" "), print, print, Style.plain());
            String text = out.toString(StandardCharsets.UTF_8);
            try {
                Path kept = Path.of("target", "docs-examples", key.replace(' ', '-') + ".txt");
                Files.createDirectories(kept.getParent());
                Files.writeString(kept, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            assertThat(code).as("%s exits 0; it printed:%n%s", key, text).isZero();
            return text.lines().toList();
        });
    }

    private static List<String> read(Block block) throws IOException {
        Path source = ROOT.resolve(block.marker().orElseThrow().path());
        assertThat(source).as("%s: the file named before the block", block.where()).isRegularFile();
        return Files.readAllLines(source, StandardCharsets.UTF_8);
    }

    /**
     * Each line of {@code expected}, in order, {@code matches} a line of {@code actual} after the previous one's. Output
     * is matched whole ({@link String#equals}): a part of a line would let a stale block pass whose lines are pieces of
     * the new ones (a column added in front). Code and YAML fragments may show part of a line ({@link String#contains}).
     */
    private static void assertInOrder(Block block, List<String> expected, List<String> actual,
            BiPredicate<String, String> matches) {
        int from = 0;
        for (String line : expected) {
            int found = -1;
            for (int i = from; i < actual.size() && found < 0; i++) {
                if (matches.test(actual.get(i), line)) {
                    found = i;
                }
            }
            assertThat(found).as("%s: line '%s' not found in %s after its line %d", block.where(), line,
                    block.marker().orElseThrow().path(), from).isNotNegative();
            from = found + 1;
        }
    }

    /** The text of a Java line's string literals, unescaped ({@code \\n} a line break): the output a test asserts. */
    private static String literals(String line) {
        StringBuilder text = new StringBuilder();
        Matcher literal = JAVA_STRING.matcher(line);
        while (literal.find()) {
            text.append(literal.group(1).replace("\\n", "\n").replace("\\\"", "\"").replace("\\\\", "\\"));
        }
        return text.toString();
    }

    /** Lines without comments ({@code comment} outside quotes, to the end), whitespace-normalised, without blank and {@code ...} lines. */
    private static List<String> codeLines(List<String> lines, String comment) {
        return lines.stream().map(line -> normalise(withoutComment(line, comment)))
                .filter(line -> !line.isEmpty() && !line.equals("...")).toList();
    }

    /** A YAML file's lines as {@link #codeLines}, a sequence entry's {@code - } left out (a fragment may show the entry alone). */
    private static List<String> yamlLines(List<String> lines) {
        return codeLines(lines, "#").stream().map(line -> line.startsWith("- ") ? line.substring(2) : line).toList();
    }

    private static List<String> outputLines(List<String> lines) {
        return lines.stream().map(DocsExamplesTest::normalise).filter(line -> !line.isEmpty() && !line.equals("...")).toList();
    }

    private static String withoutComment(String line, String comment) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if ((c == '"' || c == '\'') && opensQuote(line, i, comment)) {
                quote = c;
            } else if (line.startsWith(comment, i) && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    /** In Java a {@code "} opens a string; in YAML a quote opens a scalar only where one starts ({@code it's} is plain text). */
    private static boolean opensQuote(String line, int at, String comment) {
        if (comment.equals("//")) {
            return line.charAt(at) == '"';
        }
        return at == 0 || " \t{[,:-".indexOf(line.charAt(at - 1)) >= 0;
    }

    private static String normalise(String line) {
        return line.strip().replaceAll("\\s+", " ");
    }
}
