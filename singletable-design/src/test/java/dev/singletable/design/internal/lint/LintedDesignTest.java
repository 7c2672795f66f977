package dev.singletable.design.internal.lint;

import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LintedDesignTest {
    private static final String ORDERS = """
            format: singletable/1
            table:
              name: Orders
              partitionKey: {name: PK, type: S}
              sortKey: {name: SK, type: S}
              indexes:
                - name: byStatus
                  kind: global
                  partitionKey: {name: GSI1PK, type: S}
                - name: byTotal
                  kind: local
                  sortKey: {name: LSI1SK, type: S}
            entities:
              Order:
                attributes:
                  customerId: {type: string, required: true}
                  orderId: {type: string, required: true}
                  status: {type: enum, values: [PENDING, PAID], required: true}
                  total: {type: long, required: true}
                keys: {pk: 'CUSTOMER#{customerId}', sk: 'ORDER#{orderId}'}
                indexes:
                  byStatus: {pk: 'STATUS#{status}'}
                  byTotal: {sk: 'TOTAL#{total}'}
            """;

    @Test
    void forEachIndex_whenTheTableHasIndexes_visitsEachInFileOrderWithItsPointer() {
        LintedDesign design = new LintedDesign(SchemaFile.parse(ORDERS, "orders.singletable.yaml"));
        List<String> visited = new ArrayList<>();

        design.forEachIndex((index, at) -> visited.add(index.name() + " " + at));

        assertThat(visited).containsExactly("byStatus /table/indexes/0", "byTotal /table/indexes/1");
    }

    @Test
    void add_whenTheRuleGivesNoMessage_failsNamingIt() {
        LintedDesign design = new LintedDesign(SchemaFile.parse(ORDERS, "orders.singletable.yaml"));

        assertThatThrownBy(() -> design.add(LintChecks.byId("ST005"), Subject.index("byTotal"), null, "a fix", "/table/indexes/1"))
                .isInstanceOf(NullPointerException.class).hasMessage("message");
    }

    @Test
    void add_whenTheFindingHasAPlace_addsItWithTheRulesPartsAndThePlace() {
        LintedDesign design = new LintedDesign(SchemaFile.parse(ORDERS, "orders.singletable.yaml"));
        LintCheck rule = LintChecks.byId("ST005");

        design.add(rule, Subject.index("byTotal"), "a message", "a fix", "/table/indexes/1");

        assertThat(design.sorted()).containsExactly(new Finding("ST005", Severity.WARNING, Subject.index("byTotal"), "a message",
                rule.why(), "a fix", "table.indexes[1]", "orders.singletable.yaml", 10, 7));
    }
}
