package dev.singletable.design.internal.lint;

import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class ProvisionedThroughputTest {
    /** An order is 1 write unit on the table and 1 on byStatus; a get of one reads 0.5 units (eventually consistent). */
    private static String design(String billing, int putsPerSecond, int getsPerSecond) {
        return """
                format: singletable/1
                table:
                  name: Orders
                  partitionKey: {name: PK, type: S}
                  sortKey: {name: SK, type: S}
                  %s
                  indexes:
                    - name: byStatus
                      kind: global
                      partitionKey: {name: GSI1PK, type: S}
                      sortKey: {name: GSI1SK, type: S}
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
                      byStatus: {pk: 'STATUS#{status}', sk: 'ORDER#{orderId}'}
                      byTotal: {sk: 'TOTAL#{total}'}
                    writes: {peak: %d, average: 1}
                accessPatterns:
                  - name: order
                    operation: get
                    entity: Order
                    key: {customerId: c1, orderId: o1}
                    rates: {peak: %d, average: 1}
                  - name: orders-by-status
                    operation: query
                    entity: Order
                    index: byStatus
                    partition: {status: PAID}
                    rates: {peak: 1, average: 1, items: 1}
                """.formatted(billing, putsPerSecond, getsPerSecond);
    }

    private static List<Finding> provisioned(String design) {
        return LintFindings.of(SchemaFile.parse(design, "orders.singletable.yaml")).stream()
                .filter(finding -> finding.ruleId().equals("ST022")).toList();
    }

    @Test
    void check_whenPeakTrafficPassesTheDeclaredCapacity_warnsAtTheBillingNamingTableAndIndex() {
        List<Finding> findings = provisioned(design("billing: {mode: PROVISIONED, readCapacity: 10, writeCapacity: 5}", 8, 30));

        // the LSI's writes are the table's: 8 puts a second write 8 units on the table and 8 on the LSI, 16 in all
        assertThat(findings).extracting(Finding::severity, Finding::subject, Finding::message, Finding::line, Finding::column).containsExactly(
                tuple(Severity.WARNING, Subject.table("Orders"), "at their peaks the access patterns read 15 read units a second on the "
                        + "table, over the 10 read capacity units the design provisions (table.billing.readCapacity); what passes them is "
                        + "throttled", 6, 3),
                tuple(Severity.WARNING, Subject.table("Orders"), "at their peaks the entities' puts write 16 write units a second on the "
                        + "table, over the 5 write capacity units the design provisions (table.billing.writeCapacity); what passes them is "
                        + "throttled", 6, 3),
                tuple(Severity.WARNING, Subject.table("Orders"), "at their peaks the entities' puts write 8 write units a second on index "
                        + "byStatus, over the 5 write capacity units the design provisions (table.billing.writeCapacity); what passes them "
                        + "is throttled", 6, 3));
        assertThat(findings.get(0).fix()).isEqualTo("provision more capacity (table.billing's readCapacity and writeCapacity), let "
                + "auto-scaling follow the traffic, or bill on demand (billing: {mode: PAY_PER_REQUEST})");
    }

    @Test
    void check_whenTheDeclaredCapacityServesThePeaks_findsNothing() {
        assertThat(provisioned(design("billing: {mode: PROVISIONED, readCapacity: 15, writeCapacity: 16}", 8, 30))).isEmpty();
    }

    @Test
    void check_whenBilledOnDemand_findsNothing() {
        assertThat(provisioned(design("billing: {mode: PAY_PER_REQUEST}", 8, 30))).isEmpty();
    }
}
