package dev.singletable.local.internal;

import java.security.SecureRandom;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.singletable.local.EngineFeature;
import dev.singletable.local.LocalDynamoDbException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Asks an engine whether it has a feature. An operation it lacks is answered with
 * {@code UnknownOperationException} before any table is looked up, so those probes name a table
 * that does not exist: nothing is created, and Amazon DynamoDB answers them with
 * {@code ResourceNotFoundException}. The returned item of a failed condition and the form of a PartiQL update need a
 * table: a scratch one, deleted after.
 */
public final class FeatureProbe {
    private static final String KEY = "PK";
    private static final SecureRandom RANDOM = new SecureRandom();

    private FeatureProbe() {
    }

    /** Why the engine lacks {@code feature}, or empty when it has it. */
    public static Optional<String> probe(DynamoDbClient client, EngineFeature feature) {
        String absent = "singletable-probe-absent-" + Integer.toString(RANDOM.nextInt(Integer.MAX_VALUE), 36);
        Map<String, AttributeValue> key = Map.of(KEY, AttributeValue.fromS("probe"));
        return switch (feature) {
            case TRANSACTIONS -> unknownOperation("TransactGetItems", () -> client.transactGetItems(r -> r.transactItems(
                    TransactGetItem.builder().get(g -> g.tableName(absent).key(key)).build())));
            case PARTIQL -> unknownOperation("ExecuteStatement", () -> client.executeStatement(
                    r -> r.statement("SELECT * FROM \"" + absent + "\"")));
            case TIME_TO_LIVE -> unknownOperation("UpdateTimeToLive", () -> client.updateTimeToLive(r -> r.tableName(absent)
                    .timeToLiveSpecification(s -> s.attributeName("expiresAt").enabled(true))));
            case RETURN_VALUES_ON_CONDITION_CHECK_FAILURE -> withScratchTable(client, table -> returnsItemOnFailedCondition(client, table));
            case PARTIQL_SEVERAL_SET_CLAUSES -> probe(client, EngineFeature.PARTIQL).map(why -> "no PartiQL: " + why)
                    .or(() -> withScratchTable(client, table -> updatesWithSeveralSetClauses(client, table)));
            case PARTIQL_COMMENTS -> probe(client, EngineFeature.PARTIQL).map(why -> "no PartiQL: " + why)
                    .or(() -> withScratchTable(client, table -> readsWithComments(client, table)));
            case MULTI_ATTRIBUTE_KEYS -> multiAttributeKeys(client);
            case STREAMS -> streams(client);
        };
    }

    private static Optional<String> unknownOperation(String operation, Runnable call) {
        try {
            call.run();
            return Optional.empty();
        } catch (DynamoDbException e) {
            String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
            if ("UnknownOperationException".equals(code)) {
                return Optional.of(operation + " answered UnknownOperationException");
            }
            return Optional.empty(); // the operation exists: it looked for the table
        }
    }

