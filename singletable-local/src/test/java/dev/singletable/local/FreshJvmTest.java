package dev.singletable.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What only a fresh JVM shows: start-up output, files left in the working directory, processes that outlive the JVM.
 * The child JVMs log through slf4j-simple, so that any line the library writes shows up.
 */
class FreshJvmTest {

    @Test
    void start_whenClosed_printsNothingWritesNothingAndLetsJvmExit(@TempDir Path workingDirectory) throws Exception {
        ProcessBuilder builder = child(workingDirectory, "roundtrip")
                .redirectOutput(workingDirectory.resolve("../roundtrip.out").normalize().toFile())
                .redirectError(workingDirectory.resolve("../roundtrip.err").normalize().toFile());
        Process process = builder.start();

        boolean exited = process.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly();
        }

        String stdout = Files.readString(workingDirectory.resolve("../roundtrip.out").normalize());
        String stderr = Files.readString(workingDirectory.resolve("../roundtrip.err").normalize());
        assertThat(exited).as("the JVM exits after closing both engines; stderr: %s", stderr).isTrue();
        assertThat(List.of(process.exitValue(), stdout, stderr)).isEqualTo(List.of(0, "", ""));
        assertThat(filesIn(workingDirectory)).isEmpty();
    }

    @Test
    void killedJvm_whenKilledWithSigkill_leavesNoEngineRunning(@TempDir Path workingDirectory) throws Exception {
        Process process = child(workingDirectory, "hold").redirectErrorStream(true).start();
        List<Long> engines = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null && !line.equals("ready"); line = lines.readLine()) {
                engines.add(Long.parseLong(line.strip()));
            }
            assertThat(engines).as("the engine processes the child started").hasSize(1);
            assertThat(ProcessHandle.of(engines.get(0)).map(ProcessHandle::isAlive)).contains(true);

            process.destroyForcibly(); // SIGKILL: no shutdown hook, no close()
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Optional<ProcessHandle> engine = ProcessHandle.of(engines.get(0));
        while (engine.map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            engine = ProcessHandle.of(engines.get(0));
        }
        assertThat(engine.map(ProcessHandle::isAlive)).as("engine %s 10 s after its JVM was killed", engines.get(0))
                .isNotEqualTo(Optional.of(true));
    }

    private static ProcessBuilder child(Path directory, String mode) {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classpath,
                "-XX:TieredStopAtLevel=1", // faster start-up; nothing here runs long
                EngineRoundTrip.class.getName(), mode)
                .directory(directory.toFile());
    }

    private static List<Path> filesIn(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.toList();
        }
    }
}
