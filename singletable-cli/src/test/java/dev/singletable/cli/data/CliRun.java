package dev.singletable.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import dev.singletable.cli.Main;
import dev.singletable.cli.output.Style;

/**
 * One run of the {@code singletable} command in this JVM, plain style, on a fixed clock, and its
 * golden file under {@code src/test/resources/golden}. Run the tests with
 * {@code -Dsingletable.golden.update=true} to rewrite the golden files after a deliberate change.
 */
public record CliRun(List<String> args, int exitCode, String out, String err) {
    static final Instant NOW = Instant.parse("2025-05-19T10:00:00Z");
    static final Path GOLDEN = Path.of("src/test/resources/golden");

    static {
        Main.configureLogging(false);
    }

    public static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Style.plain(), Clock.fixed(NOW, ZoneOffset.UTC));
        return new CliRun(List.of(args), code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The same run with {@code text} written as {@code placeholder} in its outputs (such as a temporary directory). */
    CliRun replacing(String text, String placeholder) {
        return new CliRun(args.stream().map(a -> a.replace(text, placeholder)).toList(), exitCode,
                out.replace(text, placeholder), err.replace(text, placeholder));
    }

    /** The whole run as its golden file has it: the command line, the exit code, standard output, standard error. */
    String transcript() {
        return "$ singletable " + String.join(" ", args.stream().map(CliRun::shellWord).toList()) + "\n"
                + "--- exit " + exitCode + "\n"
                + "--- out\n" + out
                + "--- err\n" + err;
    }

    /** An argument as a POSIX shell must be given it, so that a golden's command line can be pasted: quoted where needed. */
    private static String shellWord(String argument) {
        return argument.matches("[A-Za-z0-9_./=:,@%+-]+") ? argument : "'" + argument.replace("'", "'\\''") + "'";
    }

    /** Asserts the whole transcript equals the golden file {@code name} (rewritten first in update mode). */
    public CliRun matchesGolden(String name) {
        Path golden = GOLDEN.resolve(name);
        try {
            if (Boolean.getBoolean("singletable.golden.update")) {
                Files.createDirectories(golden.getParent());
                Files.writeString(golden, transcript(), StandardCharsets.UTF_8);
            }
            assertThat(golden).as("golden file %s (create it with -Dsingletable.golden.update=true)", golden).exists();
            assertThat(transcript()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return this;
    }
}
