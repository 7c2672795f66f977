package dev.singletable.cli.lint;

import dev.singletable.cli.CommandRun;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

import static dev.singletable.cli.lint.LintCommandTest.golden;
import static dev.singletable.cli.CommandRun.run;
import static dev.singletable.cli.lint.LintCommandTest.sarifSchema;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code singletable lint} on code-first projects: the design file singletable-processor writes (patterns with their
 * example values, example items from {@code @TableDesign(examples = ...)}, each entity's and pattern's Java source line)
 * lints as a schema file does, and each finding points at the Java declaration it concerns, in text and in SARIF.
 * {@code codefirst/} is a small project compiled here whose patterns trip the pattern rules the annotations can express:
 * ST002 (a filter keeping 1 in 4) and ST009 (newest first by a random UUID); ST001 (a scan) and ST010 (a presence filter)
 * have no annotation. singletable-examples' classes are linted as built.
 */
class CodeFirstLintTest {
    private static final Path PROJECT = Path.of("src/test/resources/lint/codefirst");
    private static final String EXAMPLES = "../singletable-examples/target/classes";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void lint_whenProjectsPatternsTripThePatternRules_reportsThemAtTheJavaMethods(@TempDir Path directory) throws IOException {
        Path classes = compile(directory);

        CommandRun run = run("lint", classes.toString());

        String out = run.out().replace(classes.toString(), "CLASSES");
        assertThat(new CommandRun(run.exitCode(), out, run.err()))
                .isEqualTo(new CommandRun(1, golden(out, "codefirst.lint.txt"), ""));
    }

    @Test
    void lint_whenFormatIsSarifOnACodeFirstProject_locatesEachResultAtItsJavaSourceLine(@TempDir Path directory) throws IOException {
        Path classes = compile(directory);

        CommandRun run = run("lint", "--format", "sarif", classes.toString());

        assertThat(run).isEqualTo(new CommandRun(1, golden(run.out(), "codefirst.lint.sarif"), ""));
        assertThat(sarifSchema().validate(JSON.readTree(run.out())).stream().map(Error::toString)).isEmpty();
    }

    @Test
    void lint_whenDesignIsTheExamplesClasses_pointsEachFindingAtTheJavaDeclaration() throws IOException {
        CommandRun run = run("lint", EXAMPLES);

        assertThat(run).isEqualTo(new CommandRun(1, golden(run.out(), "apptable-processor.lint.txt"), ""));
    }

    @Test
    void lint_whenFormatIsSarifOnTheExamplesClasses_locatesTheResultsInTheJavaSources() throws IOException {
        CommandRun run = run("lint", "--format", "sarif", EXAMPLES);

        assertThat(run).isEqualTo(new CommandRun(1, golden(run.out(), "apptable-processor.lint.sarif"), ""));
        assertThat(sarifSchema().validate(JSON.readTree(run.out())).stream().map(Error::toString)).isEmpty();
    }

    /** The project's classes, compiled with the processor, its examples found through the processor option. */
    private static Path compile(Path directory) throws IOException {
        Path classes = directory.resolve("classes");
        Files.createDirectories(classes);
        Files.createDirectories(directory.resolve("generated"));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        List<File> files;
        try (Stream<Path> walk = Files.walk(PROJECT.resolve("src"))) {
            files = walk.filter(file -> file.toString().endsWith(".java")).map(Path::toFile).sorted().toList();
        }
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        try (StandardJavaFileManager manager = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean ok = compiler.getTask(null, manager, diagnostics,
                    List.of("--release", "17", "-classpath", classPath, "-processorpath", classPath, "-d", classes.toString(),
                            "-s", directory.resolve("generated").toString(), "-implicit:class",
                            "-Asingletable.resources=" + PROJECT.resolve("resources")),
                    null, manager.getJavaFileObjectsFromFiles(files)).call();
            List<String> errors = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
                if (diagnostic.getKind() == Diagnostic.Kind.ERROR) {
                    errors.add(diagnostic.getMessage(Locale.ROOT));
                }
            }
            assertThat(errors).isEmpty();
            assertThat(ok).isTrue();
        }
        return classes;
    }
}
