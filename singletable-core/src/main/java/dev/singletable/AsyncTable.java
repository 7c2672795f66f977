package dev.singletable;


import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The reads of a {@link Table} on the SDK's asynchronous client: gets, queries, collections, scans
 * and counts return {@link CompletableFuture}s, and items stream as a {@link java.util.concurrent.Flow.Publisher}.
 * Nothing blocks: each page is requested when the previous one completes. The same schema, keys,
 * filters and cursors as the synchronous API (a cursor from one works in the other, given the same
 * cursor key). Failures complete the future exceptionally with the same typed exceptions.
 *
 * <pre>{@code
 * AsyncTable table = AsyncTable.of(schema, DynamoDbAsyncClient.create());
 * table.query(ORDER).index("GSI1").partition(STATUS, OrderStatus.PENDING).limit(50).list()
 *      .thenAccept(orders -> render(orders));
 * }</pre>
 */
public interface AsyncTable {

    static AsyncTable of(TableSchema schema, DynamoDbAsyncClient client) {
        return builder(schema, client).build();
    }

    static Builder builder(TableSchema schema, DynamoDbAsyncClient client) {
        return new Builder(schema, client);
    }

    TableSchema schema();

    /** Reads one entity by its primary key's slot values, eventually consistent; an item whose TTL has passed reads as absent. */
    default <T> CompletableFuture<Optional<T>> get(EntitySchema<T> entity, KeyValues key) {
        return get(entity, key, ReadConsistency.EVENTUAL);
    }

    /**
     * Reads one entity; completes with {@link EntityTypeMismatchException} when the item is of another type.
     * Items whose TTL has passed (by the builder's {@link Builder#clock(Clock) clock}) read as absent.
     */
    <T> CompletableFuture<Optional<T>> get(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency);

    /** Reads one entity even when its TTL has passed (DynamoDB deletes expired items lazily, typically within days). */
    <T> CompletableFuture<Optional<T>> getIncludingExpired(EntitySchema<T> entity, KeyValues key, ReadConsistency consistency);

    <T> AsyncQuery<T> query(EntitySchema<T> entity);

    <T> AsyncQuery<T> query(EntityCollection<T> collection);

    <T> AsyncScan<T> scan(EntitySchema<T> entity);

    <T> AsyncScan<T> scan(EntityCollection<T> collection);

    /** Configures an {@link AsyncTable}. */
    final class Builder {
        private final TableSchema schema;
        private final DynamoDbAsyncClient client;
        private final List<RequestListener> listeners = new ArrayList<>();
        private Optional<byte[]> cursorKey = Optional.empty();
        private Clock clock = Clock.systemUTC();

        private Builder(TableSchema schema, DynamoDbAsyncClient client) {
            this.schema = Objects.requireNonNull(schema, "schema");
            this.client = Objects.requireNonNull(client, "client");
        }

        /** Called after every request, in the thread that completes it: keep listeners fast and non-blocking. */
        public Builder listener(RequestListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /** The clock for TTL checks; the system clock by default. Tests pass a fixed one. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** The secret that signs cursors; see {@link Table.Builder#cursorKey(byte[])}. */
        public Builder cursorKey(byte[] key) {
            if (key == null || key.length < 16) {
                throw new ValidationException("Table " + schema.name() + ": the cursor key has " + (key == null ? 0 : key.length)
                        + " bytes; give at least 16 (32 random bytes are best)");
            }
            this.cursorKey = Optional.of(key.clone());
            return this;
        }

        public AsyncTable build() {
            return SingleTableProvider.instance().asyncTable(schema, client, List.copyOf(listeners), clock, cursorKey);
        }
    }
}
