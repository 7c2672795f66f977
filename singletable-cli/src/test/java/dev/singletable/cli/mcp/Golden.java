package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Golden files under {@code src/test/resources/golden}; {@code -Dsingletable.golden.update=true} rewrites them first. */
final class Golden {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    private Golden() {
    }

    /** The golden file's text, rewritten first with {@code actual} in update mode. */
    static String of(String name, String actual) throws IOException {
        Path file = GOLDEN.resolve(name);
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertThat(file).as("golden file %s (create it with -Dsingletable.golden.update=true)", file).exists();
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
