package dev.singletable.internal.admin;

import dev.singletable.TableSchema;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.IndexSchema;
import dev.singletable.TableNotFoundException;
import dev.singletable.TableSchemaMismatchException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/** Table administration: the CreateTable request, creation (idempotent), verification of an existing table, TTL, deletion and the waits between. */
public final class TableAdmin {
    private final BoundTable table;
    private final TableSchema schema;
    private final DynamoDbClient client;

    public TableAdmin(BoundTable table, DynamoDbClient client) {
        this.table = table;
        this.schema = table.schema();
        this.client = client;
    }

    public CreateTableRequest createTableRequest() {
        List<AttributeDefinition> definitions = new ArrayList<>();
        List<String> defined = new ArrayList<>();
        List<KeySchemaElement> keySchema = new ArrayList<>();
        keySchema.add(key(schema.partitionKeyAttribute(), KeyType.HASH, definitions, defined));
        schema.sortKeyAttribute().ifPresent(sk -> keySchema.add(key(sk, KeyType.RANGE, definitions, defined)));
        List<GlobalSecondaryIndex> indexes = new ArrayList<>();
        for (IndexSchema index : schema.indexes()) {
            List<KeySchemaElement> indexKeys = new ArrayList<>();
            indexKeys.add(key(index.partitionKeyAttribute(), KeyType.HASH, definitions, defined));
            index.sortKeyAttribute().ifPresent(sk -> indexKeys.add(key(sk, KeyType.RANGE, definitions, defined)));
            indexes.add(GlobalSecondaryIndex.builder()
                    .indexName(index.name())
                    .keySchema(indexKeys)
                    .projection(Projection.builder().projectionType(ProjectionType.ALL).build())
                    .build());
        }
        CreateTableRequest.Builder request = CreateTableRequest.builder()
                .tableName(table.name())
                .attributeDefinitions(definitions)
                .keySchema(keySchema)
                .billingMode(BillingMode.PAY_PER_REQUEST);
        if (!indexes.isEmpty()) {
            request.globalSecondaryIndexes(indexes);
        }
        return request.build();
    }

    private static KeySchemaElement key(String attribute, KeyType type, List<AttributeDefinition> definitions, List<String> defined) {
        if (!defined.contains(attribute)) {
            defined.add(attribute);
            definitions.add(AttributeDefinition.builder().attributeName(attribute).attributeType(ScalarAttributeType.S).build());
        }
        return KeySchemaElement.builder().attributeName(attribute).keyType(type).build();
    }

    public void createTable() {
        Optional<TableDescription> existing = describe();
        if (existing.isPresent()) {
            verify(existing.get());
        } else {
            CreateTableRequest request = createTableRequest();
            table.runner().send("CreateTable", Optional.empty(), "table", Map.of(), () -> client.createTable(request), none());
            awaitTable(true);
        }
        schema.timeToLiveAttribute().ifPresent(this::enableTimeToLive);
    }

    private void enableTimeToLive(String attribute) {
        var current = table.runner().send("DescribeTimeToLive", Optional.empty(), "table", Map.of(),
                () -> client.describeTimeToLive(DescribeTimeToLiveRequest.builder().tableName(table.name()).build()), none());
        var description = current.timeToLiveDescription();
        if (description != null && attribute.equals(description.attributeName())
                && (description.timeToLiveStatus() == TimeToLiveStatus.ENABLED || description.timeToLiveStatus() == TimeToLiveStatus.ENABLING)) {
            return;
        }
        if (description != null && description.attributeName() != null && !attribute.equals(description.attributeName())
                && description.timeToLiveStatus() == TimeToLiveStatus.ENABLED) {
            throw new TableSchemaMismatchException("Table " + table.name() + " has TTL on attribute '" + description.attributeName()
                    + "' but the schema names '" + attribute + "'; change one of them (DynamoDB allows one TTL attribute)");
        }
        table.runner().send("UpdateTimeToLive", Optional.empty(), "table", Map.of(), () -> client.updateTimeToLive(UpdateTimeToLiveRequest.builder()
                .tableName(table.name())
                .timeToLiveSpecification(s -> s.attributeName(attribute).enabled(true))
                .build()), none());
    }

