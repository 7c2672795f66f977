package dev.singletable.cli.lint;

import dev.singletable.design.internal.lint.LintFindings;
import dev.singletable.design.internal.lint.Subject;
import dev.singletable.cli.Main;
import dev.singletable.cli.output.Style;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relation rules ST015 and ST016 on {@code src/test/resources/lint/relations.singletable.yaml}, whole output
 * against its golden file (rewrite with {@code -Dsingletable.golden.update=true}); the seed design of relations,
 * which propagates its copies and keys each side by its entity, has no finding.
 */
class LintRelationsTest {
    private static final Path LINT = Path.of("src/test/resources/lint");

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Style.plain());
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void lint_whenRelationsCopyWithoutPropagationOrShareAPartition_reportsST015AndST016() throws IOException {
        Run run = run("lint", LINT.resolve("relations.singletable.yaml").toString());

        Path golden = LINT.resolve("relations.lint.txt");
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, run.out(), StandardCharsets.UTF_8);
        }
        assertThat(run).isEqualTo(new Run(1, Files.readString(golden, StandardCharsets.UTF_8), ""));
    }

    @Test
    void lint_whenTheRelationPropagatesAndKeysEachSideByItsEntity_findsNothingOfTheRelation() {
        assertThat(LintFindings.of(dev.singletable.schema.SchemaFile.load(Path.of("../designs/memberships.singletable.yaml"))))
                .filteredOn(finding -> finding.subject().kind() == Subject.Kind.RELATION).isEmpty();
    }
}
