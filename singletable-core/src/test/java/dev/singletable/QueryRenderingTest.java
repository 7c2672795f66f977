package dev.singletable;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
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
    void query_whenFilteredOnGsiOnlyOrdersAreOn_rendersKeyConditionAndUserFilterWithoutTypeFilter() {
        QueryRequest request = table.query(ORDER).index("GSI1")
                .partition(STATUS, ReadFixtures.Status.PENDING)
                .sortBetween(KeyValues.of(CREATED_AT, Instant.parse("2025-05-01T00:00:00Z")),
                        KeyValues.of(CREATED_AT, Instant.parse("2025-05-31T00:00:00Z")))
                .filter(Condition.gt(TOTAL, new BigDecimal("100.5")).and(Condition.notExists(NOTE)))
                .descending()
                .limit(10)
                .toRequest();

        assertThat(request).isEqualTo(QueryRequest.builder()
                .tableName("AppTable")
                .indexName("GSI1")
                .keyConditionExpression("#pk = :pk AND #sk BETWEEN :sk AND :sk2")
                .filterExpression("#total > :v0 AND attribute_not_exists(#note)")
                .expressionAttributeNames(Map.of("#pk", "GSI1PK", "#sk", "GSI1SK", "#total", "total", "#note", "note"))
                .expressionAttributeValues(values(":pk", s("STATUS#PENDING"),
                        ":sk", s("2025-05-01T00:00:00.000000000Z"), ":sk2", s("2025-05-31T00:00:00.000000000Z"),
                        ":v0", n("100.5")))
                .scanIndexForward(false)
                .limit(10)
                .build());
    }

    @Test
    void filter_whenOrInsideAnd_parenthesisesTheOrAndSharesNamePlaceholders() {
        QueryRequest request = table.query(ORDER).partition(CUSTOMER_ID, "C1")
                .filter(Condition.anyOf(Condition.eq(STATUS, ReadFixtures.Status.PENDING), Condition.eq(STATUS, ReadFixtures.Status.SHIPPED)))
                .filter(Condition.not(Condition.between(TOTAL, new BigDecimal("-5.5"), new BigDecimal("10.5"))))
                .filter(Condition.in(ORDER_ID, "O1", "O2"))
                .filter(Condition.beginsWith(NOTE, "gift").or(Condition.contains(NOTE, "urgent")))
                .toRequest();

        assertThat(request).isEqualTo(QueryRequest.builder()
                .tableName("AppTable")
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :sk)")
                .filterExpression("(#status = :v0 OR #status = :v1) AND NOT #total BETWEEN :v2 AND :v3"
                        + " AND #orderId IN (:v4, :v5) AND (begins_with(#note, :v6) OR contains(#note, :v7))")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK",
                        "#status", "status", "#total", "total", "#orderId", "orderId", "#note", "note"))
                .expressionAttributeValues(values(":pk", s("CUSTOMER#C1"), ":sk", s("ORDER#"),
                        ":v0", s("PENDING"), ":v1", s("SHIPPED"), ":v2", n("-5.5"), ":v3", n("10.5"), ":v4", s("O1"), ":v5", s("O2"),
                        ":v6", s("gift"), ":v7", s("urgent")))
                .build());
    }

    @Test
    void filter_whenOnlyAnOr_isTheWholeFilter() {
        QueryRequest request = table.query(ORDER).partition(CUSTOMER_ID, "C1")
                .filter(Condition.exists(NOTE).or(Condition.lt(TOTAL, BigDecimal.ONE)))
                .toRequest();

        // the key condition reads only orders (begins_with ORDER#), so no type filter comes before the user's
        assertThat(request.filterExpression()).isEqualTo("attribute_exists(#note) OR #total < :v0");
        assertThat(request.expressionAttributeNames()).isEqualTo(Map.of("#pk", "PK", "#sk", "SK", "#note", "note", "#total", "total"));
        assertThat(request.expressionAttributeValues()).isEqualTo(values(":pk", s("CUSTOMER#C1"), ":sk", s("ORDER#"), ":v0", n("1")));
    }

    @Test
    void conditionNone_isTheIdentityOfAndAndOr() {
        Condition eq = Condition.eq(ORDER_ID, "O1");
        assertThat(Condition.none().and(eq)).isSameAs(eq);
        assertThat(Condition.none().or(eq)).isSameAs(eq);
        assertThat(eq.or(Condition.none())).isSameAs(eq);
        assertThat(Condition.anyOf(Condition.none(), eq)).isSameAs(eq);
        assertThat(Condition.allOf(Condition.none(), Condition.none()).isNone()).isTrue();
        assertThatThrownBy(() -> Condition.not(Condition.none())).isInstanceOf(ValidationException.class);
    }

    @Test
    void filter_whenOnlyNone_sendsNoFilterOfItsOwn() {
        QueryRequest collection = table.query(CUSTOMER_ITEMS).partition(CUSTOMER_ID, "C1")
                .filter(Condition.none()).filter(Condition.none().or(Condition.none())).toRequest();
        assertThat(collection).isEqualTo(QueryRequest.builder()
                .tableName("AppTable")
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", "PK"))
                .expressionAttributeValues(values(":pk", s("CUSTOMER#C1")))
                .build());
        assertThat(collection.filterExpression()).isNull();
        assertThat(table.query(ORDER).partition(CUSTOMER_ID, "C1").filter(Condition.none()).toRequest())
                .isEqualTo(table.query(ORDER).partition(CUSTOMER_ID, "C1").toRequest());
    }

    @Test
    void filter_whenAttributeIsNamedLikeAFixedPlaceholder_takesAnotherPlaceholder() {
        Attribute<Tagged, String> id = Attribute.required("id", AttributeTypes.STRING, Tagged::id);
        Attribute<Tagged, String> et = Attribute.of("et", AttributeTypes.STRING, Tagged::et);
        EntitySchema<Tagged> tagged = EntitySchema.builder(Tagged.class).attributes(id, et).primaryKey("T#{id}", "T")
                .factory(i -> new Tagged(i.get(id), i.get(et))).build();
        Table withEt = Table.offline(TableSchema.builder("AppTable").entities(tagged).build());

        // a query of the table's only entity needs no type filter (its key condition reads only its items); a scan keeps it
        QueryRequest request = withEt.query(tagged).partition(id, "C1").filter(Condition.exists(et)).toRequest();
        ScanRequest scan = withEt.scan(tagged).filter(Condition.exists(et)).toRequest();
        assertThat(request.filterExpression()).isEqualTo("attribute_exists(#et)");
        assertThat(request.expressionAttributeNames()).isEqualTo(Map.of("#pk", "PK", "#sk", "SK", "#et", "et"));
        assertThat(scan.filterExpression()).isEqualTo("#et = :et AND attribute_exists(#et_2)");
        assertThat(scan.expressionAttributeNames()).isEqualTo(Map.of("#et", "entityType", "#et_2", "et"));
    }

    /** An entity with an attribute named like the entity-type placeholder. */
    record Tagged(String id, String et) {}

    @Test
    void filter_whenValueIsNull_failsNamingTheAttributeAndTheFix() {
        assertThatThrownBy(() -> Condition.eq(NOTE, null))
                .isInstanceOf(NullArgumentException.class)
                .hasMessage("Condition.eq(value): value is null; use Condition.notExists(NOTE) to ask for an absent note");
    }

    @Test
    void select_whenProjectionKeepsRequiredAttributes_projectsThemWithKeysAndType() {
        QueryRequest request = table.query(ORDER).index("GSI1").partition(STATUS, ReadFixtures.Status.SHIPPED)
                .select(CUSTOMER_ID, ORDER_ID, STATUS, CREATED_AT)
                .toRequest();

        // the index's partition key already has a placeholder (#pk): the projection reuses it
        assertThat(request.projectionExpression()).isEqualTo("#customerId, #orderId, #status, #createdAt, #PK, #SK, #pk, #GSI1SK, "
                + "#entityType");
        assertThat(request.expressionAttributeNames()).isEqualTo(Map.of("#pk", "GSI1PK", "#entityType", "entityType",
                "#customerId", "customerId", "#orderId", "orderId", "#status", "status", "#createdAt", "createdAt",
                "#PK", "PK", "#SK", "SK", "#GSI1SK", "GSI1SK"));
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
        assertThat(request.projectionExpression()).isEqualTo("#total, #pk, #sk, #entityType");
        assertThat(request.expressionAttributeNames()).isEqualTo(Map.of("#pk", "PK", "#sk", "SK", "#total", "total",
                "#entityType", "entityType"));
    }

    @Test
    void consistentRead_onGsi_failsBeforeSendingWithTheReason() {
        assertThatThrownBy(() -> table.query(ORDER).index("GSI1").consistentRead())
                .isInstanceOf(ValidationException.class)
                .hasMessage("Query of Order: consistent reads are not available on GSI 'GSI1', which DynamoDB keeps eventually"
                        + " consistent; query the table itself or an LSI, or drop consistentRead()");
        assertThatThrownBy(() -> table.scan(ORDER).consistentRead().index("GSI1"))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("Scan of Order: consistent reads are not available on GSI 'GSI1'");
    }

    @Test
    void scan_forCollectionInSegments_filtersByEntityTypesAndNamesTheSegment() {
        ScanRequest request = table.scan(CUSTOMER_ITEMS).segment(1, 4).pageSize(100)
                .filter(Condition.exists(ReadFixtures.NAME).or(Condition.exists(TOTAL))).toRequest();

        assertThat(request).isEqualTo(ScanRequest.builder()
                .tableName("AppTable")
                .filterExpression("#et IN (:et0, :et1) AND (attribute_exists(#name) OR attribute_exists(#total))")
                .expressionAttributeNames(Map.of("#et", "entityType", "#name", "name", "#total", "total"))
                .expressionAttributeValues(values(":et0", s("Customer"), ":et1", s("Order")))
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
                  "KeyConditionExpression": "#pk = :pk AND #sk = :sk",
                  "ExpressionAttributeNames": {
                    "#pk": "PK",
                    "#sk": "SK"
                  },
                  "ExpressionAttributeValues": {
                    ":pk": {
                      "S": "CUSTOMER#C1"
                    },
                    ":sk": {
                      "S": "ORDER#12"
                    }
                  }
                }""");
        assertThat(explanation.notes()).isEmpty();
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
                  "ConsistentRead": false
                }""");
    }

    @Test
    void query_whenNoListenerAndNoDebugLog_leavesConsumedCapacityOut() {
        QueryRequest request = table.query(ORDER).partition(CUSTOMER_ID, "C1").sortEquals(KeyValues.of(ORDER_ID, "O1")).toRequest();

        assertThat(request).isEqualTo(QueryRequest.builder()
                .tableName("AppTable")
                .keyConditionExpression("#pk = :pk AND #sk = :sk")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK"))
                .expressionAttributeValues(values(":pk", s("CUSTOMER#C1"), ":sk", s("ORDER#O1")))
                .build());
    }

    @Test
    void query_whenARequestListenerIsRegistered_asksForTheTotalConsumedCapacity() {
        Table listened = Table.offlineBuilder(ReadFixtures.SCHEMA).listener(event -> { }).build();

        QueryRequest request = listened.query(ORDER).partition(CUSTOMER_ID, "C1").sortEquals(KeyValues.of(ORDER_ID, "O1")).toRequest();

        assertThat(request).isEqualTo(QueryRequest.builder()
                .tableName("AppTable")
                .keyConditionExpression("#pk = :pk AND #sk = :sk")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK"))
                .expressionAttributeValues(values(":pk", s("CUSTOMER#C1"), ":sk", s("ORDER#O1")))
                .returnConsumedCapacity(software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.TOTAL)
                .build());
    }
}
