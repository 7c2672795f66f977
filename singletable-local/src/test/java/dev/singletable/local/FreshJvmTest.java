package dev.singletable.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What only a fresh JVM shows: start-up output, files left in the working directory, threads
 * that outlive {@link LocalDynamoDb#close()}. The child JVMs log through slf4j-simple (Jetty,
 * to stderr) and log4j 2 with its root logger at INFO (DynamoDB Local, to stdout), so that any
 * line that is not silenced shows up.
 */
class FreshJvmTest {

    @Test
    void start_whenQuiet_printsNothingWritesNothingAndLetsJvmExit(@TempDir Path workingDirectory) throws Exception {
        Path verboseDirectory = Files.createDirectory(workingDirectory.resolve("verbose"));
        Path quietDirectory = Files.createDirectory(workingDirectory.resolve("quiet"));
        Child verbose = Child.start(verboseDirectory, "verbose");   // both at once: half the wall time
        Child quiet = Child.start(quietDirectory, "quiet");

        Result verboseResult = verbose.await();
        Result quietResult = quiet.await();

        // the setup would show the lines if they were not silenced...
        assertThat(verboseResult.exitCode()).as(verboseResult.toString()).isZero();
        assertThat(verboseResult.stderr()).contains("INFO org.eclipse.jetty.server.Server - Started");
        assertThat(verboseResult.stdout()).contains("target: ListTables");
        // ...and quiet they are not there
        assertThat(quietResult).isEqualTo(new Result(0, "", ""));
        // with telemetry on, DynamoDB Local writes dynamodb-local-metadata.json into the working directory
        assertThat(filesIn(quietDirectory)).isEmpty();
        assertThat(filesIn(verboseDirectory)).isEmpty();
    }

    private static List<Path> filesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }

    private record Result(int exitCode, String stdout, String stderr) {
    }

    private record Child(Process process, Path stdout, Path stderr) {

        static Child start(Path directory, String mode) throws IOException, URISyntaxException {
            Path log4jConfig = Path.of(Objects.requireNonNull(FreshJvmTest.class.getResource("/log4j2-root-info.xml")).toURI());
            String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            Path stdout = directory.getParent().resolve(mode + ".out");
            Path stderr = directory.getParent().resolve(mode + ".err");
            ProcessBuilder builder = new ProcessBuilder(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", classpath,
                    "-Dlog4j.configurationFile=" + log4jConfig,
                    "-XX:TieredStopAtLevel=1", // faster start-up; nothing here runs long
                    EngineRoundTrip.class.getName(), mode)
                    .directory(directory.toFile())
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile());
            builder.environment().remove("DDB_LOCAL_TELEMETRY"); // the library must not rely on it
            return new Child(builder.start(), stdout, stderr);
        }

        Result await() throws IOException, InterruptedException {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the JVM did not exit 60 s after closing both engines: a non-daemon thread "
                        + "outlived close(); stderr: " + read(stderr));
            }
            return new Result(process.exitValue(), read(stdout), read(stderr));
        }

        private static String read(Path file) throws IOException {
            return Files.readString(file, StandardCharsets.UTF_8);
        }
    }
}
