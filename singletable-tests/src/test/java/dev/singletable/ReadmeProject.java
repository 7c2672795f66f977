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

/**
 * A project the README shows as {@code <!-- MARKER:PATH -->} blocks, written out and built by a nested Maven, offline,
 * against this build's artifacts: the README is the only copy of the project, so the text users copy is what runs.
 *
 * <p>The nested build's local repository holds only this build's artifacts (jar and pom, as {@code mvn install} lays
 * them out); everything else comes from this build's local repository, read as a {@code file:} repository, with no
 * network.
 */
final class ReadmeProject {
    private final Path root = Path.of(failsafeProperty("singletable.root"));
    private final String version = failsafeProperty("singletable.version");
    private final Path localRepository = Path.of(failsafeProperty("singletable.localRepository"));
    private final String marker;

    /** @param marker the blocks' marker, such as {@code user-project} */
    ReadmeProject(String marker) {
        this.marker = marker;
    }

    private static String failsafeProperty(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException("system property " + name + " is not set: run this test through failsafe "
                    + "(mvn verify), whose configuration in singletable-tests/pom.xml sets it");
        }
        return value;
    }

    String version() {
        return version;
    }

    /** The README's blocks of this project: path to text. */
    Map<String, String> files() throws IOException {
        Pattern block = Pattern.compile("<!-- " + Pattern.quote(marker) + ":(\\S+) -->\\s*```[a-z]*\\n(.*?)```", Pattern.DOTALL);
        Map<String, String> files = new LinkedHashMap<>();
        Matcher blocks = block.matcher(Files.readString(root.resolve("README.md")));
        while (blocks.find()) {
            files.put(blocks.group(1), blocks.group(2));
        }
        return files;
    }

    /**
     * Writes {@code files} into {@code project}, lays out {@code modules} of this build in a repository of their own and
     * runs {@code mvn -o test} there.
     *
     * @return the nested build's output, after checking that it succeeded
     */
    String test(Path project, Map<String, String> files, List<String> modules) throws IOException, InterruptedException {
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path target = project.resolve(file.getKey());
            Files.createDirectories(target.getParent() == null ? project : target.getParent());
            Files.writeString(target, file.getValue());
        }
        Path repository = Files.createDirectories(root.resolve("singletable-tests/target/" + marker + "-repository"));
        installThisBuild(repository, modules);
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
        return output;
    }

    /** What {@code mvn install} would put in {@code repository} for {@code modules}. */
    private void installThisBuild(Path repository, List<String> modules) throws IOException {
        install(repository, "singletable-parent", root.resolve("pom.xml"), null);
        install(repository, "singletable-bom", root.resolve("singletable-bom/pom.xml"), null);
        for (String module : modules) {
            Path jar = root.resolve(module).resolve("target").resolve(module + "-" + version + ".jar");
            assertThat(jar).as("packaged by this build before the integration tests (run mvn verify from the root: the "
                    + "modules come before singletable-tests in the reactor; with -pl, list " + module + " too)").isRegularFile();
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
