package dev.singletable.design.internal.lint;

import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class UnreadIndexTest {
    private static final String TABLE = """
            format: singletable/1
            table:
              name: Orders
              partitionKey: {name: PK, type: S}
              sortKey: {name: SK, type: S}
              indexes:
                - name: byStatus
                  kind: global
                  partitionKey: {name: GSI1PK, type: S}
                  sortKey: {name: GSI1SK, type: S}
                  projection: {type: KEYS_ONLY}
                - name: byTotal
                  kind: local
                  sortKey: {name: LSI1SK, type: S}
                - name: spare
                  kind: global
                  partitionKey: {name: GSI2PK, type: S}
            entities:
              Order:
                attributes:
                  customerId: {type: string, required: true}
                  orderId: {type: string, required: true}
                  status: {type: enum, values: [PENDING, PAID], required: true}
                  total: {type: long, required: true}
                keys: {pk: 'CUSTOMER#{customerId}', sk: 'ORDER#{orderId}'}
                indexes:
                  byStatus: {pk: 'STATUS#{status}', sk: 'ORDER#{orderId}'}
                  byTotal: {sk: 'TOTAL#{total}'}
            """;

    /** One pattern, on the table's key: it reads no secondary index. */
    private static final String ORDERS_OF_CUSTOMER = """
            accessPatterns:
              - name: orders-of-customer
                operation: query
                entity: Order
                partition: {customerId: c1}
            """;

    private static List<Finding> unread(String design) {
        return LintFindings.of(SchemaFile.parse(design, "orders.singletable.yaml")).stream()
                .filter(finding -> finding.ruleId().equals("ST021")).toList();
    }

    @Test
    void check_whenNoPatternReadsAnIndexHoldingItems_warnsAtTheIndexNamingItsEntities() {
        List<Finding> findings = unread(TABLE + ORDERS_OF_CUSTOMER);

        assertThat(findings).extracting(Finding::severity, Finding::subject, Finding::message, Finding::line, Finding::column).containsExactly(
                tuple(Severity.WARNING, Subject.index("byStatus"),
                        "no access pattern reads global index byStatus, which holds items of Order: each of their writes is copied to it", 7, 7),
                tuple(Severity.WARNING, Subject.index("byTotal"),
                        "no access pattern reads local index byTotal, which holds items of Order: each of their writes is copied to it", 12, 7));
        assertThat(findings.get(0).fix()).isEqualTo("declare the access pattern that needs it (a pattern with 'index: byStatus'), or drop the index");
        assertThat(findings.get(1).fix()).endsWith("or drop the index (an LSI goes only with its table: recreate the table without it)");
    }

    @Test
    void check_whenAPatternReadsTheIndex_findsNothingForIt() {
        List<Finding> findings = unread(TABLE + """
                accessPatterns:
                  - name: paid-orders
                    operation: query
                    entity: Order
                    index: byStatus
                    partition: {status: PAID}
                  - name: large-orders-of-customer
                    operation: scan
                    entity: Order
                    index: byTotal
                """);

        assertThat(findings).isEmpty();
    }

    @Test
    void check_whenTheProcessorWroteTheDesignFile_findsNothing() {
        // a processor's file: its patterns say where in the Java sources they are declared; a method without @Example is not there
        List<Finding> findings = unread(TABLE + """
                accessPatterns:
                  - name: ordersOfCustomer
                    operation: query
                    entity: Order
                    partition: {customerId: c1}
                    source: {path: com/example/Orders.java, line: 12}
                """);

        assertThat(findings).isEmpty();
    }

    @Test
    void check_whenTheDesignDeclaresNoPatterns_findsNothing() {
        assertThat(unread(TABLE)).isEmpty();
    }

    @Test
    void check_whenNoEntityIsWrittenToTheIndex_findsNothingForIt() {
        List<Finding> findings = unread(TABLE + ORDERS_OF_CUSTOMER);

        assertThat(findings).extracting(finding -> finding.subject().name()).doesNotContain("spare");
    }

    @Test
    void check_whenAnUnreadIndexProjectsAllOfAWideEntity_isST021sAloneAndST011StaysSilent() {
        // byTotal (an LSI, projecting ALL by default) holds Order, which has six attributes besides its index key
        String wide = TABLE.replace("total: {type: long, required: true}", "total: {type: long, required: true}\n"
                + "      note: {type: string}\n      channel: {type: string}\n      currency: {type: string}");

        List<Finding> findings = LintFindings.of(SchemaFile.parse(wide + ORDERS_OF_CUSTOMER, "orders.singletable.yaml"));

        assertThat(findings).filteredOn(finding -> finding.subject().equals(Subject.index("byTotal")))
                .extracting(Finding::ruleId).contains("ST021").doesNotContain("ST011");
        assertThat(LintFindings.of(SchemaFile.parse(wide + """
                accessPatterns:
                  - name: large-orders-of-customer
                    operation: query
                    entity: Order
                    index: byTotal
                    partition: {customerId: c1}
                """, "orders.singletable.yaml"))).filteredOn(finding -> finding.subject().equals(Subject.index("byTotal")))
                .extracting(Finding::ruleId).as("read, the same index is ST011's").contains("ST011").doesNotContain("ST021");
    }
}
