package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import static dev.singletable.ReadFixtures.CREATED_AT;
import static dev.singletable.ReadFixtures.CUSTOMER_ID;
import static dev.singletable.ReadFixtures.CUSTOMER_ITEMS;
import static dev.singletable.ReadFixtures.NOTE;
import static dev.singletable.ReadFixtures.ORDER;
import static dev.singletable.ReadFixtures.ORDER_ID;
import static dev.singletable.ReadFixtures.STATUS;
import static dev.singletable.ReadFixtures.TOTAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class QueryRenderingTest {
    private final Table table = ReadFixtures.table();

    private static Map<String, AttributeValue> values(Object... pairs) {
        Map<String, AttributeValue> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], (AttributeValue) pairs[i + 1]);
        }
        return map;
    }

    private static AttributeValue s(String text) {
        return AttributeValue.fromS(text);
    }

    private static AttributeValue n(String number) {
        return AttributeValue.fromN(number);
    }

    @Test
    void query_whenFilteredOnGsiDescending_rendersKeyConditionTypeFilterAndUserFilterThroughPlaceholders() {
        QueryRequest request = table.query(ORDER).index("GSI1")
                .partition(STATUS, ReadFixtures.Status.PENDING)
                .sortBetween(KeyValues.of(CREATED_AT, Instant.parse("2025-05-01T00:00:00Z")),
                        KeyValues.of(CREATED_AT, Instant.parse("2025-05-31T00:00:00Z")))
                .filter(Filter.gt(TOTAL, new BigDecimal("100.5")).and(Filter.notExists(NOTE)))
                .descending()
                .limit(10)
                .toRequest();

        assertThat(request).isEqualTo(QueryRequest.builder()
                .tableName("AppTable")
                .indexName("GSI1")
                .keyConditionExpression("#pk = :pk AND #sk BETWEEN :sk AND :sk2")
                .filterExpression("#et = :et AND #f0 > :f0 AND attribute_not_exists(#f1)")
                .expressionAttributeNames(Map.of("#pk", "GSI1PK", "#sk", "GSI1SK", "#et", "entityType", "#f0", "total", "#f1", "note"))
                .expressionAttributeValues(values(":pk", s("STATUS#PENDING"),
                        ":sk", s("2025-05-01T00:00:00.000000000Z"), ":sk2", s("2025-05-31T00:00:00.000000000Z"),
                        ":et", s("Order"), ":f0", n("100.5")))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .scanIndexForward(false)
                .limit(10)
                .build());
    }

    @Test
    void filter_whenOrInsideAnd_parenthesisesTheOrAndSharesNamePlaceholders() {
        QueryRequest request = table.query(ORDER).partition(CUSTOMER_ID, "C1")
                .filter(Filter.or(Filter.eq(STATUS, ReadFixtures.Status.PENDING), Filter.eq(STATUS, ReadFixtures.Status.SHIPPED)))
                .filter(Filter.not(Filter.between(TOTAL, new BigDecimal("-5.5"), new BigDecimal("10.5"))))
                .filter(Filter.in(ORDER_ID, "O1", "O2"))
                .filter(Filter.beginsWith(NOTE, "gift").or(Filter.contains(NOTE, "urgent")))
                .toRequest();

        assertThat(request.filterExpression()).isEqualTo("#et = :et AND (#f0 = :f0 OR #f0 = :f1) AND NOT #f1 BETWEEN :f2 AND :f3"
                + " AND #f2 IN (:f4, :f5) AND (begins_with(#f3, :f6) OR contains(#f3, :f7))");
        assertThat(request.expressionAttributeNames()).isEqualTo(Map.of("#pk", "PK", "#et", "entityType",
                "#f0", "status", "#f1", "total", "#f2", "orderId", "#f3", "note"));
        assertThat(request.expressionAttributeValues()).isEqualTo(values(":pk", s("CUSTOMER#C1"), ":et", s("Order"),
                ":f0", s("PENDING"), ":f1", s("SHIPPED"), ":f2", n("-5.5"), ":f3", n("10.5"), ":f4", s("O1"), ":f5", s("O2"),
                ":f6", s("gift"), ":f7", s("urgent")));
    }

    @Test
    void filter_whenOnlyAnOr_isParenthesisedAfterTheTypeFilter() {
        QueryRequest request = table.query(ORDER).partition(CUSTOMER_ID, "C1")
                .filter(Filter.or(Filter.exists(NOTE), Filter.lt(TOTAL, BigDecimal.ONE)))
                .toRequest();

        assertThat(request.filterExpression()).isEqualTo("#et = :et AND (attribute_exists(#f0) OR #f1 < :f0)");
    }

    @Test
    void filterNone_isTheIdentityOfAndAndAbsorbsOr() {
        Filter eq = Filter.eq(ORDER_ID, "O1");
        assertThat(Filter.and(Filter.none(), eq)).isEqualTo(eq);
        assertThat(Filter.or(Filter.none(), eq)).isEqualTo(Filter.none());
        assertThat(Filter.and(Filter.none(), Filter.none())).isEqualTo(Filter.none());
        assertThatThrownBy(() -> Filter.not(Filter.none())).isInstanceOf(ValidationException.class);
    }

    @Test
    void filter_whenValueIsNull_failsNamingTheAttributeAndTheFix() {
        assertThatThrownBy(() -> Filter.eq(NOTE, null))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Filter on note: the value is null; use Filter.notExists(note) to find items without it");
    }

    @Test
    void select_whenProjectionKeepsRequiredAttributes_projectsThemWithKeysAndType() {
        QueryRequest request = table.query(ORDER).index("GSI1").partition(STATUS, ReadFixtures.Status.SHIPPED)
                .select(CUSTOMER_ID, ORDER_ID, STATUS, CREATED_AT)
                .toRequest();

        assertThat(request.projectionExpression()).isEqualTo("#p0, #p1, #p2, #p3, #p4, #p5, #p6, #p7, #p8");
        assertThat(request.expressionAttributeNames()).containsEntry("#p0", "customerId").containsEntry("#p1", "orderId")
                .containsEntry("#p2", "status").containsEntry("#p3", "createdAt").containsEntry("#p4", "PK")
                .containsEntry("#p5", "SK").containsEntry("#p6", "GSI1PK").containsEntry("#p7", "GSI1SK")
                .containsEntry("#p8", "entityType");
    }

    @Test
    void select_whenProjectionOmitsRequiredAttribute_failsBeforeSendingNamingThem() {
        assertThatThrownBy(() -> table.query(ORDER).partition(CUSTOMER_ID, "C1").select(ORDER_ID, TOTAL))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Order: the projection [orderId, total] leaves out required attributes customerId, status,"
                        + " createdAt of Order, which cannot be built without them; add them to select(...), or use"
                        + " selectMaps(...) for plain maps");
    }

    @Test
    void selectMaps_whenRequiredAttributesOmitted_isAllowed() {
        QueryRequest request = table.query(ORDER).partition(CUSTOMER_ID, "C1").selectMaps(TOTAL).toRequest();
        assertThat(request.projectionExpression()).isEqualTo("#p0, #p1, #p2, #p3");
        assertThat(request.expressionAttributeNames()).containsEntry("#p0", "total");
    }

    @Test
    void consistentRead_onGsi_failsBeforeSendingWithTheReason() {
        assertThatThrownBy(() -> table.query(ORDER).index("GSI1").consistentRead())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Order: consistent reads are not available on GSI 'GSI1', which DynamoDB keeps eventually"
                        + " consistent; query the table itself, or drop consistentRead()");
        assertThatThrownBy(() -> table.scan(ORDER).consistentRead().index("GSI1"))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Scan of Order: consistent reads are not available on GSI 'GSI1'");
    }

    @Test
    void scan_forCollectionInSegments_filtersByEntityTypesAndNamesTheSegment() {
        ScanRequest request = table.scan(CUSTOMER_ITEMS).segment(1, 4).pageSize(100)
                .filter(Filter.exists(ReadFixtures.NAME).or(Filter.exists(TOTAL))).toRequest();

        assertThat(request).isEqualTo(ScanRequest.builder()
                .tableName("AppTable")
                .filterExpression("#et IN (:et0, :et1) AND (attribute_exists(#f0) OR attribute_exists(#f1))")
                .expressionAttributeNames(Map.of("#et", "entityType", "#f0", "name", "#f1", "total"))
                .expressionAttributeValues(values(":et0", s("Customer"), ":et1", s("Order")))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .segment(1)
                .totalSegments(4)
                .limit(100)
                .build());
    }

    @Test
    void segment_whenOutOfRange_fails() {
        assertThatThrownBy(() -> table.scan(ORDER).segment(4, 4))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Scan of Order: segment 4 of 4 is out of range; DynamoDB takes 1 to 1,000,000 segments numbered from 0");
    }

    @Test
    void explain_rendersTheRequestWithWireNamesWithoutSending() {
        Explanation explanation = table.query(ORDER).partition(CUSTOMER_ID, "C1").sortBeginsWith(KeyValues.of(ORDER_ID, "12"))
                .limit(5).explain();

        assertThat(explanation.operation()).isEqualTo("Query");
        assertThat(explanation.json()).isEqualTo("""
                {
                  "TableName": "AppTable",
                  "Limit": 5,
                  "ReturnConsumedCapacity": "TOTAL",
                  "FilterExpression": "#et = :et",
                  "KeyConditionExpression": "#pk = :pk AND #sk = :sk",
                  "ExpressionAttributeNames": {
                    "#pk": "PK",
                    "#sk": "SK",
                    "#et": "entityType"
                  },
                  "ExpressionAttributeValues": {
                    ":pk": {
                      "S": "CUSTOMER#C1"
                    },
                    ":sk": {
                      "S": "ORDER#12"
                    },
                    ":et": {
                      "S": "Order"
                    }
                  }
                }""");
    }

    @Test
    void explainGet_rendersTheGetItemWithoutSending() {
        Explanation explanation = table.explainGet(ORDER, KeyValues.of(CUSTOMER_ID, "C1").and(ORDER_ID, "O1"));

        assertThat(explanation.toString()).isEqualTo("""
                GetItem {
                  "TableName": "AppTable",
                  "Key": {
                    "PK": {
                      "S": "CUSTOMER#C1"
                    },
                    "SK": {
                      "S": "ORDER#O1"
                    }
                  },
                  "ConsistentRead": false,
                  "ReturnConsumedCapacity": "TOTAL"
                }""");
    }
}
