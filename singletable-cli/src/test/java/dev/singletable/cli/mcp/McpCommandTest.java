package dev.singletable.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.cli.data.CliRun;
import org.junit.jupiter.api.Test;

/** {@code singletable mcp} options, in this JVM: its help, and usage errors before anything starts. */
class McpCommandTest {
    private static final String BLOG = "../designs/blog.singletable.yaml";

    @Test
    void help_whenAsked_printsTheGoldenUsageAndExitsZero() {
        CliRun run = CliRun.of("mcp", "--help").matchesGolden("mcp/help.txt");

        assertThat(run.exitCode()).isZero();
    }

    @Test
    void mcp_whenMaxItemsIsZero_isUsageErrorBeforeAnythingStarts() {
        CliRun run = CliRun.of("mcp", BLOG, "--max-items", "0");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("--max-items 0: give a number of items, 1 or more\nRun 'singletable mcp --help' for its options.\n");
    }

    @Test
    void mcp_whenDesignIsMissing_isUsageErrorNamingIt() {
        CliRun run = CliRun.of("mcp", "no-such.singletable.yaml");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains("no-such.singletable.yaml");
    }
}
