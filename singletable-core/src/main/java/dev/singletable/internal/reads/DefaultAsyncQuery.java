package dev.singletable.internal.reads;

import dev.singletable.AsyncQuery;
import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.KeyValues;
import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/** The {@link AsyncQuery} implementation: a {@link ReadDefinition} run on the asynchronous client. */
public final class DefaultAsyncQuery<T> implements AsyncQuery<T> {
    private final DynamoDbAsyncClient client;
    private final ReadDefinition<T> definition;

    public DefaultAsyncQuery(DynamoDbAsyncClient client, ReadDefinition<T> definition) {
        this.client = client;
        this.definition = definition;
    }

    private <R> DefaultAsyncQuery<R> with(ReadDefinition<R> next) {
        return new DefaultAsyncQuery<>(client, next);
    }

    @Override
    public AsyncQuery<T> index(String indexName) {
        return with(definition.index(indexName));
    }

    @Override
    public AsyncQuery<T> partition(KeyValues values) {
        return with(definition.partition(values));
    }

    @Override
    public AsyncQuery<T> sortEquals(KeyValues values) {
        return with(definition.sortEquals(values));
    }

    @Override
    public AsyncQuery<T> sortBeginsWith(KeyValues values) {
        return with(definition.sortBeginsWith(values));
    }

    @Override
    public AsyncQuery<T> sortBeginsWithRaw(String prefix) {
        return with(definition.sortBeginsWithRaw(prefix));
    }

    @Override
    public AsyncQuery<T> sortLessThan(KeyValues values) {
        return with(definition.sortLessThan(values));
    }

    @Override
    public AsyncQuery<T> sortLessThanOrEqual(KeyValues values) {
        return with(definition.sortLessThanOrEqual(values));
    }

    @Override
    public AsyncQuery<T> sortGreaterThan(KeyValues values) {
        return with(definition.sortGreaterThan(values));
    }

    @Override
    public AsyncQuery<T> sortGreaterThanOrEqual(KeyValues values) {
        return with(definition.sortGreaterThanOrEqual(values));
    }

    @Override
    public AsyncQuery<T> sortBetween(KeyValues from, KeyValues to) {
        return with(definition.sortBetween(from, to));
    }

    @Override
    public AsyncQuery<T> sortBetweenRaw(String from, String to) {
        return with(definition.sortBetweenRaw(from, to));
    }

    @Override
    public AsyncQuery<T> descending() {
        return with(definition.descending());
    }

    @Override
    public AsyncQuery<T> consistentRead() {
        return with(definition.consistentRead());
    }

    @Override
    public AsyncQuery<T> limit(int maxItems) {
        return with(definition.limit(maxItems));
    }

    @Override
    public AsyncQuery<T> pageSize(int itemsPerRequest) {
        return with(definition.pageSize(itemsPerRequest));
    }

    @Override
    public AsyncQuery<T> filter(Condition filter) {
        return with(definition.filter(filter));
    }

    @Override
    public AsyncQuery<T> includeExpired() {
        return with(definition.includeExpired());
    }

    @Override
    public AsyncQuery<T> select(Attribute<?, ?>... attributes) {
        return with(definition.select(List.of(attributes)));
    }

    @Override
    public AsyncQuery<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes) {
        return with(definition.selectMaps(List.of(attributes)));
    }

    @Override
    public QueryRequest toRequest() {
        return definition.queryRequest();
    }

    @Override
    public CompletableFuture<QueryResult<T>> execute() {
        return AsyncReader.execute(client, definition);
    }

    @Override
    public CompletableFuture<Long> count() {
        return AsyncReader.count(client, definition);
    }

    @Override
    public CompletableFuture<Page<T>> page() {
        return AsyncReader.page(client, definition, null);
    }

    @Override
    public CompletableFuture<Page<T>> page(String cursor) {
        return AsyncReader.page(client, definition, java.util.Objects.requireNonNull(cursor, "cursor"));
    }

    @Override
    public Flow.Publisher<T> publisher() {
        return new ItemPublisher<>(client, definition);
    }
}