    private Optional<TableDescription> describe() {
        DescribeTableRequest request = DescribeTableRequest.builder().tableName(table.name()).build();
        try {
            return Optional.of(table.runner().send("DescribeTable", Optional.empty(), "table", Map.of(),
                    () -> client.describeTable(request), none()).table());
        } catch (TableNotFoundException e) {
            return Optional.empty();
        } catch (DynamoDbRequestException e) {
            if (isMissingTable(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** DynamoDB Local's embedded client reports a missing table with its own exception, wrapped or not. */
    private static boolean isMissingTable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ResourceNotFoundException
                    || (t.getMessage() != null && t.getMessage().contains("non-existent table"))) {
                return true;
            }
        }
        return false;
    }

    private void verify(TableDescription table) {
        List<String> problems = new ArrayList<>();
        compareKeys("the table", table.keySchema(), schema.partitionKeyAttribute(), schema.sortKeyAttribute(), problems);
        for (IndexSchema index : schema.indexes()) {
            Optional<GlobalSecondaryIndexDescription> found = table.globalSecondaryIndexes().stream()
                    .filter(g -> g.indexName().equals(index.name())).findFirst();
            if (found.isEmpty()) {
                problems.add("index " + index.name() + " is missing (add it with UpdateTable, or recreate the table)");
            } else {
                compareKeys("index " + index.name(), found.get().keySchema(), index.partitionKeyAttribute(),
                        index.sortKeyAttribute(), problems);
            }
        }
        if (!problems.isEmpty()) {
            throw new TableSchemaMismatchException("Table " + schema.name() + " exists but does not match its schema: "
                    + String.join("; ", problems));
        }
    }

    private static void compareKeys(String what, List<KeySchemaElement> actual, String pk, Optional<String> sk, List<String> problems) {
        String actualPk = actual.stream().filter(k -> k.keyType() == KeyType.HASH).map(KeySchemaElement::attributeName).findFirst().orElse("(none)");
        Optional<String> actualSk = actual.stream().filter(k -> k.keyType() == KeyType.RANGE).map(KeySchemaElement::attributeName).findFirst();
        if (!actualPk.equals(pk)) {
            problems.add(what + " has partition key '" + actualPk + "', the schema says '" + pk + "'");
        }
        if (!actualSk.equals(sk)) {
            problems.add(what + " has sort key " + actualSk.map(s -> "'" + s + "'").orElse("(none)") + ", the schema says "
                    + sk.map(s -> "'" + s + "'").orElse("(none)"));
        }
    }

    public void deleteTable() {
        if (describe().isEmpty()) {
            return;
        }
        table.runner().send("DeleteTable", Optional.empty(), "table", Map.of(),
                () -> client.deleteTable(DeleteTableRequest.builder().tableName(table.name()).build()), none());
        awaitTable(false);
    }

    /**
     * Polls until the table is active (or gone). Our own loop rather than the SDK's waiters, which
     * do not recognise the exceptions some DynamoDB-compatible engines throw for a missing table.
     */
    private void awaitTable(boolean active) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        long pauseMillis = 20;
        while (true) {
            Optional<TableDescription> table = describe();
            boolean done = active
                    ? table.map(t -> t.tableStatus() == TableStatus.ACTIVE
                            && t.globalSecondaryIndexes().stream().allMatch(g -> g.indexStatus() == IndexStatus.ACTIVE)).orElse(false)
                    : table.isEmpty();
            if (done) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new TableSchemaMismatchException("Table " + schema.name() + " did not become " + (active ? "active" : "deleted")
                        + " within 10 minutes; check its status in the console");
            }
            try {
                Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DynamoDbRequestException("Interrupted while waiting for table " + schema.name(), "(client)", e);
            }
            pauseMillis = Math.min(pauseMillis * 2, 2000);
        }
    }

    private static <R> RequestRunner.Outcome<R> none() {
        return new RequestRunner.Outcome<>() {
            @Override
            public int itemCount(R response) {
                return 0;
            }

            @Override
            public software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity(R response) {
                return null;
            }
        };
    }
}
