package dev.singletable.schema;

import dev.singletable.DynamicItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@code consistentRead: true} on an access pattern: its get, query or scan of the table or an LSI reads strongly consistent
 * (as the Java API's {@code ReadConsistency.STRONG} and {@code consistentRead()}), the file writes it back, and a GSI
 * pattern asking for it is an error of the file, as DynamoDB refuses it there.
 */
class ConsistentReadPatternsOnEngineTest {
    static final Path FILE = Path.of("../singletable-cli/src/test/resources/cost/consistent.singletable.yaml");
    static final SchemaFile DESIGN = SchemaFile.load(FILE);

    @RegisterExtension
    static final DesignOnEngine db = DesignOnEngine.of(DESIGN).withExamples("Account");

    @Test
    void explain_whenPatternSaysConsistentRead_sendsConsistentReadOnGetQueryAndScan() {
        assertThat(((GetItemRequest) DESIGN.explain(db.table(), "balance-after-transfer", Map.of()).request()).consistentRead()).isTrue();
        assertThat(((QueryRequest) DESIGN.explain(db.table(), "account-as-of", Map.of()).request()).consistentRead()).isTrue();
        assertThat(((ScanRequest) DESIGN.explain(db.table(), "every-account", Map.of()).request()).consistentRead()).isTrue();
        assertThat(((GetItemRequest) DESIGN.explain(db.table(), "balance", Map.of()).request()).consistentRead()).isNotEqualTo(Boolean.TRUE);
        assertThat(((QueryRequest) DESIGN.explain(db.table(), "account-by-email", Map.of()).request()).consistentRead()).isNotEqualTo(Boolean.TRUE);
    }

    @Test
    void run_whenPatternSaysConsistentRead_theEngineAcceptsItOnTheTableAndAnLsi() {
        List<DynamicItem> example = DESIGN.examples("Account");

        assertThat(DESIGN.run(db.table(), "balance-after-transfer", Map.of())).isEqualTo(example);
        assertThat(DESIGN.run(db.table(), "account-as-of", Map.of())).isEqualTo(example);
        assertThat(DESIGN.run(db.table(), "every-account", Map.of())).isEqualTo(example);
    }

    @Test
    void write_whenPatternSaysConsistentRead_writesItBackAndOnlyThere() throws IOException {
        String yaml = SchemaFileWriter.toYaml(DESIGN.document());

        assertThat(yaml.lines().filter(line -> line.contains("consistentRead: true"))).hasSize(3);
        assertThat(SchemaFile.parse(yaml, "again.yaml").document().accessPatterns()).isEqualTo(DESIGN.document().accessPatterns());
        assertThat(DESIGN.pattern("balance").consistentRead()).isFalse();
    }

    @Test
    void load_whenAGsiPatternSaysConsistentRead_refusesItNamingPatternAndIndex() throws IOException {
        String text = Files.readString(FILE).replace("partition: {email: ann@example.com}}", "partition: {email: ann@example.com}, consistentRead: true}");

        SchemaFileException failure = catchThrowableOfType(SchemaFileException.class, () -> SchemaFile.parse(text, "gsi.yaml"));

        assertThat(failure.errors()).extracting(SchemaError::toString).containsExactly(
                "gsi.yaml:27:100: accessPatterns[4].consistentRead: access pattern 'account-by-email' reads GSI 'byEmail' with "
                        + "consistentRead: true, which DynamoDB refuses (a ValidationException): a GSI is read eventually consistent "
                        + "only; remove consistentRead, or read the table or an LSI");
    }
}
