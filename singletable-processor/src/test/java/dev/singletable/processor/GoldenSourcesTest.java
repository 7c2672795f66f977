package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

import javax.tools.JavaFileObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compiles representative entities with the processor and compares every generated source with
 * its checked-in expected file. Run with {@code -Dsingletable.golden.update=true} to rewrite the expected files
 * after an intended change, then review the diff.
 */
class GoldenSourcesTest {
    private static final Path INPUT = Path.of("src/test/resources/golden/input");
    private static final Path EXPECTED = Path.of("src/test/resources/golden/expected");

    static Compilation compileShop() throws IOException {
        List<JavaFileObject> sources;
        try (Stream<Path> files = Files.walk(INPUT)) {
            sources = files.filter(f -> f.toString().endsWith(".java")).sorted().map(GoldenSourcesTest::source).toList();
        }
        return javac().withProcessors(new SingleTableProcessor())
                .withOptions("-Xlint:all,-processing", "-Werror")
                .compile(sources);
    }

    private static JavaFileObject source(Path file) {
        try {
            String relative = INPUT.relativize(file).toString().replace(".java", "").replace('/', '.');
            return JavaFileObjects.forSourceString(relative, Files.readString(file));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void generate_whenRepresentativeEntities_matchesGoldenFilesAndCompilesUnderWerror() throws IOException {
        Compilation compilation = compileShop();

        assertThat(compilation).succeededWithoutWarnings();
        List<JavaFileObject> generated = compilation.generatedSourceFiles();
        assertThat(generated).hasSize(8);
        for (JavaFileObject file : generated) {
            String name = file.getName().substring(file.getName().indexOf("shop/"));
            String actual = file.getCharContent(true).toString();
            Path expected = EXPECTED.resolve(name);
            if (Boolean.getBoolean("singletable.golden.update")) {
                Files.createDirectories(expected.getParent());
                Files.writeString(expected, actual, StandardCharsets.UTF_8);
            }
            assertThat(actual).as(name).isEqualTo(Files.readString(expected));
        }
    }
}
