package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

import javax.tools.JavaFileObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

/**
 * Compiles the access-pattern interfaces of the engine tests ({@code it/patterns}) with the processor under
 * {@code -Werror} and compares the generated implementations with their checked-in expected files. Run with
 * {@code -Dsingletable.golden.update=true} to rewrite them after an intended change, then review the diff.
 */
class PatternSourcesTest {
    private static final Path INPUT = Path.of("src/test/java/dev/singletable/processor/it/patterns");
    private static final Path EXPECTED = Path.of("src/test/resources/golden-patterns");

    @Test
    void generate_whenAccessPatternInterfaces_matchesGoldenFilesAndCompilesUnderWerror() throws IOException {
        List<JavaFileObject> sources;
        try (Stream<Path> files = Files.list(INPUT)) {
            sources = files.filter(f -> f.toString().endsWith(".java") && !f.toString().endsWith("Test.java")).sorted()
                    .map(PatternSourcesTest::source).toList();
        }

        Compilation compilation = GoldenFiles.compileUnderWerror(sources);

        assertThat(compilation).succeededWithoutWarnings();
        for (String name : List.of("ShopPatterns.java", "AsyncShopPatterns.java")) {
            String actual = compilation.generatedSourceFile("dev.singletable.processor.it.patterns." + name.replace(".java", ""))
                    .orElseThrow().getCharContent(true).toString();
            GoldenFiles.assertMatchesGolden(EXPECTED.resolve(name), actual);
        }
    }

    @Test
    void generate_whenPatternsHaveExamples_writesThemIntoTheDesignFile() throws IOException {
        List<JavaFileObject> sources;
        try (Stream<Path> files = Files.list(INPUT)) {
            sources = files.filter(f -> f.toString().endsWith(".java") && !f.toString().endsWith("Test.java")).sorted()
                    .map(PatternSourcesTest::source).toList();
        }

        Compilation compilation = javac().withProcessors(new SingleTableProcessor()).compile(sources);

        String actual = compilation.generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT, "META-INF/singletable/PatternShop.singletable.json")
                .orElseThrow().getCharContent(true).toString();
        String patterns = actual.substring(actual.indexOf("  \"accessPatterns\""));
        // the kebab-case names, the example values typed by their slots, the Javadoc's first sentence, withNote's
        // filters; profileOnly's raw range is no schema-file pattern yet, so it is left out
        GoldenFiles.assertMatchesGolden(EXPECTED.resolve("PatternShop.accessPatterns.json"), patterns);
    }

    private static JavaFileObject source(Path file) {
        try {
            String name = "dev.singletable.processor.it.patterns." + file.getFileName().toString().replace(".java", "");
            return JavaFileObjects.forSourceString(name, Files.readString(file));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
