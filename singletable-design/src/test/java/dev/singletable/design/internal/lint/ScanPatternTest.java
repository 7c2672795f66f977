package dev.singletable.design.internal.lint;

import dev.singletable.schema.SchemaFile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ScanPatternTest {
    /** Orders, and only shipped ones in GSI1 (its key reads shippedAt, which an order may leave out); customers in GSI2 too. */
    private static final String DESIGN = """
            format: singletable/1
            table:
              name: Shop
              partitionKey: {name: PK, type: S}
              sortKey: {name: SK, type: S}
              indexes:
                - {name: GSI1, kind: global, partitionKey: {name: GSI1PK, type: S}, sortKey: {name: GSI1SK, type: S}}
                - {name: GSI2, kind: global, partitionKey: {name: GSI2PK, type: S}, sortKey: {name: GSI2SK, type: S}}
            entities:
              Order:
                attributes:
                  orderId: {type: string, required: true}
                  status: {type: string, required: true}
                  shippedAt: {type: instant}
                keys: {pk: 'ORDER#{orderId}', sk: 'ORDER'}
                indexes:
                  GSI1: {pk: 'SHIPPED', sk: '{shippedAt}'}
                  GSI2: {pk: 'STATUS#{status}', sk: 'ORDER#{orderId}'}
              Customer:
                attributes:
                  customerId: {type: string, required: true}
                keys: {pk: 'CUSTOMER#{customerId}', sk: 'CUSTOMER'}
                indexes:
                  GSI2: {pk: 'CUSTOMERS', sk: '{customerId}'}
            accessPatterns:
            """;

    private static List<String> scans(String pattern) {
        return LintFindings.of(SchemaFile.parse(DESIGN + pattern, "shop.singletable.yaml")).stream()
                .filter(finding -> finding.ruleId().equals("ST001")).map(Finding::message).toList();
    }

    @Test
    void check_whenAScanReadsASparseIndexOnlyItsEntityIsIn_findsNothing() {
        assertThat(scans("  - {name: shipped-orders, operation: scan, entity: Order, index: GSI1}\n")).isEmpty();
    }

    @Test
    void check_whenAScanOfAnIndexIsFiltered_saysItReadsEveryItemOfTheIndex() {
        assertThat(scans("  - {name: shipped-paid, operation: scan, entity: Order, index: GSI1, filter: {equals: {status: PAID}}}\n"))
                .containsExactly("reads entity Order with a Scan of every item of index GSI1, filtered");
    }

    @Test
    void check_whenOtherEntitiesShareTheIndex_saysItReadsEveryItemOfTheIndex() {
        assertThat(scans("  - {name: orders-by-status, operation: scan, entity: Order, index: GSI2}\n"))
                .containsExactly("reads entity Order with a Scan of every item of index GSI2");
    }

    @Test
    void check_whenAScanReadsTheTable_saysTheWholeTable() {
        assertThat(scans("  - {name: all-orders, operation: scan, entity: Order}\n"))
                .containsExactly("reads entity Order with a Scan of the whole table");
    }
}
