package dev.singletable.cli.generate;

import com.palantir.javapoet.JavaFile;
import dev.singletable.DynamicItem;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.PatternCall;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;
import dev.singletable.schema.SchemaFileImport;
import dev.singletable.schema.SchemaFileWriter;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Java from a schema file does what the file does: for every design of {@code designs/} and an imported NoSQL Workbench
 * model, the sources {@code generate java} writes compile with the annotation processor, and each generated pattern
 * method, called with the pattern's example values on a table holding the design's examples, reads exactly the items
 * {@code singletable run} reads for the pattern (through {@link PatternCall}, the run command's own code path): whole
 * item lists, in order, equal. The patterns the annotations cannot say are named with the generator's reason in
 * {@link #NOT_GENERATED}; a pattern left out that is not listed there, or listed and generated, fails the test.
 */
class GeneratedPatternsEquivalenceTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-15T10:00:00Z"), ZoneOffset.UTC);
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final java.util.regex.Pattern SLOT = java.util.regex.Pattern.compile("\\{([^}:]+)");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    /** The patterns {@code generate java} leaves out, by {@code design pattern}: the generator's reason, as it prints it. */
    static final Map<String, String> NOT_GENERATED = Map.ofEntries(
            entry("blog.singletable.yaml posts-by-user", "a raw sort key prefix ('POST#'); only sortBetweenRaw is an annotation"),
            entry("ecommerce.singletable.yaml category-subtree", "a raw sort key prefix ('PATH#ELECTRONICS/AUDIO/'); only sortBetweenRaw "
                    + "is an annotation"),
            entry("ecommerce.singletable.yaml order-with-items", "a collection read on an index"),
            entry("ecommerce.singletable.yaml out-of-stock-locations", "a scan (no pattern annotation reads the whole table)"),
            entry("patterns.singletable.yaml device-readings", "a read across time buckets (no pattern annotation reads several partitions)"),
            entry("patterns.singletable.yaml readings-of-a-day", "a read across write shards (no pattern annotation reads several partitions)"),
            entry("products.singletable.yaml active-product-by-id", state("ActiveProduct")),
            entry("products.singletable.yaml active-products-by-name", state("ActiveProduct")),
            entry("products.singletable.yaml archived-product-by-id", state("ArchivedProduct")),
            entry("products.singletable.yaml archived-products-by-time", state("ArchivedProduct")),
            entry("social-3.0.json (NoSQL Workbench import) query-UPostP-GSI1", "a read of index GSI1, which projects INCLUDE [content] "
                    + "and so lacks entityType, id, id2, postedAt, tags, which the record needs (the processor refuses the method; read "
                    + "the whole items from the table, or project them into the index)"));

    private static String state(String type) {
        return "a read of " + type + ", a state of entity Product, whose keys depend on its state (@KeyState): access-pattern "
                + "interfaces take no such entity yet (read its states with table.query(...STATES.state(...)))";
    }

    static Stream<Arguments> designs() throws IOException {
        List<Arguments> designs = new ArrayList<>();
        JavaGenerateCommandTest.designs().forEach(design -> designs.add(Arguments.of(design.getFileName().toString(), design)));
        designs.add(Arguments.of("social-3.0.json (NoSQL Workbench import)", Path.of("src/test/resources/imports/social-3.0.json")));
        return designs.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void generatedPatterns_whenRunOnTheDesignsExamples_readTheItemsSingletableRunReads(String name, Path source, @TempDir Path dir)
            throws Exception {
        SchemaFile file = load(name, source, dir);
        JavaSources.Generated generated = JavaSources.of(file.document(), "gen");
        for (JavaFile javaFile : generated.files()) {
            javaFile.writeTo(dir.resolve("src"));
        }
        assertThat(JavaGenerateCommandTest.compile(dir.resolve("src"), dir.resolve("classes"))).isEmpty();

        Map<String, String> left = new TreeMap<>();
        List<String> methods = generated.methods().stream().map(JavaSources.PatternMethod::pattern).toList();
        for (AccessPatternDefinition pattern : file.document().accessPatterns()) {
            if (!methods.contains(pattern.name())) {
                String prefix = "accessPatterns." + pattern.name() + ": ";
                left.put(name + " " + pattern.name(), generated.notes().stream().filter(note -> note.startsWith(prefix))
                        .map(note -> note.substring(prefix.length())).findFirst().orElse("(no note)"));
            }
        }
        assertThat(left).as("the patterns left out").isEqualTo(new TreeMap<>(expected(NOT_GENERATED, name)));

        String tableName = file.tableSchema().name() + "-generated-" + TABLES.incrementAndGet();
        DataDesign design = new DataDesign(name, file, file.tableSchema().toBuilder().name(tableName).build());
        Table dynamic = Table.builder(design.schema(), db.client()).clock(CLOCK).build();
        dynamic.createTable();
        design.examples().forEach(dynamic::put);

        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.resolve("classes").toUri().toURL()}, getClass().getClassLoader())) {
            TableSchema schema = (TableSchema) loader.loadClass("gen." + generated.tableClass() + "Design").getField("SCHEMA").get(null);
            Table table = Table.builder(schema.toBuilder().name(tableName).build(), db.client()).clock(CLOCK).build();
            Class<?> patternsInterface = loader.loadClass("gen." + generated.patternsClass());
            Object patterns = loader.loadClass("gen." + generated.patternsClass() + "Patterns").getMethod("of", Table.class).invoke(null, table);
            int compared = 0;
            int items = 0;
            for (JavaSources.PatternMethod method : generated.methods()) {
                List<Map<String, AttributeValue>> expected = PatternCall.of(design, method.pattern(), Map.of(), IllegalArgumentException::new)
                        .items(dynamic, null).stream().map(dynamic::toItem).toList();

                List<Map<String, AttributeValue>> actual = call(patternsInterface, patterns, method).stream().map(table::toItem).toList();

                assertThat(actual).as(name + " " + method.pattern() + " (" + generated.patternsClass() + "." + method.method() + ")")
                        .isEqualTo(expected);
                compared++;
                items += actual.size();
            }
            assertThat(compared).isEqualTo(file.document().accessPatterns().size() - left.size());
            assertThat(items).as("patterns that read nothing prove little").isPositive();
        }
    }

    /** The design file, or for a NoSQL Workbench model its import, with a get and query per entity added from its first example. */
    private static SchemaFile load(String name, Path source, Path dir) throws IOException {
        if (name.endsWith(".singletable.yaml")) {
            return SchemaFile.load(source);
        }
        SchemaDocument document = SchemaFileImport.noSqlWorkbench(source).document();
        assertThat(document.accessPatterns()).as("a NoSQL Workbench model has no access patterns to import").isEmpty();
        StringBuilder patterns = new StringBuilder("accessPatterns:\n");
        document.entities().forEach((entity, definition) -> {
            Map<String, Object> example = definition.examples().get(0);
            patterns.append(pattern("get-" + entity, "get", entity, null, "key", slots(definition.keys().partition(), definition.keys().sort()), example));
            patterns.append(pattern("query-" + entity, "query", entity, null, "partition", slots(definition.keys().partition(), List.of()), example));
            definition.indexes().forEach((index, key) -> patterns.append(pattern("query-" + entity + "-" + index, "query", entity, index,
                    "partition", slots(key.partition().isEmpty() ? definition.keys().partition() : key.partition(), List.of()), example)));
        });
        Path imported = dir.resolve("imported.singletable.yaml");
        Files.writeString(imported, SchemaFileWriter.toYaml(document) + patterns);
        return SchemaFile.load(imported);
    }

    private static String pattern(String name, String operation, String entity, String index, String keyField, List<String> slots,
                                  Map<String, Object> example) {
        StringBuilder yaml = new StringBuilder("  - name: " + name + "\n    operation: " + operation + "\n    entity: " + entity + "\n");
        if (index != null) {
            yaml.append("    index: ").append(index).append('\n');
        }
        if (!slots.isEmpty()) {
            yaml.append("    ").append(keyField).append(":\n");
            slots.forEach(slot -> yaml.append("      ").append(slot).append(": ").append(example.get(slot) instanceof String text
                    ? "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"" : example.get(slot)).append('\n'));
        }
        return yaml.toString();
    }

    private static List<String> slots(List<String> partition, List<String> sort) {
        List<String> slots = new ArrayList<>();
        Stream.concat(partition.stream(), sort.stream()).forEach(template -> {
            java.util.regex.Matcher matcher = SLOT.matcher(template);
            while (matcher.find()) {
                if (!slots.contains(matcher.group(1))) {
                    slots.add(matcher.group(1));
                }
            }
        });
        return slots;
    }

    private static Map<String, String> expected(Map<String, String> listed, String design) {
        Map<String, String> of = new LinkedHashMap<>();
        listed.forEach((key, reason) -> {
            if (key.startsWith(design + " ")) {
                of.put(key, reason);
            }
        });
        return of;
    }

    /** The generated method called with its example values, read as its parameters' types: the items it reads. */
    private static List<?> call(Class<?> patternsInterface, Object patterns, JavaSources.PatternMethod pattern) throws Exception {
        Method method = Arrays.stream(patternsInterface.getMethods()).filter(m -> m.getName().equals(pattern.method())).findFirst()
                .orElseThrow(() -> new AssertionError("no method " + pattern.method() + " in " + patternsInterface.getName()));
        Class<?>[] types = method.getParameterTypes();
        assertThat(pattern.examples()).as(pattern.method() + "'s examples").hasSize(types.length);
        Object[] arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            arguments[i] = argument(types[i], pattern.examples().get(i));
        }
        Object result;
        try {
            result = method.invoke(patterns, arguments);
        } catch (InvocationTargetException e) {
            throw new AssertionError(pattern.pattern() + " (" + pattern.method() + Arrays.toString(arguments) + ") failed: "
                    + e.getCause(), e.getCause());
        }
        return result instanceof Optional<?> optional ? optional.stream().toList() : (List<?>) result;
    }

    private static Object argument(Class<?> type, String text) {
        if (type == List.class) {
            return List.of(text.split(","));
        } else if (type == String.class) {
            return text;
        } else if (type == Integer.class) {
            return Integer.valueOf(text);
        } else if (type == Long.class) {
            return Long.valueOf(text);
        } else if (type == BigDecimal.class) {
            return new BigDecimal(text);
        } else if (type == Boolean.class) {
            return Boolean.valueOf(text);
        } else if (type == Instant.class) {
            return text.chars().allMatch(Character::isDigit) ? Instant.ofEpochSecond(Long.parseLong(text)) : Instant.parse(text);
        } else if (type == LocalDate.class) {
            return LocalDate.parse(text);
        } else if (type == UUID.class) {
            return UUID.fromString(text);
        } else if (type.isEnum()) {
            return Arrays.stream(type.getEnumConstants()).filter(constant -> ((Enum<?>) constant).name().equals(text)).findFirst()
                    .orElseThrow(() -> new AssertionError(text + " is no constant of " + type.getName()));
        }
        throw new AssertionError("no example value of type " + type.getName() + " (" + text + ")");
    }
}
