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

    /** Each command, with a suffix, a directory or a name mistyped: it offers the schema file of that path. */
    @ParameterizedTest(name = "{0} {2}")
    @CsvSource(delimiter = '|', value = {
            "check            | ''            | ../designs/blog.singletable.yml        | ../designs/blog.singletable.yaml",
            "describe         | ''            | ../designs/blog.singletable.yml        | ../designs/blog.singletable.yaml",
            "lint             | ''            | ../designs/blog.singletable.yml        | ../designs/blog.singletable.yaml",
            "export terraform | ''            | ../designs/blog.singletable.yml        | ../designs/blog.singletable.yaml",
            "run              | posts-by-user | ../designs/blog.singletable.yml        | ../designs/blog.singletable.yaml",
            "get              | User username=alice | ../designs/blog.singletable.yml  | ../designs/blog.singletable.yaml",
            "watch            | --once        | ../designs/blog.singletable.yml        | ../designs/blog.singletable.yaml",
            "patterns         | ''            | ../design/memberships.singletable.yaml | ../designs/memberships.singletable.yaml",
            "verify-relation  | Membership    | ../design/memberships.singletable.yaml | ../designs/memberships.singletable.yaml",
            "check            | ''            | ../designs/blgo.singletable.yaml       | ../designs/blog.singletable.yaml",
            "check            | ''            | ../designs/blog.yaml                   | ../designs/blog.singletable.yaml",
            "check            | ''            | ../designs/shapes.singletable          | ../designs/shapes.singletable.yaml",
    })
    void design_whenItsPathIsMistyped_isAUsageErrorOfferingTheSchemaFileItWasMeantToBe(String command, String more, String typed,
            String meant) {
        CommandRun run = run(arguments(command, typed, more));

        assertThat(run).isEqualTo(new CommandRun(2, "", typed + ": no such file or directory; did you mean " + meant + "?; DESIGN is a "
                + "schema file, or a directory or jar holding schema files\n"
                + "Run 'singletable " + command + " --help' for its options.\n"));
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
