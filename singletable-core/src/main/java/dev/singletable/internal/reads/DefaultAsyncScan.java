package dev.singletable.internal.reads;

import dev.singletable.AsyncScan;
import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/** The {@link AsyncScan} implementation: a {@link ReadDefinition} run on the asynchronous client. */
public final class DefaultAsyncScan<T> implements AsyncScan<T> {
    private final DynamoDbAsyncClient client;
    private final ReadDefinition<T> definition;

    public DefaultAsyncScan(DynamoDbAsyncClient client, ReadDefinition<T> definition) {
        this.client = client;
        this.definition = definition;
    }

    private <R> DefaultAsyncScan<R> with(ReadDefinition<R> next) {
        return new DefaultAsyncScan<>(client, next);
    }

    @Override
    public AsyncScan<T> index(String indexName) {
        return with(definition.index(indexName));
    }

    @Override
    public AsyncScan<T> filter(Condition filter) {
        return with(definition.filter(filter));
    }

    @Override
    public AsyncScan<T> includeExpired() {
        return with(definition.includeExpired());
    }

    @Override
    public AsyncScan<T> select(Attribute<?, ?>... attributes) {
        return with(definition.select(List.of(attributes)));
    }

    @Override
    public AsyncScan<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes) {
        return with(definition.selectMaps(List.of(attributes)));
    }

    @Override
    public AsyncScan<T> segment(int segment, int totalSegments) {
        return with(definition.segment(segment, totalSegments));
    }

    @Override
    public AsyncScan<T> consistentRead() {
        return with(definition.consistentRead());
    }

    @Override
    public AsyncScan<T> limit(int maxItems) {
        return with(definition.limit(maxItems));
    }

    @Override
    public AsyncScan<T> pageSize(int itemsPerRequest) {
        return with(definition.pageSize(itemsPerRequest));
    }

    @Override
    public ScanRequest toRequest() {
        return definition.scanRequest();
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
