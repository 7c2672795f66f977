package dev.singletable.internal.reads;

import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.codec.BoundEntity;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.Query;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The {@link Query} implementation: a {@link ReadDefinition} run on the synchronous client. */
public final class DefaultQuery<T> implements Query<T> {
    private final DynamoDbClient client;
    private final ReadDefinition<T> definition;

    DefaultQuery(DynamoDbClient client, ReadDefinition<T> definition) {
        this.client = client;
        this.definition = definition;
    }

    public static <T> DefaultQuery<T> forEntity(BoundTable table, DynamoDbClient client, BoundEntity<T> entity) {
        return new DefaultQuery<>(client, ReadDefinition.query(table, entity.type(), List.of(entity), false));
    }

    public static <T> DefaultQuery<T> forCollection(BoundTable table, DynamoDbClient client, String description, List<BoundEntity<? extends T>> members) {
        return new DefaultQuery<>(client, ReadDefinition.query(table, description, members, true));
    }

    private <R> DefaultQuery<R> with(ReadDefinition<R> next) {
        return new DefaultQuery<>(client, next);
    }

    @Override
    public Query<T> index(String indexName) {
        return with(definition.index(indexName));
    }

    @Override
    public Query<T> partition(KeyValues values) {
        return with(definition.partition(values));
    }

    @Override
    public Query<T> sortEquals(KeyValues values) {
        return with(definition.sortEquals(values));
    }

    @Override
    public Query<T> sortBeginsWith(KeyValues values) {
        return with(definition.sortBeginsWith(values));
    }

    @Override
    public Query<T> sortBeginsWithRaw(String prefix) {
        return with(definition.sortBeginsWithRaw(prefix));
    }

    @Override
    public Query<T> sortLessThan(KeyValues values) {
        return with(definition.sortLessThan(values));
    }

    @Override
    public Query<T> sortLessThanOrEqual(KeyValues values) {
        return with(definition.sortLessThanOrEqual(values));
    }

    @Override
    public Query<T> sortGreaterThan(KeyValues values) {
        return with(definition.sortGreaterThan(values));
    }

    @Override
    public Query<T> sortGreaterThanOrEqual(KeyValues values) {
        return with(definition.sortGreaterThanOrEqual(values));
    }

    @Override
    public Query<T> sortBetween(KeyValues from, KeyValues to) {
        return with(definition.sortBetween(from, to));
    }

    @Override
    public Query<T> sortBetweenRaw(String from, String to) {
        return with(definition.sortBetweenRaw(from, to));
    }

    @Override
    public Query<T> descending() {
        return with(definition.descending());
    }

    @Override
    public Query<T> consistentRead() {
        return with(definition.consistentRead());
    }

    @Override
    public Query<T> limit(int maxItems) {
        return with(definition.limit(maxItems));
    }

    @Override
    public Query<T> pageSize(int itemsPerRequest) {
        return with(definition.pageSize(itemsPerRequest));
    }

    @Override
    public Query<T> filter(Condition filter) {
        return with(definition.filter(filter));
    }

    @Override
    public Query<T> includeExpired() {
        return with(definition.includeExpired());
    }

    @Override
    public Query<T> select(Attribute<?, ?>... attributes) {
        return with(definition.select(List.of(attributes)));
    }

    @Override
    public Query<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes) {
        return with(definition.selectMaps(List.of(attributes)));
    }

    @Override
    public QueryRequest toRequest() {
        return definition.queryRequest();
    }

    @Override
    public QueryResult<T> execute() {
        return SyncReader.execute(client, definition);
    }

    @Override
    public long count() {
        return SyncReader.count(client, definition);
    }

    @Override
    public Page<T> page() {
        return SyncReader.page(client, definition, Map.of());
    }

    @Override
    public Page<T> page(String cursor) {
        return SyncReader.page(client, definition, definition.startKeyOf(cursor));
    }

    @Override
    public Stream<T> stream() {
        return SyncReader.stream(client, definition);
    }
}
