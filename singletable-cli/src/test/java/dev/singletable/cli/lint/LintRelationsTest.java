package dev.singletable.cli.lint;

import dev.singletable.cli.CommandRun;
import dev.singletable.design.internal.lint.LintFindings;
import dev.singletable.design.internal.lint.Subject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.singletable.cli.CommandRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relation rules ST015 and ST016 on {@code src/test/resources/lint/relations.singletable.yaml}, whole output
 * against its golden file (rewrite with {@code -Dsingletable.golden.update=true}); the seed design of relations,
 * which propagates its copies and keys each side by its entity, has no finding.
 */
class LintRelationsTest {
    private static final Path LINT = Path.of("src/test/resources/lint");

    @Test
    void lint_whenRelationsCopyWithoutPropagationOrShareAPartition_reportsST015AndST016() throws IOException {
        CommandRun run = run("lint", LINT.resolve("relations.singletable.yaml").toString());

        Path golden = LINT.resolve("relations.lint.txt");
        if (Boolean.getBoolean("singletable.golden.update")) {
            Files.writeString(golden, run.out(), StandardCharsets.UTF_8);
        }
        assertThat(run).isEqualTo(new CommandRun(1, Files.readString(golden, StandardCharsets.UTF_8), ""));
    }

    @Test
    void lint_whenTheRelationPropagatesAndKeysEachSideByItsEntity_findsNothingOfTheRelation() {
        assertThat(LintFindings.of(dev.singletable.schema.SchemaFile.load(Path.of("../designs/memberships.singletable.yaml"))))
                .filteredOn(finding -> finding.subject().kind() == Subject.Kind.RELATION).isEmpty();
    }
}
