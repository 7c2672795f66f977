package dev.singletable.distribution;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The installed command, tried as a user installs it: the archive unpacked into an empty directory, {@code bin/singletable}
 * run from there with a PATH that holds {@code java} and {@code readlink} and nothing else (no Maven, no build), a fresh home and cache; each
 * output compared with the in-repository command's ({@code singletable-cli/target/singletable-cli.jar}, what
 * {@code ./singletable} runs) for the same arguments.
 */
class DistributionIT {
    private static final Path ROOT = Path.of(System.getProperty("singletable.root", "..")).toAbsolutePath().normalize();
    private static final String VERSION = System.getProperty("singletable.version");
    private static final Path ARCHIVES = Path.of(System.getProperty("singletable.archives", "target"));
    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    /** Outside the system's temporary directory on purpose: the outputs stay for a reader when a comparison fails. */
    private static final Path work = Path.of("target/distribution-it").toAbsolutePath();
    private static Path installed;

    private record Run(int exitCode, String out, String err) {
    }

    @BeforeAll
    static void unpack() throws IOException, InterruptedException {
        if (Files.exists(work)) {
            try (Stream<Path> old = Files.walk(work)) {
                old.sorted(java.util.Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
        Path into = Files.createDirectories(work.resolve("opt"));
        Process tar = new ProcessBuilder("tar", "-xzf", archive("tar.gz").toString(), "-C", into.toString())
                .redirectErrorStream(true).start();
        String said = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(tar.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(tar.exitValue()).as(said).isZero();
        installed = into.resolve("singletable-" + VERSION);
    }

    private static Path archive(String extension) {
        return ARCHIVES.resolve("singletable-" + VERSION + "." + extension);
    }

    /** Runs {@code command} in the repository's root with only {@code java} on the PATH and a home of its own. */
    private static Run run(String name, List<String> command) throws IOException, InterruptedException {
        Path home = Files.createDirectories(work.resolve("home-" + name));
        Path path = Files.createDirectories(work.resolve("path-" + name));
        if (!Files.exists(path.resolve("java"))) {
            Files.createSymbolicLink(path.resolve("java"), JAVA);
            Files.createSymbolicLink(path.resolve("readlink"), Path.of("/usr/bin/readlink"));
        }
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile());
        Map<String, String> environment = builder.environment();
        environment.clear();
        environment.put("PATH", path.toString());
        environment.put("HOME", home.toString());
        environment.put("XDG_CACHE_HOME", home.resolve(".cache").toString());
        Path out = work.resolve(name + ".out");
        Path err = work.resolve(name + ".err");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static Run installedCommand(String name, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("/bin/bash", installed.resolve("bin/singletable").toString()));
        command.addAll(List.of(args));
        return run("installed-" + name, command);
    }

    private static Run repositoryCommand(String name, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(JAVA.toString(), "-cp",
                ROOT.resolve("singletable-cli/target/singletable-cli.jar").toString(), "dev.singletable.cli.Main"));
        command.addAll(List.of(args));
        return run("repository-" + name, command);
    }

    /** What differs between two runs of one command whatever is installed: ports, durations, the clock. */
    private static String steady(String output) {
        return output.replaceAll("127\\.0\\.0\\.1:\\d+", "127.0.0.1:PORT")
                .replaceAll("\\d+(\\.\\d+)? (ms|s)\\b", "N")
                .replaceAll("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z", "TIME");
    }

    private static List<String> entries(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).map(file -> directory.relativize(file).toString()).sorted().toList();
        }
    }

