package dev.singletable.cli.design;

import dev.singletable.cli.CommandRun;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Index names that differ only in case ({@code gsi1}, {@code GSI1}): DynamoDB keeps them apart and {@code check} accepts
 * them, but the embedded engine cannot hold both, so the commands that run the design on it refuse up front, naming both,
 * instead of showing wrong expected items or an engine error.
 */
class CaseOnlyIndexNamesTest {
    private static final String DESIGN = """
            format: singletable/1
            table:
              name: CaseTable
              partitionKey: {name: pk, type: S}
              sortKey: {name: sk, type: S}
              indexes:
                - {name: gsi1, kind: global, partitionKey: {name: a, type: S}}
                - {name: GSI1, kind: global, partitionKey: {name: b, type: S}}
            entities:
              Thing:
                attributes: {id: {type: string, required: true}}
                keys: {pk: "T#{id}", sk: T}
                indexes: {gsi1: {pk: "A#{id}"}, GSI1: {pk: "B#{id}"}}
                examples: [{id: x}]
            accessPatterns:
              - {name: by-a, entity: Thing, index: gsi1, partition: {id: x}}
              - {name: by-b, entity: Thing, index: GSI1, partition: {id: x}}
            """;

    @ParameterizedTest
    @ValueSource(strings = {"patterns", "view", "run"})
    void command_whenTwoIndexNamesDifferOnlyInCase_refusesNamingBoth(String command, @TempDir Path directory) throws IOException {
        Path design = Files.writeString(directory.resolve("case.singletable.yaml"), DESIGN);
        String[] args = switch (command) {
            case "view" -> new String[] {"view", design.toString(), "-o", directory.resolve("case.html").toString(), "--no-cache"};
            case "run" -> new String[] {"run", design.toString(), "by-a"};
            default -> new String[] {"patterns", design.toString(), "--no-cache"};
        };

        CommandRun run = CommandRun.run(args);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err().replaceAll("\\s+", " ")).contains("indexes gsi1 and GSI1 of table CaseTable differ only in case. DynamoDB "
                + "keeps them apart, but the embedded engine (Dynoxide) cannot hold both; rename one of them");
        assertThat(CommandRun.run("check", design.toString()).exitCode()).isZero();
    }
}
