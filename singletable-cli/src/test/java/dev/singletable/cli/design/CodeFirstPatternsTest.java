package dev.singletable.cli.design;

import dev.singletable.cli.CommandRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.singletable.cli.design.DesignCommandsTest.golden;
import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The design tools on a code-first project's classes: singletable-examples declares its patterns on the {@code Shop} and
 * {@code Blog} interfaces with {@code @Example} values, and the processor writes them into
 * {@code META-INF/singletable/AppTable.singletable.json}, so that {@code patterns} lists them with their requests as it
 * lists a schema file's, with the items of {@code @TableDesign(examples = "singletable/app-table-examples.jsonl")} (the
 * catalogue's sample data) as a schema file's examples.
 */
class CodeFirstPatternsTest {
    private static final String CLASSES = "../singletable-examples/target/classes";

    @Test
    void patterns_whenDesignIsTheProcessorsOutput_listsThePatternsDeclaredOnTheInterfaces() throws IOException {
        CommandRun run = run("patterns", CLASSES);

        assertThat(run).isEqualTo(new CommandRun(0, golden("patterns/apptable-processor.txt", run.out()), ""));
    }

    @Test
    void view_whenDesignIsTheProcessorsOutput_showsTheExampleItems(@TempDir Path directory) throws IOException {
        Path page = directory.resolve("apptable.html");

        CommandRun run = run("view", CLASSES, "-o", page.toString());

        assertThat(run).isEqualTo(new CommandRun(0, "wrote " + page + ": table AppTable, 185 items, 2 indexes, 29 access patterns\n", ""));
        assertThat(Files.readString(page)).isEqualTo(golden("view/apptable-processor.html", Files.readString(page)));
    }

    @Test
    void run_whenDesignIsTheProcessorsOutput_runsAPatternOnTheExampleItems() throws IOException {
        CommandRun run = run("run", CLASSES, "orders-of-customer");

        assertThat(run).isEqualTo(new CommandRun(0, golden("run/apptable-processor.orders-of-customer.txt", run.out()), ""));
    }
}
