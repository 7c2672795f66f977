package dev.singletable.internal.reads;

import dev.singletable.Attribute;
import dev.singletable.Condition;
import dev.singletable.Page;
import dev.singletable.QueryResult;
import dev.singletable.Scan;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The {@link Scan} implementation: a {@link ReadDefinition} run on the synchronous client. */
public final class DefaultScan<T> implements Scan<T> {
    private final DynamoDbClient client;
    private final ReadDefinition<T> definition;

    public DefaultScan(DynamoDbClient client, ReadDefinition<T> definition) {
        this.client = client;
        this.definition = definition;
    }

    private <R> DefaultScan<R> with(ReadDefinition<R> next) {
        return new DefaultScan<>(client, next);
    }

    @Override
    public Scan<T> index(String indexName) {
        return with(definition.index(indexName));
    }

    @Override
    public Scan<T> filter(Condition filter) {
        return with(definition.filter(filter));
    }

    @Override
    public Scan<T> includeExpired() {
        return with(definition.includeExpired());
    }

    @Override
    public Scan<T> select(Attribute<?, ?>... attributes) {
        return with(definition.select(List.of(attributes)));
    }

    @Override
    public Scan<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes) {
        return with(definition.selectMaps(List.of(attributes)));
    }

    @Override
    public Scan<T> segment(int segment, int totalSegments) {
        return with(definition.segment(segment, totalSegments));
    }

    @Override
    public Scan<T> consistentRead() {
        return with(definition.consistentRead());
    }

    @Override
    public Scan<T> limit(int maxItems) {
        return with(definition.limit(maxItems));
    }

    @Override
    public Scan<T> pageSize(int itemsPerRequest) {
        return with(definition.pageSize(itemsPerRequest));
    }

    @Override
    public ScanRequest toRequest() {
        return definition.scanRequest();
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
