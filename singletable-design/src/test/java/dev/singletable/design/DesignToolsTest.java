package dev.singletable.design;

import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class DesignToolsTest {
    private static final SchemaFile BLOG = SchemaFile.load(Path.of("../designs/blog.singletable.yaml"));
    private static final SchemaFile ONE_BOOK = SchemaFile.load(Path.of("../singletable-cli/src/test/resources/cost/journal-one-book.singletable.yaml"));

    @Test
    void lint_whenTheDesignHasFindings_givesEachWithRuleSeverityAndPlace() {
        var findings = DesignTools.of(ONE_BOOK).lint();

        assertThat(findings).isNotEmpty();
        assertThat(findings).allSatisfy(finding -> {
            assertThat(finding.ruleId()).matches("ST\\d{3}");
            assertThat(finding.file()).endsWith("journal-one-book.singletable.yaml");
            assertThat(finding.line()).isPositive();
        });
        assertThat(DesignTools.of(ONE_BOOK).lintReport(LintFormat.TEXT))
                .contains(findings.get(0).ruleId() + " " + findings.get(0).ruleName() + ": " + findings.get(0).subject() + ": "
                        + findings.get(0).message());
    }

    @Test
    void lintReport_whenSarif_isSarif210() {
        assertThat(DesignTools.of(ONE_BOOK).lintReport(LintFormat.SARIF)).contains("\"version\" : \"2.1.0\"");
    }

    @Test
    void describe_whenMarkdown_holdsTheKeyDesignOfEveryEntity() {
        String markdown = DesignTools.of(BLOG).describe(DocumentFormat.MARKDOWN);

        assertThat(markdown).contains("BlogTable").contains("| User").contains("| Post").contains("USER#{username}");
    }
}
