package dev.singletable.cli.generate;

import dev.singletable.cli.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable generate java}: the command writes the sources of every design of {@code designs/} (which
 * {@link GeneratedPatternsEquivalenceTest} compiles, runs and reads back), and blog's are compared with golden files under
 * {@code src/test/resources/golden/generate-java/blog} (rewrite them with {@code -Dsingletable.golden.update=true}).
 */
class JavaGenerateCommandTest {
    static final Path DESIGNS = Path.of("../designs");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/generate-java");

    static Stream<Path> designs() throws IOException {
        try (Stream<Path> files = Files.list(DESIGNS)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".singletable.yaml")).sorted().toList().stream();
        }
    }

    /** Compiles every .java file under {@code sources} with the annotation processor, into {@code classes}; the error diagnostics. */
    static List<String> compile(Path sources, Path classes) throws IOException {
        return compile(sources, classes, new ArrayList<>());
    }

    /** As {@link #compile(Path, Path)}, adding every diagnostic (warnings and notes too) to {@code all}. */
    static List<String> compile(Path sources, Path classes, List<String> all) throws IOException {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<File> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(file -> file.toString().endsWith(".java")).map(Path::toFile).toList();
        }
        Files.createDirectories(classes);
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        try (StandardJavaFileManager manager = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean ok = compiler.getTask(null, manager, diagnostics,
                    List.of("--release", "17", "-classpath", classPath, "-processorpath", classPath, "-d", classes.toString(),
                            "-s", classes.toString(), "-implicit:class",
                            // as Maven's compiler does: the processor finds the examples resource generate java writes there
                            "-sourcepath", sources.toString()),
                    null, manager.getJavaFileObjectsFromFiles(files)).call();
            List<String> errors = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
                all.add(diagnostic.getKind() + " " + (diagnostic.getSource() == null ? "" : diagnostic.getSource().getName() + ":"
                        + diagnostic.getLineNumber() + ": ") + diagnostic.getMessage(Locale.ROOT));
                if (diagnostic.getKind() == Diagnostic.Kind.ERROR) {
                    errors.add((diagnostic.getSource() == null ? "" : diagnostic.getSource().getName() + ":" + diagnostic.getLineNumber() + ": ")
                            + diagnostic.getMessage(Locale.ROOT));
                }
            }
            if (!ok && errors.isEmpty()) {
                errors.add("the compiler failed without an error diagnostic");
            }
            return errors;
        }
    }

    // that they compile, run as singletable run does and write the design file back: GeneratedPatternsEquivalenceTest
    @ParameterizedTest
    @MethodSource("designs")
    void generateJava_whenDesignOfTheRepository_writesTheGeneratedSources(Path design, @TempDir Path dir) throws IOException {
        CommandRun run = run("generate", "java", design.toString(), "--package", "com.example", "-o", dir.resolve("src").toString());

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).as(run.out()).isZero();
        dev.singletable.schema.SchemaDocument document = dev.singletable.schema.SchemaFile.load(design).document();
        JavaSources.Generated generated = JavaSources.of(document, ExampleLines.read(document, java.util.Optional.of(DESIGNS)), "com.example");
        for (com.palantir.javapoet.JavaFile file : generated.files()) {
            assertThat(dir.resolve("src/com/example/" + file.typeSpec().name() + ".java")).hasContent(file.toString());
        }
        generated.examples().ifPresent(examples -> assertThat(dir.resolve("src").resolve(examples.resource())).hasContent(examples.text()));
    }

    // every design's, through JavaSources: GeneratedPatternsEquivalenceTest; here the command's own file, examples from an exampleFile too
    @Test
    void generateJava_whenDesignHasExamples_writesThemWhereTheCompiledDesignHasTheSameItems(@TempDir Path dir) throws IOException {
        Path design = DESIGNS.resolve("blog.singletable.yaml");

        CommandRun run = run("generate", "java", design.toString(), "--package", "com.example.blog", "-o", dir.resolve("src").toString());

        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(run.out()).contains("wrote 11 example items to " + dir.resolve("src/com/example/blog/BlogTable-examples.jsonl")
                + ", named by BlogTable's @TableDesign(examples = ...)");
        assertThat(Files.readString(dir.resolve("src/com/example/blog/BlogTable.java")))
                .contains("examples = \"com/example/blog/BlogTable-examples.jsonl\"");
        assertThat(compile(dir.resolve("src"), dir.resolve("classes"))).isEmpty();
        dev.singletable.schema.SchemaFile source = dev.singletable.schema.SchemaFile.load(design);
        dev.singletable.schema.SchemaFile compiled = dev.singletable.schema.SchemaFile.load(dir.resolve("classes/META-INF/singletable/BlogTable.singletable.json"));
        for (String entity : source.document().entities().keySet()) {
            assertThat(compiled.examples(entity)).as(entity).isNotEmpty().isEqualTo(source.examples(entity));
        }
    }

    @Test
    void generateJava_whenBlog_writesTheGoldenSourcesAndSaysWhatItLeftOut(@TempDir Path dir) throws IOException {
        Path src = dir.resolve("src");

        CommandRun run = run("generate", "java", DESIGNS.resolve("blog.singletable.yaml").toString(), "--package", "com.example.blog", "-o", src.toString());

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        Path written = src.resolve("com/example/blog");
        List<Path> files;
        try (Stream<Path> list = Files.list(written)) {
            files = list.sorted().toList();
        }
        Path golden = GOLDEN.resolve("blog");
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.createDirectories(golden);
            for (Path file : files) {
                Files.copy(file, golden.resolve(file.getFileName() + ".txt"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            Files.writeString(golden.resolve("output.txt"), run.out().replace(src.toString(), "SRC"));
        }
        try (Stream<Path> list = Files.list(golden)) {
            assertThat(list.map(file -> file.getFileName().toString()).sorted().toList())
                    .isEqualTo(Stream.concat(files.stream().map(file -> file.getFileName() + ".txt"), Stream.of("output.txt")).sorted().toList());
        }
        for (Path file : files) {
            assertThat(Files.readString(file)).as(file.getFileName().toString())
                    .isEqualTo(Files.readString(golden.resolve(file.getFileName() + ".txt")));
        }
        assertThat(run.out().replace(src.toString(), "SRC")).isEqualTo(Files.readString(golden.resolve("output.txt")));
    }

    private static final String KEYWORDS = """
            format: singletable/1
            table:
              name: NotesTable
              partitionKey: {name: PK, type: S}
              sortKey: {name: SK, type: S}
            entities:
              Note:
                attributes:
                  class: {type: string, required: true}
                  noteId: {type: string, required: true}
                  default: {type: string}
                keys:
                  pk: "CLASS#{class}"
                  sk: "NOTE#{noteId}"
            accessPatterns:
              - name: notes-of-class
                operation: query
                entity: Note
                partition: {class: maths}
            """;

    @Test
    void generateJava_whenAttributeIsAJavaKeyword_mapsItSaysSoAndCompiles(@TempDir Path dir) throws IOException {
        Path design = dir.resolve("notes.singletable.yaml");
        Files.writeString(design, KEYWORDS);

        CommandRun run = run("generate", "java", design.toString(), "--package", "com.example", "-o", dir.resolve("src").toString());

        assertThat(run).isEqualTo(new CommandRun(0, """
                note: Note.class: 'class' is not a Java identifier (or is a keyword); the record component is class_, stored as 'class' by @Attribute(name = "class")
                note: Note.default: 'default' is not a Java identifier (or is a keyword); the record component is default_, stored as 'default' by @Attribute(name = "default")
                wrote 3 Java files to SRC/com/example: Note, NotesTable, NotesAccess
                """.replace("SRC", dir.resolve("src").toString()), ""));
        assertThat(Files.readString(dir.resolve("src/com/example/Note.java"))).contains("""
                @Entity(
                        pk = "CLASS#{class_}",
                        sk = "NOTE#{noteId}"
                )
                public record Note(@Attribute(name = "class", required = true) String class_,
                """);
        assertThat(compile(dir.resolve("src"), dir.resolve("classes"))).isEmpty();
    }

    @Test
    void generateJava_whenAnIndexIsSparse_writesTheConditionAsAMethodAndWarnsThatNoDesignFileWillBeWritten(@TempDir Path dir) throws IOException {
        Path design = Path.of("src/test/resources/generate/sparse.singletable.yaml");

        CommandRun run = run("generate", "java", design.toString(), "--package", "com.example", "-o", dir.resolve("src").toString());

        assertThat(run).isEqualTo(new CommandRun(0, """
                wrote 4 Java files to SRC/com/example: ListingStatus, Listing, Listings, ListingsAccess
                wrote 4 example items to SRC/com/example/Listings-examples.jsonl, named by Listings's @TableDesign(examples = ...): the \
                processor finds it on the source path (Maven passes it); with another build, move it to the same path under the resources \
                or pass -Asingletable.resources=SRC
                warning: the compiled sources' design file (META-INF/singletable/Listings.singletable.json) holds a @Index(when = ...) method \
                only by its name ({"java": ...}), not what it tests, and these sparse indexes have one: live (Listing.inLive), \
                active (Listing.inActive), notDraft (Listing.inNotDraft), europe (Listing.inEurope), shipped (Listing.inShipped), either \
                (Listing.inEither), heavy (Listing.inHeavy), withShipDate (Listing.hasShippedAt); patterns, lint, view, cost and mcp on it \
                take every item whose key slots have values as in the index (an upper bound): run them on the schema file for the exact \
                conditions
                """.replace("SRC", dir.resolve("src").toString()), ""));
        assertThat(Files.readString(dir.resolve("src/com/example/Listing.java"))).contains("""
                    boolean inNotDraft() {
                        return !(status == ListingStatus.DRAFT);
                    }
                """, """
                    boolean inShipped() {
                        return (shippedAt != null) && (status == ListingStatus.SHIPPED);
                    }
                """, """
                    boolean inHeavy() {
                        return (Integer.valueOf(20).equals(weight)) || (Boolean.TRUE.equals(gift));
                    }
                """);
    }

    @Test
    void generateJava_whenAScanPattern_declaresItWithScanAndItsFilters() throws IOException {
        JavaSources.Generated generated = JavaSources.of(dev.singletable.schema.SchemaFile.load(DESIGNS.resolve("ecommerce.singletable.yaml"))
                .document(), java.util.Map.of(), "com.example");

        String patterns = generated.files().stream().filter(f -> f.typeSpec().name().equals(generated.patternsClass())).findFirst()
                .orElseThrow().toString();
        assertThat(patterns).contains("""
                    /**
                     * Locations where a product is out of stock (no index serves it: a Scan)
                     */
                    @Scan
                    @Example("0")
                    List<Inventory> outOfStockLocations(@Filter Integer quantity);
                """);
        assertThat(generated.notes()).noneMatch(note -> note.contains("out-of-stock-locations"));
    }

    @Test
    void generateJava_whenTableHasAStream_declaresItOnTheTableDesignAndTheDesignFileKeepsIt(@TempDir Path dir) throws IOException {
        Path design = dir.resolve("notes.singletable.yaml");
        Files.writeString(design, KEYWORDS.replace("  sortKey: {name: SK, type: S}\n", "  sortKey: {name: SK, type: S}\n  stream: NEW_AND_OLD_IMAGES\n"));

        CommandRun run = run("generate", "java", design.toString(), "--package", "com.example", "-o", dir.resolve("src").toString());

        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(Files.readString(dir.resolve("src/com/example/NotesTable.java"))).contains("stream = TableDesign.StreamView.NEW_AND_OLD_IMAGES");
        assertThat(compile(dir.resolve("src"), dir.resolve("classes"))).isEmpty();
        assertThat(dev.singletable.schema.SchemaFile.load(dir.resolve("classes/META-INF/singletable/NotesTable.singletable.json"))
                .document().table().stream().map(Enum::name)).contains("NEW_AND_OLD_IMAGES");
    }

    @Test
    void generateJava_whenARelationHasEdgeAttributes_declaresThemAndTheCompiledDesignFileHasTheSameEdge(@TempDir Path dir) throws IOException {
        Path design = dir.resolve("memberships.singletable.yaml");
        Files.writeString(design, Files.readString(DESIGNS.resolve("memberships.singletable.yaml")) + """
                    edge:
                      role: {type: enum, values: [MEMBER, ADMIN], required: true, description: what the user may do}
                      joinedAt: {type: instant}
                      since: {type: date}
                """);

        CommandRun run = run("generate", "java", design.toString(), "--package", "com.example", "-o", dir.resolve("src").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).doesNotContain("edge");
        assertThat(Files.readString(dir.resolve("src/com/example/MembershipTable.java"))).contains("propagateCopies = true, edges = {"
                + "@TableDesign.Edge(name = \"role\", type = TableDesign.EdgeType.ENUM, values = {\"MEMBER\", \"ADMIN\"}, required = true, "
                + "description = \"what the user may do\"), @TableDesign.Edge(name = \"joinedAt\", type = TableDesign.EdgeType.INSTANT), "
                + "@TableDesign.Edge(name = \"since\", type = TableDesign.EdgeType.LOCAL_DATE)})");
        assertThat(compile(dir.resolve("src"), dir.resolve("classes"))).isEmpty();
        dev.singletable.schema.SchemaFile source = dev.singletable.schema.SchemaFile.load(design);
        dev.singletable.schema.SchemaFile compiled = dev.singletable.schema.SchemaFile.load(
                dir.resolve("classes/META-INF/singletable/MembershipTable.singletable.json"));
        assertThat(compiled.document().relations().get("Membership").edge())
                .isEqualTo(source.document().relations().get("Membership").edge()).hasSize(3);
    }

    @Test
    void generateJava_whenARelationHasExamples_writesThemAsAdjacencyItemsAndTheCompiledDesignHasTheSameRelation(@TempDir Path dir)
            throws IOException {
        Path design = dir.resolve("memberships.singletable.yaml");
        Files.writeString(design, Files.readString(DESIGNS.resolve("memberships.singletable.yaml")) + """
                    edge:
                      role: {type: enum, values: [MEMBER, ADMIN], required: true}
                      joinedAt: {type: instant}
                    examples:
                      - {userId: "123", groupId: "1", role: ADMIN, joinedAt: 2025-01-01T00:00:00Z}
                      - {userId: "456", groupId: "2", role: MEMBER}
                """);

        CommandRun run = run("generate", "java", design.toString(), "--package", "com.example", "-o", dir.resolve("src").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).doesNotContain("note: relations.");
        assertThat(Files.readString(dir.resolve("src/com/example/MembershipTable.java"))).doesNotContain("relations.Membership");
        assertThat(Files.readString(dir.resolve("src/com/example/MembershipTable-examples.jsonl"))).endsWith("""
                {"entityType":"USERGROUP","userId":"123","groupId":"1","role":"ADMIN","joinedAt":"2025-01-01T00:00:00Z"}
                {"entityType":"USERGROUP","userId":"456","groupId":"2","role":"MEMBER"}
                """);
        assertThat(compile(dir.resolve("src"), dir.resolve("classes"))).isEmpty();
        dev.singletable.schema.SchemaFile source = dev.singletable.schema.SchemaFile.load(design);
        dev.singletable.schema.SchemaFile compiled = dev.singletable.schema.SchemaFile.load(
                dir.resolve("classes/META-INF/singletable/MembershipTable.singletable.json"));
        assertThat(compiled.document().relations().get("Membership").edge()).isEqualTo(source.document().relations().get("Membership").edge());
        assertThat(compiled.document().relations().get("Membership").examples())
                .isEqualTo(source.document().relations().get("Membership").examples()).hasSize(2);
        assertThat(compiled.relationExamples("Membership")).isEqualTo(source.relationExamples("Membership")).hasSize(4);
        assertThat(compiled.examples("User")).hasSize(2);
    }

    @Test
    void generateJava_whenACollectionListsARelationsItemType_leavesItAndItsPatternOutWithNotesAndCompiles(@TempDir Path dir) throws IOException {
        CommandRun run = run("generate", "java", DESIGNS.resolve("memberships.singletable.yaml").toString(), "--package", "com.example",
                "-o", dir.resolve("src").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines().filter(line -> line.startsWith("note: ")).toList()).containsExactly(
                "note: collections.GroupMembers: member GROUPUSER is the adjacency item type of relation Membership (its items in Group's "
                        + "partition), which an @ItemCollection's sealed interface cannot permit (its members are entity records); read "
                        + "a Group's with table.related and the generated relation Membership's inverse(), so the collection is left out",
                "note: accessPatterns.group-with-members: collection GroupMembers is left out");
        assertThat(dir.resolve("src/com/example/GroupMembers.java")).doesNotExist();
        assertThat(compile(dir.resolve("src"), dir.resolve("classes"))).isEmpty();
    }

    @Test
    void generateJava_whenAnEdgeAttributeIsAList_namesItInANoteAndTheTableJavadocAndDeclaresTheOthers(@TempDir Path dir) throws IOException {
        Path design = dir.resolve("memberships.singletable.yaml");
        Files.writeString(design, Files.readString(DESIGNS.resolve("memberships.singletable.yaml")) + """
                    edge:
                      role: {type: string}
                      scores: {type: list, of: integer}
                """);
        String note = "relations.Membership.edge: scores not generated: @TableDesign.Edge declares the kinds of TableDesign.EdgeType, "
                + "not lists, maps or records of a kind, so the generated relation Membership lacks them and relate refuses their "
                + "values; to keep them, build the relation in Java with Relation.between(...).edge(Relation.edgeAttribute(...)) and "
                + "give relate EdgeValues";

        CommandRun run = run("generate", "java", design.toString(), "--package", "com.example", "-o", dir.resolve("src").toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("note: " + note + "\n");
        String table = Files.readString(dir.resolve("src/com/example/MembershipTable.java"));
        assertThat(table).contains(" * <li>relations.Membership.edge: scores ")
                .contains("edges = @TableDesign.Edge(name = \"role\", type = TableDesign.EdgeType.STRING)");
        assertThat(compile(dir.resolve("src"), dir.resolve("classes"))).isEmpty();
    }

    @Test
    void edgeType_eachKindOfTheFileButItsStructures_isAnEdgeTypeOfTheAnnotation() {
        for (dev.singletable.schema.AttributeDefinition.AttributeKind kind : dev.singletable.schema.AttributeDefinition.AttributeKind.values()) {
            TableDesignSource.edgeType(kind).ifPresent(type -> assertThat(dev.singletable.annotations.TableDesign.EdgeType.valueOf(type))
                    .as(kind.name()).isNotNull());
        }
    }

    @Test
    void generateJava_whenDesignDoesNotLoad_printsItsErrorsAndWritesNothing(@TempDir Path dir) throws IOException {
        Path design = dir.resolve("broken.singletable.yaml");
        Files.writeString(design, KEYWORDS.replace("CLASS#{class}", "CLASS#{klass}"));

        CommandRun run = run("generate", "java", design.toString(), "--package", "com.example", "-o", dir.resolve("src").toString());

        assertThat(run).isEqualTo(new CommandRun(1, """
                DESIGN:13:7: entities.Note.keys.pk: template 'CLASS#{klass}' refers to unknown attribute 'klass' (did you mean 'class'?); the attributes are class, noteId, default
                DESIGN:19:5: accessPatterns[0].partition: the key template needs a value for klass; give each as an example value (callers pass their own at run time)
                DESIGN:19:17: accessPatterns[0].partition.class: 'class' is not a slot of the key template (did you mean 'klass'?); its slots are klass
                DESIGN: 3 errors; nothing written (singletable check DESIGN lists them)
                """.replace("DESIGN", design.toString()), ""));
        assertThat(dir.resolve("src")).doesNotExist();
    }

    @Test
    void generateJava_whenPackageIsNotAJavaPackageName_refusesItAndWritesNothing(@TempDir Path dir) {
        CommandRun run = run("generate", "java", DESIGNS.resolve("blog.singletable.yaml").toString(), "--package", "com.example.class",
                "-o", dir.resolve("src").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("--package com.example.class: not a Java package name (dotted identifiers, none a keyword, "
                + "such as com.example.shop); nothing written\n");
        assertThat(dir.resolve("src")).doesNotExist();
    }

    @Test
    void generateJava_whenOutputIsAFile_refusesItAndWritesNothing(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("src"), "not a directory");

        CommandRun run = run("generate", "java", DESIGNS.resolve("blog.singletable.yaml").toString(), "--package", "com.example", "-o", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("-o " + file + ": is a file, not a directory; give the source root (such as src/main/java) "
                + "the package's directories go in; nothing written\n");
        assertThat(Files.readString(file)).isEqualTo("not a directory");
    }
}
