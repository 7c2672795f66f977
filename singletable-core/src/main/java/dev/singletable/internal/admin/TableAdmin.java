package dev.singletable.internal.admin;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.TableSchema;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.RequestRunner;
import dev.singletable.DynamoDbRequestException;
import dev.singletable.IndexKind;
import dev.singletable.IndexSchema;
import dev.singletable.TableNotFoundException;
import dev.singletable.TableNotReadyException;
import dev.singletable.TableSchemaMismatchException;
import dev.singletable.UnsupportedByEngineException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
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
    private final Duration wait;

    /** How long lifecycle operations wait for a table to settle unless told otherwise. */
    public static final Duration DEFAULT_WAIT = Duration.ofMinutes(10);
    private static final Logger LOG = LoggerFactory.getLogger(TableAdmin.class);

    public TableAdmin(BoundTable table, DynamoDbClient client) {
        this(table, client, DEFAULT_WAIT);
    }

    public TableAdmin(BoundTable table, DynamoDbClient client, Duration wait) {
        this.table = table;
        this.schema = table.schema();
        this.client = client;
        this.wait = wait;
    }

    public CreateTableRequest createTableRequest() {
        List<AttributeDefinition> definitions = new ArrayList<>();
        List<String> defined = new ArrayList<>();
        List<KeySchemaElement> keySchema = new ArrayList<>();
        keySchema.add(key(schema.partitionKey(), KeyType.HASH, definitions, defined));
        schema.sortKey().ifPresent(sk -> keySchema.add(key(sk, KeyType.RANGE, definitions, defined)));
        List<GlobalSecondaryIndex> globals = new ArrayList<>();
        List<LocalSecondaryIndex> locals = new ArrayList<>();
        for (IndexSchema index : schema.indexes()) {
            List<KeySchemaElement> indexKeys = new ArrayList<>();
            for (dev.singletable.KeyAttribute attribute : index.partitionKey()) {
                indexKeys.add(key(attribute, KeyType.HASH, definitions, defined));
            }
            for (dev.singletable.KeyAttribute attribute : index.sortKey()) {
                indexKeys.add(key(attribute, KeyType.RANGE, definitions, defined));
            }
            if (index.kind() == IndexKind.LOCAL) {
                locals.add(LocalSecondaryIndex.builder().indexName(index.name()).keySchema(indexKeys)
                        .projection(projection(index.projection())).build());
            } else {
                globals.add(GlobalSecondaryIndex.builder().indexName(index.name()).keySchema(indexKeys)
                        .projection(projection(index.projection())).build());
            }
        }
        CreateTableRequest.Builder request = CreateTableRequest.builder()
                .tableName(table.name())
                .attributeDefinitions(definitions)
                .keySchema(keySchema)
                .billingMode(BillingMode.PAY_PER_REQUEST);
        if (!globals.isEmpty()) {
            request.globalSecondaryIndexes(globals);
        }
        if (!locals.isEmpty()) {
            request.localSecondaryIndexes(locals);
        }
        schema.streamViewType().ifPresent(view -> request.streamSpecification(s -> s.streamEnabled(true).streamViewType(view)));
        return request.build();
    }

    private static Projection projection(dev.singletable.Projection projection) {
        return switch (projection.kind()) {
            case ALL -> Projection.builder().projectionType(ProjectionType.ALL).build();
            case KEYS_ONLY -> Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build();
            case INCLUDE -> Projection.builder().projectionType(ProjectionType.INCLUDE)
                    .nonKeyAttributes(projection.nonKeyAttributes()).build();
        };
    }

    private static KeySchemaElement key(dev.singletable.KeyAttribute attribute, KeyType type, List<AttributeDefinition> definitions,
                                        List<String> defined) {
        if (!defined.contains(attribute.name())) {
            defined.add(attribute.name());
            definitions.add(AttributeDefinition.builder().attributeName(attribute.name())
                    .attributeType(ScalarAttributeType.fromValue(attribute.type().name())).build());
        }
        return KeySchemaElement.builder().attributeName(attribute.name()).keyType(type).build();
    }

    /**
     * Creates the table if it is missing, else waits for it to settle and checks it against the
     * schema; then turns TTL on where the engine has it. Safe to call from several processes at
     * once: whoever loses the race to CreateTable waits for the winner's table.
     */
    public void createTable() {
        long deadline = System.nanoTime() + wait.toNanos();
        Optional<TableDescription> existing = describe();
        if (existing.isPresent() && existing.get().tableStatus() == TableStatus.DELETING) {
            awaitGone(deadline);
            existing = Optional.empty();
        }
        if (existing.isEmpty()) {
            CreateTableRequest request = createTableRequest();
            try {
                table.runner().send(DynamoOperation.CREATE_TABLE, Optional.empty(), "table", Map.of(), client, request, none());
            } catch (DynamoDbRequestException e) {
                if (!"ResourceInUseException".equals(e.errorCode())) {
                    throw e;
                }
                // someone else is creating it (or just did): wait for theirs, then check it like any existing table
            }
        }
        TableDescription settled = existing.filter(TableAdmin::isSettled).orElseGet(() -> awaitActive(deadline));
        verify(settled);
        enableStream(settled, deadline);
        schema.timeToLiveAttribute().ifPresent(this::enableTimeToLive);
    }

    /**
     * Enables TTL on {@code attribute}, asking first so that UpdateTimeToLive is sent only when it
     * changes something and Amazon DynamoDB would accept it: not while TTL is being disabled (for up
     * to an hour), not twice within its rate limit. Where the engine has no TTL, or refuses now, it
     * warns and goes on: reads hide expired items client-side anyway.
     */
    private void enableTimeToLive(String attribute) {
        TimeToLiveDescription description;
        try {
            description = table.runner().send(DynamoOperation.DESCRIBE_TIME_TO_LIVE, Optional.empty(), "table", Map.of(),
                    client, DescribeTimeToLiveRequest.builder().tableName(table.name()).build(), none())
                    .timeToLiveDescription();
        } catch (UnsupportedByEngineException e) {
            warnWithoutTimeToLive(attribute, e);
            return;
        }
        TimeToLiveStatus status = description == null || description.timeToLiveStatus() == null
                ? TimeToLiveStatus.DISABLED : description.timeToLiveStatus();
        String current = description == null ? null : description.attributeName();
        if (status == TimeToLiveStatus.ENABLED || status == TimeToLiveStatus.ENABLING) {
            if (attribute.equals(current) || current == null) {
                return; // an engine reporting ENABLED without a name (dynalite never does; some mocks do) is taken at its word
            }
            throw new TableSchemaMismatchException("Table " + table.name() + " has TTL " + status + " on attribute '" + current
                    + "' but the schema names '" + attribute + "'; change one of them (DynamoDB allows one TTL attribute per "
                    + "table; disabling it takes up to an hour)");
        }
        if (status == TimeToLiveStatus.DISABLING) {
            LOG.warn("Table {}: TTL is still being disabled{}, and DynamoDB refuses to enable it until that is done (up to an "
                    + "hour); items are not expired by the engine until then, reads hide expired ones anyway. Call createTable() "
                    + "again later to enable TTL on '{}'", table.name(), current == null ? "" : " on '" + current + "'", attribute);
            return;
        }
        try {
            table.runner().send(DynamoOperation.UPDATE_TIME_TO_LIVE, Optional.empty(), "table", Map.of(), client,
                    UpdateTimeToLiveRequest.builder()
                            .tableName(table.name())
                            .timeToLiveSpecification(s -> s.attributeName(attribute).enabled(true))
                            .build(), none());
        } catch (UnsupportedByEngineException e) {
            warnWithoutTimeToLive(attribute, e);
        } catch (DynamoDbRequestException e) {
            if (!"ValidationException".equals(e.errorCode()) || !String.valueOf(e.getMessage()).contains("multiple times")) {
                throw e;
            }
            LOG.warn("Table {}: DynamoDB refused to enable TTL on '{}' now ({}); it allows one TTL change per table per hour. "
                    + "Reads hide expired items anyway; call createTable() again later", table.name(), attribute, e.getMessage());
        }
    }

    private void warnWithoutTimeToLive(String attribute, UnsupportedByEngineException why) {
        LOG.warn("Table {}: the engine at {} has no time to live ({} answered UnknownOperationException), so TTL on '{}' is "
                + "not enabled and the engine never deletes expired items; reads still hide them", table.name(), why.endpoint(),
                why.operation(), attribute);
    }

    /** The table as DescribeTable gives it; empty when it does not exist. */
    public Optional<TableDescription> describe() {
        DescribeTableRequest request = DescribeTableRequest.builder().tableName(table.name()).build();
        try {
            return Optional.of(table.runner().send(DynamoOperation.DESCRIBE_TABLE, Optional.empty(), "table", Map.of(),
                    client, request, none()).table());
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

    /**
     * A table created before its schema declared a stream gets one with UpdateTable; a stream with another view type is
     * left alone and refused, since replacing it starts a new, empty stream and consumers of the old one would miss that.
     */
    private void enableStream(TableDescription description, long deadline) {
        if (schema.streamViewType().isEmpty()) {
            return;
        }
        StreamViewType wanted = schema.streamViewType().get();
        StreamSpecification current = description.streamSpecification();
        if (current != null && Boolean.TRUE.equals(current.streamEnabled())) {
            if (current.streamViewType() != wanted) {
                throw new TableSchemaMismatchException("Table " + schema.name() + " exists but does not match its schema: its stream "
                        + "has view type " + current.streamViewTypeAsString() + " and the schema declares " + wanted + "; disable "
                        + "the stream and enable it with " + wanted + " (UpdateTable; the new stream starts empty), or declare "
                        + current.streamViewTypeAsString());
            }
            return;
        }
        UpdateTableRequest request = UpdateTableRequest.builder().tableName(table.name())
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(wanted)).build();
        table.runner().send(DynamoOperation.UPDATE_TABLE, Optional.empty(), "table", Map.of(), client, request, none());
        awaitActive(deadline);
    }

    private void verify(TableDescription table) {
        List<String> problems = mismatches(table);
        if (!problems.isEmpty()) {
            throw new TableSchemaMismatchException("Table " + schema.name() + " exists but does not match its schema: "
                    + String.join("; ", problems));
        }
    }

    /** How {@code table} differs from the schema (keys, indexes, key types), each with its fix; empty when it matches. */
    public List<String> mismatches(TableDescription table) {
        List<String> problems = new ArrayList<>();
        compareKeys("the table", table.keySchema(), schema.partitionKeyAttribute(), schema.sortKeyAttribute(), problems);
        for (IndexSchema index : schema.indexes()) {
            Optional<List<KeySchemaElement>> found = index.kind() == IndexKind.LOCAL
                    ? table.localSecondaryIndexes().stream().filter(l -> l.indexName().equals(index.name()))
                            .map(LocalSecondaryIndexDescription::keySchema).findFirst()
                    : table.globalSecondaryIndexes().stream().filter(g -> g.indexName().equals(index.name()))
                            .map(GlobalSecondaryIndexDescription::keySchema).findFirst();
            if (found.isEmpty()) {
                problems.add("index " + index.name() + " is missing (" + (index.kind() == IndexKind.LOCAL
                        ? "an LSI is created with its table only: recreate the table)" : "add it with UpdateTable, or recreate the table)"));
            } else {
                compareKeys("index " + index.name(), found.get(), index.partitionKeyAttribute(), index.sortKeyAttribute(), problems);
            }
        }
        compareKeyTypes(table, problems);
        return List.copyOf(problems);
    }

    /**
     * A key attribute of another type (a number partition key where the schema writes strings) would pass the names'
     * check and then fail every write with DynamoDB's "Type mismatch for key".
     */
    private void compareKeyTypes(TableDescription table, List<String> problems) {
        Map<String, ScalarAttributeType> actual = new java.util.HashMap<>();
        table.attributeDefinitions().forEach(d -> actual.put(d.attributeName(), d.attributeType()));
        for (AttributeDefinition expected : createTableRequest().attributeDefinitions()) {
            ScalarAttributeType found = actual.get(expected.attributeName());
            if (found != null && found != expected.attributeType()) {
                problems.add("key attribute '" + expected.attributeName() + "' is of type " + found + " in the table, the schema says "
                        + expected.attributeType() + " (a key's type is fixed when the table is created: recreate the table, or "
                        + "declare the key's type in the schema)");
            }
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

    /** Deletes the table if it exists, waiting for it to settle first and to be gone after. */
    public void deleteTable() {
        long deadline = System.nanoTime() + wait.toNanos();
        Optional<TableDescription> existing = describe();
        if (existing.isEmpty()) {
            return;
        }
        if (existing.get().tableStatus() != TableStatus.DELETING) {
            if (!isSettled(existing.get())) {
                awaitActive(deadline); // DeleteTable is refused while the table is CREATING or UPDATING
            }
            try {
                table.runner().send(DynamoOperation.DELETE_TABLE, Optional.empty(), "table", Map.of(),
                        client, DeleteTableRequest.builder().tableName(table.name()).build(), none());
            } catch (TableNotFoundException e) {
                return; // someone else deleted it
            } catch (DynamoDbRequestException e) {
                if (isMissingTable(e)) {
                    return;
                }
                throw e;
            }
        }
        awaitGone(deadline);
    }

    /**
     * Polls until the table is ACTIVE and no index is CREATING, UPDATING or backfilling. Our own
     * loop rather than the SDK's waiters, which wait for the table only and do not recognise the
     * exceptions some DynamoDB-compatible engines throw for a missing table.
     */
    private TableDescription awaitActive(long deadline) {
        long pauseMillis = 20;
        while (true) {
            Optional<TableDescription> found = describe();
            if (found.isPresent() && isSettled(found.get())) {
                return found.get();
            }
            if (found.isPresent() && found.get().tableStatus() == TableStatus.DELETING) {
                throw new TableNotReadyException("Table " + table.name() + " is being deleted while createTable waits for it; "
                        + "call createTable() again once it is gone", table.name(), wait);
            }
            if (System.nanoTime() > deadline) {
                throw new TableNotReadyException("Table " + table.name() + " did not become ACTIVE within " + wait + ": "
                        + found.map(TableAdmin::pending).orElse("it does not exist") + "; check it in the console, then call "
                        + "createTable() again (Table.builder(...).tableWaitTimeout(...) waits longer)", table.name(), wait);
            }
            pauseMillis = pause(pauseMillis);
        }
    }

    private void awaitGone(long deadline) {
        long pauseMillis = 20;
        while (true) {
            Optional<TableDescription> found = describe();
            if (found.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new TableNotReadyException("Table " + table.name() + " was not deleted within " + wait + ": "
                        + pending(found.get()) + "; check it in the console", table.name(), wait);
            }
            pauseMillis = pause(pauseMillis);
        }
    }

    private static boolean isSettled(TableDescription description) {
        return description.tableStatus() == TableStatus.ACTIVE
                && description.globalSecondaryIndexes().stream().allMatch(g -> g.indexStatus() == IndexStatus.ACTIVE
                        && !Boolean.TRUE.equals(g.backfilling()));
    }

    /** What is still in progress, such as {@code "table CREATING, index GSI1 CREATING"}. */
    private static String pending(TableDescription description) {
        List<String> parts = new ArrayList<>();
        parts.add("table " + description.tableStatusAsString());
        for (GlobalSecondaryIndexDescription index : description.globalSecondaryIndexes()) {
            if (index.indexStatus() != IndexStatus.ACTIVE || Boolean.TRUE.equals(index.backfilling())) {
                parts.add("index " + index.indexName() + " " + index.indexStatusAsString()
                        + (Boolean.TRUE.equals(index.backfilling()) ? " (backfilling)" : ""));
            }
        }
        return String.join(", ", parts);
    }

    private long pause(long pauseMillis) {
        try {
            Thread.sleep(pauseMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DynamoDbRequestException("Interrupted while waiting for table " + table.name(), "(client)", e);
        }
        return Math.min(pauseMillis * 2, 2000);
    }

    private static <R> RequestRunner.Outcome<R> none() {
        return RequestRunner.Outcome.of(response -> 0, response -> null);
    }
}
