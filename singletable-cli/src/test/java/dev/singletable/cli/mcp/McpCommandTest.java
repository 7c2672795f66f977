package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.cli.Main;
import dev.singletable.cli.Style;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** {@code singletable mcp} options, in this JVM: its help, and usage errors before anything starts. */
class McpCommandTest {
    private static final String BLOG = "../designs/blog.singletable.yaml";

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Style.plain());
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void help_whenAsked_printsTheGoldenUsageAndExitsZero() throws IOException {
        Run run = run("mcp", "--help");

        assertThat(run).isEqualTo(new Run(0, Golden.of("help/mcp.txt", run.out()), ""));
    }

    @Test
    void mcp_whenMaxItemsIsZero_isUsageErrorBeforeAnythingStarts() {
        Run run = run("mcp", BLOG, "--max-items", "0");

        assertThat(run).isEqualTo(new Run(2, "", "--max-items 0: give a number of items, 1 or more\n"
                + "Run 'singletable mcp --help' for its options.\n"));
    }

    @Test
    void mcp_whenDesignIsMissing_isUsageErrorNamingIt() {
        Run run = run("mcp", "no-such.singletable.yaml");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains("no-such.singletable.yaml");
    }
}
