package dev.singletable.migrations.internal;

import dev.singletable.EntitySchema;
import dev.singletable.Table;
import dev.singletable.migrations.MigrationContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The context of one step: scans of an entity type that save their position in the state item
 * after each page (and renew the lock), and start from it when the step runs again.
 */
public final class ScanningContext implements MigrationContext {
    private final Table table;
    private final DynamoDbClient client;
    private final long version;
    private final MigrationState state;
    private final MigrationLock lock;
    private final StateItems items;
    private final int pageSize;

    public ScanningContext(Table table, DynamoDbClient client, long version, MigrationState state, MigrationLock lock,
                           StateItems items, int pageSize) {
        this.table = table;
        this.client = client;
        this.version = version;
        this.state = state;
        this.lock = lock;
        this.items = items;
        this.pageSize = pageSize;
    }

    @Override
    public Table table() {
        return table;
    }

    @Override
    public DynamoDbClient client() {
        return client;
    }

    @Override
    public long version() {
        return version;
    }

    @Override
    public <T> void forEach(EntitySchema<T> entity, Consumer<? super T> action) {
        forEachItem(entity.type(), item -> action.accept(table.fromItem(entity, item)));
    }

    @Override
    public void forEachItem(String entityType, Consumer<Map<String, AttributeValue>> action) {
        String name = "scan:" + entityType;
        Optional<Map<String, AttributeValue>> saved = state.cursor(name);
        if (saved.isPresent() && saved.get().isEmpty()) {
            return; // finished in an earlier run of this step
        }
        Map<String, AttributeValue> start = saved.orElse(null);
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse page = client.scan(b -> b.tableName(items.tableName()).limit(pageSize).consistentRead(true)
                    .exclusiveStartKey(from)
                    .filterExpression("#type = :type")
                    .expressionAttributeNames(Map.of("#type", items.entityTypeAttribute()))
                    .expressionAttributeValues(Map.of(":type", AttributeValue.fromS(entityType))));
            page.items().forEach(action);
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            state.saveCursor(name, start == null ? Map.of() : start);
            lock.renew();
        } while (start != null);
    }
}
