package dev.singletable;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Use it in your project": its {@code <!-- user-project:PATH -->} blocks are written out as a project of
 * their own, which a nested Maven builds offline and tests ({@link ReadmeProject}).
 */
class UserProjectIT {
    private final ReadmeProject readme = new ReadmeProject("user-project");

    @Test
    void readmeUserProject_whenBuiltOfflineAgainstThisBuild_passesItsTest(@TempDir Path project) throws Exception {
        Map<String, String> files = readme.files();
        assertThat(files).containsOnlyKeys("pom.xml", "src/main/java/com/example/Order.java",
                "src/test/java/com/example/OrderTest.java");
        assertThat(files.get("pom.xml")).as("the README's version of singletable").contains(
                "<singletable.version>" + readme.version() + "</singletable.version>");

        String output = readme.test(project, files, List.of("singletable-core", "singletable-annotations",
                "singletable-processor", "singletable-wire", "singletable-engine-linux-x64", "singletable-local"));

        assertThat(output).as(output).containsOnlyOnce("Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed:");
        assertThat(project.resolve("target/generated-sources/annotations/com/example/OrderSchema.java")).isRegularFile();
    }
}
