package dev.singletable.design.internal.lint;

import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LintChecksTest {
    @Test
    void all_whenListed_holdsOneRuleForEachIdInTheOrderOfTheIds() {
        assertThat(LintChecks.ALL).extracting(LintCheck::id)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, LintChecks.ALL.size()).mapToObj(i -> String.format("ST%03d", i)).toList());
        assertThat(LintChecks.ALL).extracting(LintCheck::ruleName).doesNotHaveDuplicates();
    }

    @Test
    void byId_whenTheIdIsARule_givesThatRule() {
        LintCheck rule = LintChecks.byId("ST003");

        assertThat(rule).isInstanceOf(HotPartition.class);
        assertThat(rule.ruleName()).isEqualTo("hot-partition");
        assertThat(rule.severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void byId_whenNoRuleHasTheId_namesTheIds() {
        assertThatThrownBy(() -> LintChecks.byId("ST999")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("No lint rule 'ST999'; the rules are ST001 to " + LintChecks.ALL.get(LintChecks.ALL.size() - 1).id());
    }
}
