package dev.singletable.cli.design;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One request of each kind that patterns and view send (the table's creation, a put, a get, a query with a filter), on
 * a throwaway table of a DynamoDB Local just started, sent by the thread that started it while the command's main
 * thread still reads and checks the design. Why: the first request of each kind costs far more than the engine's work
 * on it (the SDK's classes of the request and the response, DynamoDB Local's handlers and its metadata's JSON and Java
 * serialisation, its expression grammar: loaded and initialised once per process); sent here, on the second core,
 * that cost overlaps the design's parsing instead of following it. It stops as soon as the command wants the engine,
 * so it only fills time in which the engine would wait, and deletes its table. A failure is ignored: the command's own
 * requests then pay that cost, and report whatever fails.
 */
final class EngineWarmUp {
    private static final String TABLE = "singletable-warm-up";

    private EngineWarmUp() {
    }

    /**
     * Sends the requests one by one until {@code stop} says the command wants the engine, then deletes the table if it
     * made it.
     */
    static void run(DynamoDbClient client, BooleanSupplier stop) {
        Map<String, AttributeValue> key = Map.of("pk", s("USER#alice"), "sk", s("POST#1"));
        List<Consumer<DynamoDbClient>> requests = List.of(
                c -> {
                    try {
                        c.describeTable(r -> r.tableName(TABLE)); // Table.createTable asks first; the answer is an error
                    } catch (ResourceNotFoundException e) {
                        // as expected: created next
                    }
                },
                c -> c.createTable(r -> r.tableName(TABLE)
                        .attributeDefinitions(stringAttribute("pk"), stringAttribute("sk"), stringAttribute("gsi1pk"), stringAttribute("gsi1sk"))
                        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("gsi1")
                                .keySchema(key("gsi1pk", KeyType.HASH), key("gsi1sk", KeyType.RANGE))
                                .projection(p -> p.projectionType(ProjectionType.ALL)).build())
                        .billingMode(BillingMode.PAY_PER_REQUEST)),
                c -> c.describeTable(r -> r.tableName(TABLE)),
                c -> c.putItem(r -> r.tableName(TABLE)
                        .item(Map.of("pk", s("USER#alice"), "sk", s("POST#1"), "gsi1pk", s("POST"), "gsi1sk", s("STATUS#true#1"),
                                "published", AttributeValue.fromBool(true), "version", AttributeValue.fromN("1"),
                                "tags", AttributeValue.fromL(List.of(s("dynamodb"))), "author", AttributeValue.fromM(Map.of("name", s("Alice")))))),
                c -> c.getItem(r -> r.tableName(TABLE).key(key)),
                c -> c.query(r -> r.tableName(TABLE)
                        .keyConditionExpression("#pk = :pk AND begins_with(#sk, :sk)")
                        .filterExpression("#published = :v0")
                        .expressionAttributeNames(Map.of("#pk", "pk", "#sk", "sk", "#published", "published"))
                        .expressionAttributeValues(Map.of(":pk", s("USER#alice"), ":sk", s("POST#"), ":v0", AttributeValue.fromBool(true)))
                        .scanIndexForward(false)
                        .limit(10)));
        boolean created = false;
        try {
            for (int i = 0; i < requests.size() && !stop.getAsBoolean(); i++) {
                requests.get(i).accept(client);
                created = i >= 1;
            }
        } catch (RuntimeException e) {
            // the command's own requests will meet (and report) whatever failed here
        } finally {
            if (created) {
                try {
                    client.deleteTable(r -> r.tableName(TABLE));
                } catch (RuntimeException e) {
                    // never created after all
                }
            }
        }
    }

    private static AttributeDefinition stringAttribute(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
