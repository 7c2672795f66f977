package dev.singletable;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Spring Boot" project: its {@code <!-- spring-project:PATH -->} blocks written out and built offline
 * against this build ({@link ReadmeProject}); Spring Boot and its dependencies come from this build's local repository,
 * where the Spring modules' own builds put them.
 */
class SpringUserProjectIT {
    private final ReadmeProject readme = new ReadmeProject("spring-project");

    @Test
    void readmeSpringProject_whenBuiltOfflineAgainstThisBuild_passesItsTest(@TempDir Path project) throws Exception {
        Map<String, String> files = readme.files();
        assertThat(files).containsOnlyKeys("pom.xml", "src/main/java/com/example/Note.java",
                "src/main/java/com/example/NotesTable.java", "src/main/java/com/example/NotesApplication.java",
                "src/main/resources/application.properties", "src/test/java/com/example/NotesTest.java");
        assertThat(files.get("pom.xml")).as("the README's version of singletable").contains(
                "<singletable.version>" + readme.version() + "</singletable.version>");

        String output = readme.test(project, files, List.of("singletable-core", "singletable-annotations",
                "singletable-processor", "singletable-wire", "singletable-engine-linux-x64", "singletable-local", "singletable-spring-boot-starter",
                "singletable-spring-boot-test"));

        assertThat(output).as(output).containsOnlyOnce("Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed:");
        assertThat(project.resolve("target/generated-sources/annotations/com/example/NotesTableDesign.java")).isRegularFile();
    }
}