    private static Optional<String> returnsItemOnFailedCondition(DynamoDbClient client, String table) {
        Map<String, AttributeValue> item = Map.of(KEY, AttributeValue.fromS("probe"));
        client.putItem(r -> r.tableName(table).item(item));
        try {
            client.putItem(r -> r.tableName(table).item(item)
                    .conditionExpression("attribute_not_exists(#k)")
                    .expressionAttributeNames(Map.of("#k", KEY))
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
            return Optional.of("a PutItem whose condition failed was accepted");
        } catch (ConditionalCheckFailedException e) {
            return e.hasItem() && !e.item().isEmpty() ? Optional.empty()
                    : Optional.of("a failed condition came back without the stored item");
        }
    }

    private static Optional<String> updatesWithSeveralSetClauses(DynamoDbClient client, String table) {
        client.putItem(r -> r.tableName(table).item(Map.of(KEY, AttributeValue.fromS("probe"))));
        try {
            client.executeStatement(r -> r.statement("UPDATE \"" + table + "\" SET \"a\" = ? SET \"b\" = ? WHERE \"" + KEY + "\" = ?")
                    .parameters(AttributeValue.fromN("1"), AttributeValue.fromN("2"), AttributeValue.fromS("probe")));
            return Optional.empty();
        } catch (DynamoDbException e) {
            String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
            return Optional.of("UPDATE ... SET \"a\" = ? SET \"b\" = ? WHERE ... answered " + code + ": "
                    + (e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage()));
        }
    }

    private static Optional<String> readsWithComments(DynamoDbClient client, String table) {
        String statement = "-- probe\n/* probe */ SELECT * FROM \"" + table + "\" WHERE \"" + KEY + "\" = ? -- probe";
        try {
            client.executeStatement(r -> r.statement(statement).parameters(AttributeValue.fromS("probe")));
            return Optional.empty();
        } catch (DynamoDbException e) {
            String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
            return Optional.of("a SELECT with -- and /* */ comments answered " + code + ": "
                    + (e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage()));
        }
    }

    /**
     * The Streams API at the client's endpoint: ListStreams of a table that does not exist answers an empty list (Amazon
     * DynamoDB, Dynoxide) or ResourceNotFoundException; an engine without the API answers UnknownOperationException.
     */
    private static Optional<String> streams(DynamoDbClient client) {
        var configuration = client.serviceClientConfiguration();
        var builder = software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient.builder()
                .region(configuration.region()).credentialsProvider(configuration.credentialsProvider());
        configuration.endpointOverride().ifPresent(builder::endpointOverride);
        try (var streams = builder.build()) {
            streams.listStreams(r -> r.tableName("singletable-probe-absent-" + Integer.toString(RANDOM.nextInt(Integer.MAX_VALUE), 36)));
            return Optional.empty();
        } catch (software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException e) {
            return Optional.empty();
        } catch (software.amazon.awssdk.core.exception.SdkException e) {
            String code = e instanceof software.amazon.awssdk.awscore.exception.AwsServiceException service && service.awsErrorDetails() != null
                    ? service.awsErrorDetails().errorCode() : e.getClass().getSimpleName();
            return Optional.of("ListStreams answered " + code);
        }
    }

    /**
     * A table whose GSI is keyed by two attributes, an item, and a query with an equality on each: missing when the table is
     * refused, the query is refused, or it does not find the item.
     */
    private static Optional<String> multiAttributeKeys(DynamoDbClient client) {
        String table = "singletable-probe-" + Long.toString(RANDOM.nextLong() & Long.MAX_VALUE, 36);
        try {
            client.createTable(r -> r.tableName(table)
                    .attributeDefinitions(
                            AttributeDefinition.builder().attributeName(KEY).attributeType(ScalarAttributeType.S).build(),
                            AttributeDefinition.builder().attributeName("a").attributeType(ScalarAttributeType.S).build(),
                            AttributeDefinition.builder().attributeName("b").attributeType(ScalarAttributeType.S).build())
                    .keySchema(KeySchemaElement.builder().attributeName(KEY).keyType(KeyType.HASH).build())
                    .globalSecondaryIndexes(software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex.builder().indexName("ByAB")
                            .keySchema(KeySchemaElement.builder().attributeName("a").keyType(KeyType.HASH).build(),
                                    KeySchemaElement.builder().attributeName("b").keyType(KeyType.HASH).build())
                            .projection(p -> p.projectionType(software.amazon.awssdk.services.dynamodb.model.ProjectionType.ALL))
                            .build())
                    .billingMode(BillingMode.PAY_PER_REQUEST));
        } catch (DynamoDbException e) {
            return Optional.of("a table with a GSI keyed by two attributes was refused: " + codeAndMessage(e));
        }
        try {
            awaitActive(client, table);
            client.putItem(r -> r.tableName(table).item(Map.of(KEY, AttributeValue.fromS("probe"), "a", AttributeValue.fromS("x"),
                    "b", AttributeValue.fromS("y"))));
            int found;
            try {
                found = client.query(r -> r.tableName(table).indexName("ByAB").keyConditionExpression("#a = :a AND #b = :b")
                        .expressionAttributeNames(Map.of("#a", "a", "#b", "b"))
                        .expressionAttributeValues(Map.of(":a", AttributeValue.fromS("x"), ":b", AttributeValue.fromS("y")))).count();
            } catch (DynamoDbException e) {
                return Optional.of("a query with an equality on each of two GSI key attributes was refused: " + codeAndMessage(e));
            }
            return found == 1 ? Optional.empty()
                    : Optional.of("a query with an equality on each of two GSI key attributes found " + found + " items, not the 1 written");
        } finally {
            deleteAndAwait(client, table);
        }
    }

    private static String codeAndMessage(DynamoDbException e) {
        return e.awsErrorDetails() == null ? e.getMessage()
                : e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage();
    }

    /** Runs {@code probe} on a fresh table whose partition key is {@value #KEY}, deleted after. */
    private static Optional<String> withScratchTable(DynamoDbClient client, java.util.function.Function<String, Optional<String>> probe) {
        String table = "singletable-probe-" + Long.toString(RANDOM.nextLong() & Long.MAX_VALUE, 36);
        client.createTable(r -> r.tableName(table)
                .attributeDefinitions(AttributeDefinition.builder().attributeName(KEY).attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName(KEY).keyType(KeyType.HASH).build())
                .billingMode(BillingMode.PAY_PER_REQUEST));
        try {
            awaitActive(client, table);
            return probe.apply(table);
        } finally {
            deleteAndAwait(client, table);
        }
    }

    /**
     * Deletes a probe table and waits until it is gone: some engines (dynalite) still list a table for a moment after
     * DeleteTable answers, and a probe must leave nothing behind.
     */
    private static void deleteAndAwait(DynamoDbClient client, String table) {
        try {
            client.deleteTable(r -> r.tableName(table));
        } catch (ResourceNotFoundException e) {
            return; // gone already
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (client.listTables().tableNames().contains(table) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void awaitActive(DynamoDbClient client, String table) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (client.describeTable(r -> r.tableName(table)).table().tableStatus() != TableStatus.ACTIVE) {
            if (System.nanoTime() > deadline) {
                throw new LocalDynamoDbException("probe table " + table + " did not become ACTIVE within 5 minutes", null);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LocalDynamoDbException("interrupted while waiting for probe table " + table, e);
            }
        }
    }
}
