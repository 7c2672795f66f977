package dev.singletable.cli.design;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static dev.singletable.cli.design.DesignCommandsTest.golden;
import static dev.singletable.cli.design.DesignCommandsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The design tools on a code-first project's classes: singletable-examples declares its patterns on the {@code Shop} and
 * {@code Blog} interfaces with {@code @Example} values, and the processor writes them into
 * {@code META-INF/singletable/AppTable.singletable.json}, so that {@code patterns} lists them with their requests as it
 * lists a schema file's.
 */
class CodeFirstPatternsTest {
    private static final String CLASSES = "../singletable-examples/target/classes";

    @Test
    void patterns_whenDesignIsTheProcessorsOutput_listsThePatternsDeclaredOnTheInterfaces() throws IOException {
        DesignCommandsTest.Run run = run("patterns", CLASSES);

        assertThat(run).isEqualTo(new DesignCommandsTest.Run(0, golden("patterns/apptable-processor.txt", run.out()), ""));
    }
}