    @Test
    void archive_whenUnpacked_holdsLaunchersLicencesCompletionAndTheJars() throws IOException {
        List<String> entries = entries(installed);

        assertThat(entries.stream().filter(entry -> !entry.startsWith("lib/")).toList()).containsExactly(
                "LICENSE", "bin/singletable", "bin/singletable.bat", "completion/singletable",
                "licenses/dynoxide/LICENSE-APACHE", "licenses/dynoxide/LICENSE-MIT", "licenses/dynoxide/NOTICE",
                "licenses/dynoxide/dynoxide.properties");
        assertThat(entries).contains("lib/singletable-cli-" + VERSION + ".jar", "lib/singletable-core-" + VERSION + ".jar",
                "lib/singletable-wire-" + VERSION + ".jar",
                "lib/singletable-engine-linux-x64-" + VERSION + ".jar", "lib/picocli-4.7.6.jar");
        assertThat(entries).noneMatch(entry -> entry.endsWith("pom.xml") || entry.endsWith(".java") || entry.contains("maven"));
        assertThat(Files.getPosixFilePermissions(installed.resolve("bin/singletable"))).contains(PosixFilePermission.OWNER_EXECUTE);
        assertThat(Files.readString(installed.resolve("completion/singletable"))).contains("_complete_singletable");
    }

    @Test
    void zipArchive_whenListed_holdsWhatTheTarArchiveHolds() throws IOException {
        TreeSet<String> zipped;
        try (ZipFile zip = new ZipFile(archive("zip").toFile())) {
            zipped = zip.stream().filter(entry -> !entry.isDirectory()).map(entry -> entry.getName())
                    .collect(Collectors.toCollection(TreeSet::new));
        }

        assertThat(zipped).containsExactlyElementsOf(
                entries(installed).stream().map(entry -> "singletable-" + VERSION + "/" + entry).collect(Collectors.toCollection(TreeSet::new)));
        assertThat(Files.readString(installed.resolve("bin/singletable.bat"))).contains("\r\n");
    }

    @Test
    void version_whenRunFromTheArchive_printsTheReleaseVersion() throws Exception {
        assertThat(installedCommand("version", "--version")).isEqualTo(new Run(0, "singletable " + VERSION + "\n", ""));
    }

    @Test
    void launcher_whenReachedThroughASymbolicLink_findsItsJars() throws Exception {
        Path link = Files.createSymbolicLink(Files.createDirectories(work.resolve("usr-local-bin")).resolve("singletable"),
                installed.resolve("bin/singletable"));

        assertThat(run("link", List.of("/bin/bash", link.toString(), "--version")))
                .isEqualTo(new Run(0, "singletable " + VERSION + "\n", ""));
    }

    @Test
    void launcher_whenNoJavaIsFound_saysWhatToInstall() throws Exception {
        ProcessBuilder builder = new ProcessBuilder("/bin/bash", installed.resolve("bin/singletable").toString(), "--version");
        builder.environment().clear();
        builder.environment().put("PATH", Files.createDirectories(work.resolve("empty-path")).toString());
        Process process = builder.redirectErrorStream(true).start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();

        assertThat(process.exitValue()).isEqualTo(1);
        assertThat(said).isEqualTo("singletable: Java 17 or newer is needed: set JAVA_HOME, or put java on the PATH.\n");
    }

    @Test
    void check_whenRunFromTheArchive_printsWhatTheRepositorysCommandPrints() throws Exception {
        String[] args = {"check", "designs"};
        Run installedRun = installedCommand("check", args);

        assertThat(installedRun.exitCode()).isZero();
        assertThat(installedRun).isEqualTo(repositoryCommand("check", args));
    }

    @Test
    void patterns_whenRunFromTheArchive_printsWhatTheRepositorysCommandPrints() throws Exception {
        String[] args = {"patterns", "designs/blog.singletable.yaml"};
        Run installedRun = installedCommand("patterns", args);
        Run repositoryRun = repositoryCommand("patterns", args);

        assertThat(installedRun.exitCode()).as(installedRun.err()).isZero();
        assertThat(installedRun.out()).contains("posts-by-user");
        assertThat(steady(installedRun.out())).isEqualTo(steady(repositoryRun.out()));
        assertThat(installedRun.err()).isEqualTo(repositoryRun.err());
    }

    @Test
    void demo_whenRunFromTheArchive_printsWhatTheRepositorysCommandPrints() throws Exception {
        Run installedRun = installedCommand("demo", "demo");
        Run repositoryRun = repositoryCommand("demo", "demo");

        assertThat(installedRun.exitCode()).as(installedRun.err()).isZero();
        assertThat(installedRun.out()).contains("Done: 37 access patterns");
        assertThat(steady(installedRun.out())).isEqualTo(steady(repositoryRun.out()));
    }
}
