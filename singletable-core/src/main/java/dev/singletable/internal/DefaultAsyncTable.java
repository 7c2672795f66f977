package dev.singletable.internal;

import dev.singletable.internal.reads.ItemFetcher;
import dev.singletable.internal.table.BoundTable;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.table.CursorCodec;
import dev.singletable.internal.reads.Reads;
import dev.singletable.internal.table.BoundTable;
import dev.singletable.internal.table.RequestRunner;

import dev.singletable.AsyncQuery;
import dev.singletable.AsyncScan;
import dev.singletable.AsyncTable;
import dev.singletable.EntityCollection;
import dev.singletable.EntitySchema;
import dev.singletable.KeyValues;
import dev.singletable.ReadConsistency;
import dev.singletable.RequestListener;
import dev.singletable.SchemaDefinitionException;
import dev.singletable.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The {@link AsyncTable} facade on the asynchronous SDK client. */
public final class DefaultAsyncTable implements AsyncTable {
    private final BoundTable table;
    private final DynamoDbAsyncClient client;
    private final ItemFetcher fetcher;

    public DefaultAsyncTable(BoundTable table, DynamoDbAsyncClient client) {
        this.table = table;
        this.client = client;
        this.fetcher = new ItemFetcher(table);
    }

    @Override
    public TableSchema schema() {
        return table.schema();
    }

    @Override
    public <T> CompletableFuture<Optional<T>> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return fetcher.getAsync(client, entity, key, consistency, true);
    }

    @Override
    public <T> CompletableFuture<Optional<T>> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency) {
        return fetcher.getAsync(client, entity, key, consistency, false);
    }

    @Override
    public <T> AsyncQuery<T> query(EntitySchema<T> entity) {
        return Reads.of(table, entity).query(client);
    }

    @Override
    public <T> AsyncQuery<T> query(EntityCollection<T> collection) {
        return Reads.of(table, collection).query(client);
    }

    @Override
    public <T> AsyncScan<T> scan(EntitySchema<T> entity) {
        return Reads.of(table, entity).scan(client);
    }

    @Override
    public <T> AsyncScan<T> scan(EntityCollection<T> collection) {
        return Reads.of(table, collection).scan(client);
    }
}
