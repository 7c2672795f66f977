package dev.singletable.cli.generate;

import dev.singletable.cli.data.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code generate java} of a design whose filters compare: ordered comparisons and between become {@code @Filter}
 * parameters (a between its two bounds), the filters {@code @Filter} cannot say are left out with a note, and it compiles.
 */
class FilterComparisonsGenerateTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/filters/generate-java");
    private static final String FILTERS = "../singletable-schema/src/test/resources/filters/orders-filters.singletable.yaml";

    @Test
    void generateJava_whenFiltersCompare_writesFilterParametersAndCompiles(@TempDir Path dir) throws IOException {
        Path src = dir.resolve("src");

        CliRun run = CliRun.of("generate", "java", FILTERS, "--package", "com.example.orders", "-o", src.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().replace(src.toString(), "SRC")).isEqualTo(golden("output.txt", run.out().replace(src.toString(), "SRC")));
        String patterns = Files.readString(src.resolve("com/example/orders/OrdersAccess.java"));
        assertThat(patterns).isEqualTo(golden("OrdersAccess.java.txt", patterns));
        assertThat(JavaGenerateCommandTest.compile(src, dir.resolve("classes"))).isEmpty();
    }

    /** The golden file's text (rewritten first with {@code -Dsingletable.golden.update=true}). */
    private static String golden(String name, String actual) throws IOException {
        Path file = GOLDEN.resolve(name);
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual);
        }
        return Files.readString(file);
    }
}
