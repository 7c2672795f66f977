package dev.singletable.cli;

import dev.singletable.cli.output.Style;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class CompletionCommandTest {
    @TempDir
    Path directory;

    private static String script() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"completion"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Style.plain());
        assertThat(code).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        return out.toString(StandardCharsets.UTF_8);
    }

    /** What bash offers after {@code words}, the last one being the word being completed. */
    private String completions(String script, String... words) throws IOException, InterruptedException {
        Path file = Files.writeString(directory.resolve("singletable_completion"), script);
        String line = String.join(" ", words);
        // compopt works only while bash itself runs a completion: here it has nothing to change
        String program = "source '" + file + "'\ncompopt() { :; }\n"
                + "COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}\n"
                + "COMP_WORDS=(" + String.join(" ", quoted(words)) + "); COMP_CWORD=" + (words.length - 1) + "\n"
                + "_complete_singletable singletable\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\" | sort\n";
        Process bash = new ProcessBuilder("bash", "-c", program).redirectErrorStream(true).start();
        String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return output;
    }

    private static List<String> quoted(String... words) {
        return java.util.Arrays.stream(words).map(word -> "'" + word + "'").toList();
    }

    @Test
    void completion_whenSourcedInBash_offersEveryCommand() throws Exception {
        assertThat(completions(script(), "singletable", "")).isEqualTo(String.join("\n",
                "check", "completion", "cost", "delete", "demo", "describe", "export", "generate", "get", "import", "keys", "lint", "load",
                "mcp", "migrate", "migrations", "patterns", "put", "relate", "run", "transact", "unrelate", "update", "verify-relation", "view", "watch") + "\n");
    }

    @Test
    void completion_whenSourcedInBash_offersTheImportFormats() throws Exception {
        assertThat(completions(script(), "singletable", "import", "d")).isEqualTo("describe-table\ndynamodb-toolbox\ndynatable\n");
    }

    @Test
    void completion_whenSourcedInBash_offersACommandsOptions() throws Exception {
        assertThat(completions(script(), "singletable", "lint", "--f")).isEqualTo("--fail-on\n--format\n");
    }
}
