package dev.singletable.it;

import dev.singletable.Condition;
import dev.singletable.Explanation;
import dev.singletable.Table;
import dev.singletable.ValidationException;
import dev.singletable.local.LocalDynamoDbExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

import java.util.Map;

import static dev.singletable.fixtures.ProductsAndOrders.*;
import static dev.singletable.it.WriteModel.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Writes render the exact request they would send, and sending nothing. */
class WriteExplainTest {
    @RegisterExtension
    static final LocalDynamoDbExtension db = LocalDynamoDbExtension.withTable(SCHEMA);

    private static Table table;

    @BeforeAll
    static void table() {
        table = Table.builder(db.table().schema(), db.client()).clock(CLOCK).build();
    }

    @Test
    void explainCreate_whenOrder_rendersThePutWithItsConditionAndCapacityOnlyWhenAListenerReadsIt() {
        Table listened = Table.builder(db.table().schema(), db.client()).clock(CLOCK).listener(event -> { }).build();
        Explanation explanation = listened.explainCreate(Order.of("c1", "o1", "9.99"));

        assertThat(explanation.operation()).isEqualTo("PutItem");
        PutItemRequest expected = PutItemRequest.builder()
                .tableName(db.tableName())
                .item(Map.of(
                        "PK", AttributeValue.fromS("USER#c1"),
                        "SK", AttributeValue.fromS("ORDER#o1"),
                        "GSI1PK", AttributeValue.fromS("STATUS#CONFIRMED"),
                        "GSI1SK", AttributeValue.fromS("2025-05-19T10:00:00.000000000Z"),
                        "entityType", AttributeValue.fromS("Order"),
                        "customerId", AttributeValue.fromS("c1"),
                        "orderId", AttributeValue.fromS("o1"),
                        "status", AttributeValue.fromS("CONFIRMED"),
                        "total", AttributeValue.fromN("9.99"),
                        "createdAt", AttributeValue.fromS("2025-05-19T10:00:00Z")))
                // an Order has the table's TTL attribute: an expired item at the key counts as absent and is overwritten
                .conditionExpression("(attribute_not_exists(#PK) OR #expiresAt <= :v0)")
                .expressionAttributeNames(Map.of("#PK", "PK", "#expiresAt", "expiresAt"))
                .expressionAttributeValues(Map.of(":v0", AttributeValue.fromN("1747648800")))
                .returnValuesOnConditionCheckFailure("ALL_OLD")
                .returnConsumedCapacity("TOTAL")
                .build();
        assertThat(explanation.request()).isEqualTo(expected);
        // no listener, and no debug log in the tests: the field is left out
        assertThat(table.explainCreate(Order.of("c1", "o1", "9.99")).request())
                .isEqualTo(expected.toBuilder().returnConsumedCapacity((String) null).build());
        assertThat(table.get(ORDER, order("c1", "o1"))).isEmpty();
    }

    @Test
    void explainUpdate_whenIndexedAttributesChange_rendersRewrittenIndexKeysVersionAndTimestamp() {
        Explanation explanation = table.explainUpdate(PRODUCT, sku("p1"),
                u -> u.set(STOCK, 5).set(NAME, "Earbuds").set(CATEGORY, "audio"));

        assertThat(explanation.json()).isEqualTo("""
                {
                  "TableName": "%s",
                  "Key": {
                    "PK": {
                      "S": "PRODUCT#p1"
                    },
                    "SK": {
                      "S": "METADATA"
                    }
                  },
                  "ReturnValues": "ALL_NEW",
                  "UpdateExpression": "SET #stock = :v0, #name = :v1, #category = :v2, #updatedAt = :v3, #GSI1PK = :v5, #GSI1SK = :v6 ADD #version :v4",
                  "ConditionExpression": "attribute_exists(#PK) AND #entityType = :v7",
                  "ExpressionAttributeNames": {
                    "#stock": "stock",
                    "#name": "name",
                    "#category": "category",
                    "#updatedAt": "updatedAt",
                    "#version": "version",
                    "#GSI1PK": "GSI1PK",
                    "#GSI1SK": "GSI1SK",
                    "#PK": "PK",
                    "#entityType": "entityType"
                  },
                  "ExpressionAttributeValues": {
                    ":v0": {
                      "N": "5"
                    },
                    ":v1": {
                      "S": "Earbuds"
                    },
                    ":v2": {
                      "S": "audio"
                    },
                    ":v3": {
                      "S": "2025-05-19T10:00:00Z"
                    },
                    ":v4": {
                      "N": "1"
                    },
                    ":v5": {
                      "S": "CATEGORY#audio"
                    },
                    ":v6": {
                      "S": "NAME#Earbuds"
                    },
                    ":v7": {
                      "S": "Product"
                    }
                  },
                  "ReturnValuesOnConditionCheckFailure": "ALL_OLD"
                }""".formatted(db.tableName()));
    }

    @Test
    void explainDelete_whenConditional_rendersConditionThroughPlaceholders() {
        Explanation explanation = table.explainDelete(ORDER, order("c1", "o1"), Condition.eq(ORDER_STATUS, Status.PENDING));

        assertThat(explanation.json()).isEqualTo("""
                {
                  "TableName": "%s",
                  "Key": {
                    "PK": {
                      "S": "USER#c1"
                    },
                    "SK": {
                      "S": "ORDER#o1"
                    }
                  },
                  "ReturnValues": "ALL_OLD",
                  "ConditionExpression": "#status = :v0 AND (attribute_not_exists(#expiresAt) OR #expiresAt > :v1)",
                  "ExpressionAttributeNames": {
                    "#status": "status",
                    "#expiresAt": "expiresAt"
                  },
                  "ExpressionAttributeValues": {
                    ":v0": {
                      "S": "PENDING"
                    },
                    ":v1": {
                      "N": "1747648800"
                    }
                  },
                  "ReturnValuesOnConditionCheckFailure": "ALL_OLD"
                }""".formatted(db.tableName()));
    }

    @Test
    void explainUpdate_whenIndexSlotMissing_failsNamingIndexAndAttribute() {
        assertThatThrownBy(() -> table.explainUpdate(PRODUCT, sku("p1"), u -> u.set(NAME, "Earbuds")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("update of Product {PK=PRODUCT#p1, SK=METADATA} changes 'name', which index GSI1's key "
                        + "('CATEGORY#{category}' / 'NAME#{name}') is built from, but gives no value for 'category', which that key "
                        + "also needs. Set 'category' in the same update, update from the current entity (table.update(current, ...)), "
                        + "or call readingStoredValuesForIndexKeys() to read the item first");
    }
}
