package dev.singletable.cli.generate;

import com.palantir.javapoet.JavaFile;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.Adjacency;
import dev.singletable.DynamicItem;
import dev.singletable.Relation;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.cli.data.DataDesign;
import dev.singletable.cli.data.PatternCall;
import dev.singletable.design.internal.tables.RelationTables;
import dev.singletable.local.LocalDynamoDbExtension;
import dev.singletable.schema.AccessPatternDefinition;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.ImportFormat;
import dev.singletable.schema.SchemaDocument;
import dev.singletable.schema.SchemaFile;
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
 * item lists, in order, equal; so does {@code table.related} with each generated relation constant, from either side,
 * against {@code singletable run Relation.related}. The patterns the annotations cannot say are named with the generator's reason in
 * {@link #NOT_GENERATED}; a pattern left out that is not listed there, or listed and generated, fails the test.
 *
 * <p>And back: the design file the processor writes for the compiled sources ({@code META-INF/singletable/<Table>.singletable.json})
 * is the file they came from (entities, key templates, indexes, attributes, types, collections, relations, volumes, patterns),
 * but for the differences the format forces ({@link Forced}), which {@link #FORCED} lists design by design.
 */
class GeneratedPatternsEquivalenceTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-15T10:00:00Z"), ZoneOffset.UTC);
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final java.util.regex.Pattern SLOT = java.util.regex.Pattern.compile("\\{([^}:]+)");

    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.engineOnly();

    /** The patterns {@code generate java} leaves out, by {@code design pattern}: the generator's reason, as it prints it. */
    static final Map<String, String> NOT_GENERATED = Map.ofEntries(
            entry("patterns.singletable.yaml device-readings", "a read across time buckets (no pattern annotation reads several partitions)"),
            entry("patterns.singletable.yaml readings-of-a-day", "a read across write shards (no pattern annotation reads several partitions)"),
            entry("memberships.singletable.yaml group-with-members", "collection GroupMembers is left out"),
            entry("products.singletable.yaml active-product-by-id", state("ActiveProduct")),
            entry("products.singletable.yaml active-products-by-name", state("ActiveProduct")),
            entry("products.singletable.yaml archived-product-by-id", state("ArchivedProduct")),
            entry("products.singletable.yaml archived-products-by-time", state("ArchivedProduct")),
            entry("social-3.0.json (NoSQL Workbench import) query-UPostP-GSI1", "a read of index GSI1, which projects INCLUDE [content] "
                    + "and so lacks entityType, id, id2, postedAt, tags, which the record needs (the processor refuses the method; read "
                    + "the whole items from the table, or project them into the index)"));

    /** The designs whose generated patterns (and relation reads) read nothing to compare, and why. */
    static final Map<String, String> NOTHING_COMPARED = Map.of(
            "products.singletable.yaml", "every pattern reads a key state, which access-pattern interfaces do not take");

    private static String state(String type) {
        return "a read of " + type + ", a state of entity Product, whose keys depend on its state (@KeyState): access-pattern "
                + "interfaces take no such entity yet (read its states with table.query(...STATES.state(...)))";
    }

    /** Designs that once came out of {@code generate java} changed: rules, epoch seconds, odd enum values and names, sparse conditions. */
    private static final Path TRICKY = Path.of("src/test/resources/generate");

    /**
     * The designs whose sources' design file names a Java method as a sparse condition (the processor cannot write what it
     * tests), as {@code generate java} warns.
     */
    static final List<String> JAVA_CONDITIONS = List.of("sparse.singletable.yaml");

    static Stream<Arguments> designs() throws IOException {
        List<Arguments> designs = new ArrayList<>();
        JavaGenerateCommandTest.designs().forEach(design -> designs.add(Arguments.of(design.getFileName().toString(), design)));
        designs.add(Arguments.of("social-3.0.json (NoSQL Workbench import)", Path.of("src/test/resources/imports/social-3.0.json")));
        try (Stream<Path> tricky = Files.list(TRICKY)) {
            tricky.sorted().forEach(design -> designs.add(Arguments.of(design.getFileName().toString(), design)));
        }
        return designs.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void generateJava_whenCompiledAndRunOnTheExamples_readsWhatSingletableRunReadsAndWritesTheDesignFileBack(String name, Path source, @TempDir Path dir)
            throws Exception {
        SchemaFile file = load(name, source, dir);
        JavaSources.Generated generated = JavaSources.of(file.document(), ExampleLines.read(file.document(),
                Optional.of(source.toAbsolutePath().getParent())), "gen");
        for (JavaFile javaFile : generated.files()) {
            javaFile.writeTo(dir.resolve("src"));
        }
        if (generated.examples().isPresent()) {
            Files.writeString(dir.resolve("src").resolve(generated.examples().get().resource()), generated.examples().get().text());
        }
        List<String> diagnostics = new ArrayList<>();
        assertThat(JavaGenerateCommandTest.compile(dir.resolve("src"), dir.resolve("classes"), diagnostics)).isEmpty();

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

        Path written = dir.resolve("classes/META-INF/singletable/" + file.tableSchema().name() + ".singletable.json");
        if (JAVA_CONDITIONS.contains(name)) {
            assertThat(generated.warnings()).singleElement().asString().startsWith("the compiled sources' design file (META-INF/singletable/"
                    + file.tableSchema().name() + ".singletable.json) holds a @Index(when = ...) method only by its name");
            assertThat(written).as(String.join("\n", diagnostics)).exists();
            SchemaFile back = SchemaFile.parse(Files.readString(written), written.getFileName().toString());
            List<ConditionDefinition> whens = back.document().entities().values().stream().flatMap(entity -> entity.indexes().values().stream())
                    .flatMap(key -> key.when().stream()).toList();
            // a method that only asks whether one attribute is there is read back as that condition (withShipDate's
            // `present: shippedAt`); every other condition stays the compiled method
            assertThat(whens).as("the sparse conditions of the compiled design").hasSize(8)
                    .filteredOn(when -> !(when instanceof ConditionDefinition.JavaMethod))
                    .containsExactly(new ConditionDefinition.Present("shippedAt"));
        } else {
            assertThat(generated.warnings()).isEmpty();
            assertThat(written).as(String.join("\n", diagnostics)).exists();
            SchemaFile back = SchemaFile.parse(Files.readString(written), written.getFileName().toString());
            ObjectNode original = tree(file.document());
            Map<Forced, Boolean> applied = new java.util.EnumMap<>(Forced.class);
            for (Forced forced : Forced.values()) {
                applied.put(forced, forced.apply(original, name, generated));
            }
            assertThat(sorted(tree(back.document()))).as("the design file of the compiled sources, read back").isEqualTo(sorted(original));
            for (String entity : file.document().entities().keySet()) {
                assertThat(back.examples(entity)).as("the compiled design's examples of " + entity).isEqualTo(file.examples(entity));
            }
            assertThat(applied.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList())
                    .as("the differences the format forces").isEqualTo(FORCED.get(name));
        }

        String tableName = file.tableSchema().name() + "-generated-" + TABLES.incrementAndGet();
        DataDesign design = new DataDesign(name, file, file.tableSchema().toBuilder().name(tableName).build());
        Table dynamic = Table.builder(design.schema(), db.client()).clock(CLOCK).build();
        dynamic.createTable();
        design.examples().forEach(dynamic::put);

        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.resolve("classes").toUri().toURL()}, getClass().getClassLoader())) {
            TableSchema schema = (TableSchema) loader.loadClass("gen." + generated.tableClass() + "Design").getField("SCHEMA").get(null);
            Table table = Table.builder(schema.toBuilder().name(tableName).build(), db.client()).clock(CLOCK).build();
            for (DynamicItem example : design.examples()) {
                Map<String, AttributeValue> item = dynamic.toItem(example);
                Map<String, AttributeValue> javaItem = new LinkedHashMap<>(table.toItem(table.fromItem(schema.entity(example.entityType()).orElseThrow(), item)));
                // a record reads a missing list or map as an empty one, and writes it as such (OfflineOperations.toItem)
                javaItem.entrySet().removeIf(attribute -> !item.containsKey(attribute.getKey())
                        && (attribute.getValue().hasL() && attribute.getValue().l().isEmpty() || attribute.getValue().hasM() && attribute.getValue().m().isEmpty()));
                assertThat(javaItem)
                        .as(name + ": the item the generated record reads from, and writes for, an example of " + example.entityType()
                                + " (keys, sparse index keys, stored shapes)").isEqualTo(item);
            }
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
            for (RelationTables.RelationRead read : RelationTables.reads(file)) {
                List<Map<String, AttributeValue>> expected = read.query(dynamic).list().stream().map(dynamic::toItem).toList();

                List<Map<String, AttributeValue>> actual = related(loader, generated, schema, table, dynamic, file, read);

                assertThat(actual).as(name + " " + read.name()).isEqualTo(expected);
                items += actual.size();
            }
            assertThat(compared).isEqualTo(file.document().accessPatterns().size() - left.size());
            assertThat(items > 0).as("whether the patterns read any items (patterns that read nothing prove little)")
                    .isEqualTo(!NOTHING_COMPARED.containsKey(name));
        }
    }

    /** The differences between a design file and the one its generated sources compile to, by design; the format forces each. */
    static final Map<String, List<Forced>> FORCED = Map.of(
            "blog.singletable.yaml", List.of(Forced.DESCRIPTIONS, Forced.EXAMPLE_FILE, Forced.RATES),
            "customers.singletable.yaml", List.of(Forced.DESCRIPTIONS),
            "ecommerce.singletable.yaml", List.of(Forced.DESCRIPTIONS, Forced.REDUNDANT_WHEN),
            "memberships.singletable.yaml", List.of(Forced.DESCRIPTIONS, Forced.PATTERNS_LEFT_OUT, Forced.ADJACENCY_COLLECTIONS_LEFT_OUT),
            "patterns.singletable.yaml", List.of(Forced.DESCRIPTIONS, Forced.PATTERNS_LEFT_OUT),
            "products.singletable.yaml", List.of(Forced.DESCRIPTIONS, Forced.PATTERNS_LEFT_OUT),
            "shapes.singletable.yaml", List.of(Forced.DESCRIPTIONS, Forced.LOCAL_INDEXES_LAST, Forced.LOCAL_INDEX_PK),
            "social-3.0.json (NoSQL Workbench import)", List.of(Forced.DESCRIPTIONS, Forced.PATTERNS_LEFT_OUT,
                    Forced.PATTERN_NAMES),
            "values.singletable.yaml", List.of(Forced.ENUM_AS_STRING));

    /** A difference the format forces, applied to the original file's tree: whether it changed it. */
    enum Forced {
        /** Descriptions but the patterns' become Javadoc, which the processor does not read back. */
        DESCRIPTIONS {
            @Override
            boolean apply(ObjectNode file, String design, JavaSources.Generated generated) {
                boolean changed = ((ObjectNode) file.get("table")).remove("description") != null;
                for (JsonNode index : iterable(file.path("table").path("indexes"))) {
                    changed |= ((ObjectNode) index).remove("description") != null;
                }
                for (String section : List.of("entities", "types", "collections", "relations")) {
                    for (JsonNode value : iterable(file.path(section))) {
                        changed |= ((ObjectNode) value).remove("description") != null;
                    }
                }
                return changed;
            }
        },
        /** An entity's example file is not named in the compiled design: its items are among the entity's examples there. */
        EXAMPLE_FILE {
            @Override
            boolean apply(ObjectNode file, String design, JavaSources.Generated generated) {
                boolean changed = false;
                for (JsonNode entity : iterable(file.path("entities"))) {
                    JsonNode exampleFile = ((ObjectNode) entity).remove("exampleFile");
                    if (exampleFile != null) {
                        try {
                            for (String line : Files.readAllLines(JavaGenerateCommandTest.DESIGNS.resolve(exampleFile.asText()))) {
                                if (!line.isBlank()) {
                                    ((ObjectNode) entity).withArray("examples").add(JSON.readTree(line));
                                }
                            }
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                        changed = true;
                    }
                }
                return changed;
            }
        },
        /** No annotation holds a pattern's rates. */
        RATES {
            @Override
            boolean apply(ObjectNode file, String design, JavaSources.Generated generated) {
                boolean changed = false;
                for (JsonNode pattern : iterable(file.path("accessPatterns"))) {
                    changed |= ((ObjectNode) pattern).remove("rates") != null;
                }
                return changed;
            }
        },
        /** The patterns generate java leaves out ({@link #NOT_GENERATED}) are not in the sources. */
        PATTERNS_LEFT_OUT {
            @Override
            boolean apply(ObjectNode file, String design, JavaSources.Generated generated) {
                boolean changed = false;
                if (!file.has("accessPatterns")) {
                    return false;
                }
                for (java.util.Iterator<JsonNode> patterns = file.withArray("accessPatterns").iterator(); patterns.hasNext(); ) {
                    if (NOT_GENERATED.containsKey(design + " " + patterns.next().path("name").asText())) {
                        patterns.remove();
                        changed = true;
                    }
                }
                if (file.withArray("accessPatterns").isEmpty()) {
                    file.remove("accessPatterns");
                }
                return changed;
            }
        },
        /** A collection listing a relation's item type has no @ItemCollection (its members are entity records): it is left out. */
        ADJACENCY_COLLECTIONS_LEFT_OUT {
            @Override
            boolean apply(ObjectNode file, String design, JavaSources.Generated generated) {
                boolean changed = false;
                for (java.util.Iterator<JsonNode> collections = file.path("collections").iterator(); collections.hasNext(); ) {
                    JsonNode collection = collections.next();
                    boolean adjacency = false;
                    for (JsonNode member : collection.path("members")) {
                        adjacency |= !file.path("entities").has(member.asText());
                    }
                    if (adjacency) {
                        collections.remove();
                        changed = true;
                    }
                }
                if (changed && file.path("collections").isEmpty()) {
                    file.remove("collections");
                }
                return changed;
            }
        },
        /** A pattern's name comes back as its method's, in kebab case: get-UInfo is getUInfo, then get-uinfo. */
        PATTERN_NAMES {
            @Override
            boolean apply(ObjectNode file, String design, JavaSources.Generated generated) {
                boolean changed = false;
                for (JsonNode pattern : iterable(file.path("accessPatterns"))) {
                    String name = pattern.path("name").asText();
                    String back = generated.methods().stream().filter(m -> m.pattern().equals(name)).findFirst().orElseThrow().method()
                            .replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
                    if (!back.equals(name)) {
                        ((ObjectNode) pattern).put("name", back);
                        changed = true;
                    }
                }
                return changed;
            }
        },
        /**
         * An index's {@code when: {present: X}}, X a slot of its keys, is left to the keys (written only when every slot has a
         * value): a {@code @Index(when = ...)} method would keep the processor from writing the design file.
         */
        REDUNDANT_WHEN {
            @Override
            boolean apply(ObjectNode file, String design, JavaSources.Generated generated) {
                boolean changed = false;
                for (JsonNode entity : iterable(file.path("entities"))) {
                    for (JsonNode keys : iterable(entity.path("indexes"))) {
                        String present = keys.path("when").path("present").asText("");
                        String templates = keys.path("pk").toString() + keys.path("sk") + (keys.has("pk") ? "" : entity.path("keys").path("pk"));
                        if (!present.isEmpty() && java.util.regex.Pattern.compile("\\{" + java.util.regex.Pattern.quote(present) + "[:}]")
                                .matcher(templates).find()) {
                            ((ObjectNode) keys).remove("when");
                            changed = true;
                        }
                    }
                }
                return changed;
            }
        },
        /**
         * An enum with a value no Java constant can hold ({@code in-progress}, {@code 1ST}, {@code class}) is a String with
         * {@code @AllowedValues} of all its values: it stores the same, and comes back as {@code type: string, allowedValues}.
         */
        ENUM_AS_STRING {
            @Override
            boolean apply(ObjectNode file, String design, JavaSources.Generated generated) {
                boolean changed = false;
                for (JsonNode entity : iterable(file.path("entities"))) {
                    for (JsonNode attribute : iterable(entity.path("attributes"))) {
                        List<String> values = new ArrayList<>();
                        attribute.path("values").forEach(value -> values.add(value.asText()));
                        if (attribute.path("type").asText().equals("enum") && !JavaSources.enumConstants(values)) {
                            ((ObjectNode) attribute).put("type", "string").set("allowedValues", attribute.get("values"));
                            ((ObjectNode) attribute).remove("values");
                            changed = true;
                        }
                    }
                }
                return changed;
            }
        },
        /** {@code @TableDesign} holds local indexes apart from global ones ({@code localIndexes}), which come first. */
        LOCAL_INDEXES_LAST {
            @Override
            boolean apply(ObjectNode file, String design, JavaSources.Generated generated) {
                List<JsonNode> indexes = new ArrayList<>();
                file.path("table").path("indexes").forEach(indexes::add);
                List<JsonNode> reordered = new ArrayList<>(indexes.stream().filter(i -> !i.path("kind").asText().equals("local")).toList());
                indexes.stream().filter(i -> i.path("kind").asText().equals("local")).forEach(reordered::add);
                if (reordered.equals(indexes)) {
                    return false;
                }
                ((ObjectNode) file.get("table")).putArray("indexes").addAll(reordered);
                return true;
            }
        },
        /** An entity's keys on a local index come back with the partition template, which the {@code @Index} repeats. */
        LOCAL_INDEX_PK {
            @Override
            boolean apply(ObjectNode file, String design, JavaSources.Generated generated) {
                List<String> locals = new ArrayList<>();
                file.path("table").path("indexes").forEach(i -> {
                    if (i.path("kind").asText().equals("local")) {
                        locals.add(i.path("name").asText());
                    }
                });
                boolean changed = false;
                for (JsonNode entity : iterable(file.path("entities"))) {
                    for (String local : locals) {
                        JsonNode keys = entity.path("indexes").path(local);
                        if (keys.isObject() && !keys.has("pk")) {
                            ((ObjectNode) keys).set("pk", entity.path("keys").path("pk"));
                            changed = true;
                        }
                    }
                }
                return changed;
            }
        };

        abstract boolean apply(ObjectNode file, String design, JavaSources.Generated generated);
    }

    private static Iterable<JsonNode> iterable(JsonNode node) {
        return node::elements;
    }

    private static final ObjectMapper JSON = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private static ObjectNode tree(SchemaDocument document) throws IOException {
        return (ObjectNode) JSON.readTree(SchemaFileWriter.toJson(document));
    }

    /** The tree as indented JSON, every object's fields in name order: a diff shows what differs. */
    private static String sorted(JsonNode tree) throws IOException {
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(JSON.treeToValue(tree, Object.class));
    }

    /** The design file, or for a NoSQL Workbench model its import, with a get and query per entity added from its first example. */
    private static SchemaFile load(String name, Path source, Path dir) throws IOException {
        if (name.endsWith(".singletable.yaml")) {
            return SchemaFile.load(source);
        }
        SchemaDocument document = ImportFormat.NOSQL_WORKBENCH.read(source).document();
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

    /**
     * What {@code table.related(near, relation)} reads with the generated relation constant, from the near entity's first
     * example read as its generated record: the adjacency items, as {@code singletable run Relation.related} reads them.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static List<Map<String, AttributeValue>> related(ClassLoader loader, JavaSources.Generated generated, TableSchema schema,
                                                           Table table, Table dynamic, SchemaFile file, RelationTables.RelationRead read)
            throws ReflectiveOperationException {
        Relation<?, ?> relation = null;
        for (java.lang.reflect.Field field : loader.loadClass("gen." + generated.tableClass() + "Design").getFields()) {
            if (field.get(null) instanceof Relation<?, ?> constant && constant.name().equals(read.relation())) {
                relation = constant;
            }
        }
        assertThat(relation).as("the generated constant of relation " + read.relation()).isNotNull();
        boolean fromFirst = file.document().relations().get(read.relation()).first().equals(read.near())
                && read.items().type().equals(relation.firstSideItems().type());
        Relation chosen = fromFirst ? relation : relation.inverse();
        DynamicItem example = file.examples(read.near()).get(0);
        Object near = table.fromItem(schema.entity(read.near()).orElseThrow(), dynamic.toItem(example));
        List<Adjacency<?, ?>> adjacencies = table.related(near, chosen);
        return adjacencies.stream().map(adjacency -> table.toItem(adjacency.item())).toList();
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
