package dev.singletable.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A DESIGN path with a typo: every command says it is missing and offers the existing path it was meant to be; whole outputs. */
class DesignPathMistakesTest {
    private static CommandRun run(List<String> args) {
        return CommandRun.run(args).withUnixLineBreaks();
    }

    /** The command, its DESIGN, then its other arguments. */
    private static List<String> arguments(String command, String design, String more) {
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.add(design);
        if (!more.isEmpty()) {
            args.addAll(List.of(more.split(" ")));
        }
        return args;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "check            | ''",
            "describe         | ''",
            "lint             | ''",
            "export terraform | ''",
            "run              | posts-by-user",
            "get              | User username=alice",
            "watch            | --once",
    })
    void design_whenItsSuffixIsMistyped_isAUsageErrorOfferingTheSchemaFile(String command, String more) {
        CommandRun run = run(arguments(command, "../designs/blog.singletable.yml", more));

        assertThat(run).isEqualTo(new CommandRun(2, "", "../designs/blog.singletable.yml: no such file or directory; did you mean "
                + "../designs/blog.singletable.yaml?; DESIGN is a schema file, or a directory or jar holding schema files\n"
                + "Run 'singletable " + command + " --help' for its options.\n"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "patterns        | ''",
            "verify-relation | Membership",
    })
    void design_whenItsDirectoryIsMistyped_isAUsageErrorOfferingThePathThroughTheExistingOne(String command, String more) {
        CommandRun run = run(arguments(command, "../design/memberships.singletable.yaml", more));

        assertThat(run).isEqualTo(new CommandRun(2, "", "../design/memberships.singletable.yaml: no such file or directory; did you mean "
                + "../designs/memberships.singletable.yaml?; DESIGN is a schema file, or a directory or jar holding schema files\n"
                + "Run 'singletable " + command + " --help' for its options.\n"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "../designs/blgo.singletable.yaml | ../designs/blog.singletable.yaml",
            "../designs/blog.yaml             | ../designs/blog.singletable.yaml",
            "../designs/shapes.singletable    | ../designs/shapes.singletable.yaml",
    })
    void check_whenTheDesignsNameIsMistyped_offersTheSchemaFileOfThatName(String typed, String meant) {
        CommandRun run = run(List.of("check", typed));

        assertThat(run).isEqualTo(new CommandRun(2, "", typed + ": no such file or directory; did you mean " + meant + "?; DESIGN is a "
                + "schema file, or a directory or jar holding schema files\nRun 'singletable check --help' for its options.\n"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "check | ''",
            "run   | posts-by-user",
    })
    void design_whenNothingThereIsCloseToIt_isAUsageErrorSayingWhatDesignIs(String command, String more) {
        CommandRun run = run(arguments(command, "../designs/warehouse.singletable.yaml", more));

        assertThat(run).isEqualTo(new CommandRun(2, "", "../designs/warehouse.singletable.yaml: no such file or directory; "
                + "DESIGN is a schema file, or a directory or jar holding schema files\n"
                + "Run 'singletable " + command + " --help' for its options.\n"));
    }
}
