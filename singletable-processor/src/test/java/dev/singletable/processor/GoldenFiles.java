package dev.singletable.processor;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;

import javax.tools.JavaFileObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The golden-file tests' sources and checks: entity sources read from a directory of the test resources, compiled with
 * the processor under {@code -Werror}, and generated text compared with its checked-in expected file. Run with
 * {@code -Dsingletable.golden.update=true} to rewrite the expected files after an intended change, then review the diff.
 */
final class GoldenFiles {
    private GoldenFiles() {
    }

    /** Every {@code .java} file below {@code input}, in path order, each named by its path below {@code input}. */
    static List<JavaFileObject> sourcesBelow(Path input) throws IOException {
        try (Stream<Path> files = Files.walk(input)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().map(file -> source(input, file)).toList();
        }
    }

    /** The sources compiled with the processor, every lint warning (but the processing ones) an error. */
    static Compilation compileUnderWerror(List<JavaFileObject> sources) {
        return javac().withProcessors(new SingleTableProcessor()).withOptions("-Xlint:all,-processing", "-Werror").compile(sources);
    }

    /** Asserts {@code actual} is the text of the golden file {@code expected} (rewritten with it first in update mode). */
    static void assertMatchesGolden(Path expected, String actual) throws IOException {
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.createDirectories(expected.getParent());
            Files.writeString(expected, actual, StandardCharsets.UTF_8);
        }
        assertThat(actual).as(expected.toString()).isEqualTo(Files.readString(expected));
    }

    private static JavaFileObject source(Path input, Path file) {
        try {
            String relative = input.relativize(file).toString().replace(".java", "").replace('/', '.');
            return JavaFileObjects.forSourceString(relative, Files.readString(file));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
