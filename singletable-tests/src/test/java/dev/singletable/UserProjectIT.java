package dev.singletable;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Use it in your project": its {@code <!-- user-project:PATH -->} blocks are written
 * out as a project of their own, which a nested Maven builds offline and tests. The README is the
 * only copy of that project, so the text users copy is what runs here.
 *
 * <p>The nested build's local repository holds only this build's artifacts (jar and pom, as
 * {@code mvn install} lays them out); everything else comes from this build's local repository,
 * read as a {@code file:} repository, with no network.
 */
class UserProjectIT {
    private static final Pattern BLOCK = Pattern.compile("<!-- user-project:(\\S+) -->\\s*```[a-z]*\\n(.*?)```", Pattern.DOTALL);
    private static final List<String> MODULES = List.of("singletable-core", "singletable-annotations", "singletable-processor",
            "singletable-engine-linux-x64", "singletable-local");

    private final Path root = Path.of(failsafeProperty("singletable.root"));
    private final String version = failsafeProperty("singletable.version");
    private final Path localRepository = Path.of(failsafeProperty("singletable.localRepository"));

    private static String failsafeProperty(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException("system property " + name + " is not set: run this test through failsafe "
                    + "(mvn verify), whose configuration in singletable-tests/pom.xml sets it");
        }
        return value;
    }

    @Test
    void readmeUserProject_whenBuiltOfflineAgainstThisBuild_passesItsTest(@TempDir Path project) throws Exception {
        Map<String, String> files = readmeProject();
        assertThat(files).containsOnlyKeys("pom.xml", "src/main/java/com/example/Order.java",
                "src/test/java/com/example/OrderTest.java");
        assertThat(files.get("pom.xml")).as("the README's version of singletable").contains(
                "<singletable.version>" + version + "</singletable.version>");
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path target = project.resolve(file.getKey());
            Files.createDirectories(target.getParent() == null ? project : target.getParent());
            Files.writeString(target, file.getValue());
        }
        Path repository = Files.createDirectories(root.resolve("singletable-tests/target/user-project-repository"));
        installThisBuild(repository);
        Path settings = project.resolve("settings.xml");
        Files.writeString(settings, """
                <settings>
                  <mirrors>
                    <mirror><id>this-build</id><mirrorOf>*</mirrorOf><url>%s</url></mirror>
                  </mirrors>
                </settings>
                """.formatted(localRepository.toUri()));

        List<String> command = new ArrayList<>(List.of(maven(), "-B", "-o", "-s", settings.toString(),
                "-Daether.offline.protocols=file", "-Dmaven.repo.local=" + repository, "test"));
        Process build = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true).start();
        String output = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(build.waitFor(5, TimeUnit.MINUTES)).as("nested build finished").isTrue();

        assertThat(build.exitValue()).as(output).isZero();
        assertThat(output).as(output).containsOnlyOnce(
                "Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed:");
        assertThat(project.resolve("target/generated-sources/annotations/com/example/OrderSchema.java")).isRegularFile();
    }

    private Map<String, String> readmeProject() throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        Matcher blocks = BLOCK.matcher(Files.readString(root.resolve("README.md")));
        while (blocks.find()) {
            files.put(blocks.group(1), blocks.group(2));
        }
        return files;
    }

    /** What {@code mvn install} would put in {@code repository} for the modules the user project needs. */
    private void installThisBuild(Path repository) throws IOException {
        install(repository, "singletable-parent", root.resolve("pom.xml"), null);
        install(repository, "singletable-bom", root.resolve("singletable-bom/pom.xml"), null);
        for (String module : MODULES) {
            Path jar = root.resolve(module).resolve("target").resolve(module + "-" + version + ".jar");
            assertThat(jar).as("packaged by this build before the integration tests").isRegularFile();
            install(repository, module, root.resolve(module).resolve("pom.xml"), jar);
        }
    }

    private void install(Path repository, String artifact, Path pom, Path jar) throws IOException {
        Path directory = Files.createDirectories(repository.resolve("dev/singletable").resolve(artifact).resolve(version));
        Files.copy(pom, directory.resolve(artifact + "-" + version + ".pom"), StandardCopyOption.REPLACE_EXISTING);
        if (jar != null) {
            Files.copy(jar, directory.resolve(artifact + "-" + version + ".jar"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String maven() {
        Path home = Path.of(System.getProperty("maven.home", "/usr/share/maven"));
        return home.resolve("bin").resolve(System.getProperty("os.name", "").startsWith("Windows") ? "mvn.cmd" : "mvn").toString();
    }
}
