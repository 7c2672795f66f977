package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

import javax.tools.JavaFileObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static com.google.testing.compile.CompilationSubject.assertThat;
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
        return GoldenFiles.compileUnderWerror(GoldenFiles.sourcesBelow(INPUT));
    }

    @Test
    void generate_whenRepresentativeEntities_matchesGoldenFilesAndCompilesUnderWerror() throws IOException {
        Compilation compilation = compileShop();

        assertThat(compilation).succeededWithoutWarnings();
        List<JavaFileObject> generated = compilation.generatedSourceFiles();
        assertThat(generated).hasSize(8);
        for (JavaFileObject file : generated) {
            String name = file.getName().substring(file.getName().indexOf("shop/"));
            GoldenFiles.assertMatchesGolden(EXPECTED.resolve(name), file.getCharContent(true).toString());
        }
    }
}
