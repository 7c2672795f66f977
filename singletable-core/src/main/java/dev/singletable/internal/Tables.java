package dev.singletable.internal;

import dev.singletable.AsyncTable;
import dev.singletable.EntitySchema;
import dev.singletable.EntityStates;
import dev.singletable.IndexSchema;
import dev.singletable.KeyAttribute;
import dev.singletable.Relation;
import dev.singletable.extension.RequestListener;
import dev.singletable.Table;
import dev.singletable.TableSchema;
import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.keys.EntityTemplates;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.CursorCodec;
import dev.singletable.internal.table.RequestRunner;
import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The tables behind {@code Table.of} and {@code AsyncTable.of}, and the checks {@code TableSchema} runs when it is
 * built: what the public package calls in internal, as jOOQ's and Jdbi's public classes call theirs.
 */
public final class Tables {
    private Tables() {
    }

    /** A table on a synchronous client; {@code cursorKey} empty means the published default key. */
    public static Table table(TableSchema schema, DynamoDbClient client, List<RequestListener> listeners, Clock clock,
                              Optional<byte[]> cursorKey, Duration tableWait) {
        return new DefaultTable(bind(schema, listeners, clock, cursorKey, () -> RequestRunner.describeEndpoint(client)), client,
                tableWait);
    }

    /**
     * Whether {@code table} exists on its client's endpoint (DescribeTable); empty when that cannot be told: a table of
     * another implementation, an offline table, or a failed request.
     */
    public static Optional<Boolean> exists(Table table) {
        return table instanceof DefaultTable t ? t.exists() : Optional.empty();
    }

    /** A table on an asynchronous client; {@code cursorKey} empty means the published default key. */
    public static AsyncTable asyncTable(TableSchema schema, DynamoDbAsyncClient client, List<RequestListener> listeners, Clock clock,
                                        Optional<byte[]> cursorKey) {
        return new DefaultAsyncTable(bind(schema, listeners, clock, cursorKey, () -> RequestRunner.describeEndpoint(client)), client);
    }

    /** {@code endpoint} names where requests go, in messages; asked only for them. */
    private static BoundTable bind(TableSchema schema, List<RequestListener> listeners, Clock clock, Optional<byte[]> cursorKey,
                                   Supplier<String> endpoint) {
        return new BoundTable(schema, listeners, clock, cursorKey.map(CursorCodec::new).orElseGet(CursorCodec::withDefaultKey),
                endpoint);
    }

    /** Whether tables on {@code client} refuse the published default cursor key. */
    public static boolean publishedCursorKeyRefused(SdkClient client) {
        return RequestRunner.publishedCursorKeyRefused(client);
    }

    /**
     * Checks the indexes as declared, before an LSI takes the table's partition key: DynamoDB's limits (20 GSIs, 5 LSIs,
     * 100 INCLUDE attributes) and what an LSI needs (a table with a sort key, the table's partition key, its own sort key).
     */
    public static void checkIndexes(String table, KeyAttribute partitionKey, Optional<KeyAttribute> sortKey,
                                    Collection<IndexSchema> declared) {
        TableSchemaChecks.checkIndexes(table, partitionKey, sortKey, declared);
    }

    /** Checks that a relation's two ends are entity types of the table, neither stored under a key that depends on its state. */
    public static void checkRelation(String table, Relation<?, ?> relation, Map<String, EntitySchema<?>> entities,
                                     List<EntityStates<?>> states) {
        TableSchemaChecks.checkRelation(table, relation, entities, states);
    }

    /**
     * Checks the key attributes (one type each, none shared with the entity type) and each entity's keys and attributes
     * against the table's indexes; binds every entity of the table to its key attributes once, as a table would, so that
     * a template that cannot fill its key attribute fails when the schema is built; then checks the key templates
     * together (escapes, and no two entity types able to write one primary key).
     */
    public static void check(TableSchema schema) {
        TableSchemaChecks.checkKeys(schema);
        for (EntitySchema<?> entity : schema.entities()) {
            new BoundEntity<>(entity, schema);
        }
        EntityTemplates.checkTable(schema);
    }
}
