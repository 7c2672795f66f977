package dev.singletable.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code -o} naming a file in a directory that does not exist: the command says which directory and
 * what to do (it said "unexpected UncheckedIOException: Cannot write x: x"), and offers no --verbose
 * these commands do not have; whole outputs.
 */
class OutputFileMistakesTest {
    private static CommandRun run(List<String> args) {
        return CommandRun.run(args).withUnixLineBreaks();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "view                   | ../designs/blog.singletable.yaml                                               | view",
            "export terraform       | ../designs/blog.singletable.yaml                                               | export terraform",
            "export cloudformation  | ../designs/blog.singletable.yaml                                               | export cloudformation",
            "export nosql-workbench | ../designs/blog.singletable.yaml                                               | export nosql-workbench",
            "import nosql-workbench | ../singletable-schema/src/test/resources/imports/social-3.0.json           | import",
    })
    void output_whenItsDirectoryIsMissing_namesTheDirectoryAndTheFix(String command, String input, String name, @TempDir Path dir) {
        Path missing = dir.resolve("missing");
        Path output = missing.resolve("out.txt");
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.addAll(List.of(input, "-o", output.toString()));

        CommandRun run = run(args);

        // the paragraph is wrapped at 100 columns, where the temporary directory's length moves the breaks
        assertThat(run.withErrOnOneLine().mapErr(err -> err.replace(dir.toString(), "<dir>")))
                .isEqualTo(new CommandRun(1, "", "singletable " + name + " failed. Cannot write "
                        + (command.startsWith("import") ? "schema file " : "") + "<dir>/missing/out.txt: the directory "
                        + "<dir>/missing does not exist; create it, or name a file in a directory that exists."));
    }
}
