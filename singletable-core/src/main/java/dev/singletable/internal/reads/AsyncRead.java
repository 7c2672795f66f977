package dev.singletable.internal.reads;

import dev.singletable.NullArgumentException;


import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/** The terminal operations of {@code AsyncQuery} and {@code AsyncScan}: the read run on the asynchronous client. */
abstract class AsyncRead<T, S> extends ReadBuilder<T, S, DynamoDbAsyncClient> {
    AsyncRead(DynamoDbAsyncClient client, ReadDefinition<T> definition, Maker<DynamoDbAsyncClient> maker) {
        super(client, definition, maker);
    }

    /** The items, without asking for the capacity only {@link #execute()}'s result reports. */
    public CompletableFuture<java.util.List<T>> list() {
        return list(definition());
    }

    /** The first item: the read limited to one. */
    public CompletableFuture<Optional<T>> first() {
        return list(definition().limit(1)).thenApply(items -> items.stream().findFirst());
    }

    private CompletableFuture<java.util.List<T>> list(ReadDefinition<T> read) {
        return read.fansOut() ? CrossPartitionReads.listAsync(read, client()) : AsyncReads.list(read, client());
    }

    public CompletableFuture<QueryResult<T>> execute() {
        return definition().fansOut() ? CrossPartitionReads.executeAsync(definition(), client())
                : AsyncReads.execute(definition(), client());
    }

    public CompletableFuture<Long> count() {
        return definition().fansOut() ? CrossPartitionReads.countAsync(definition(), client()) : AsyncReads.count(definition(), client());
    }

    public CompletableFuture<Page<T>> page() {
        if (definition().fansOut()) {
            return CrossPartitionReads.pageAsync(definition(), client(), Optional.empty());
        }
        return AsyncReads.page(definition(), client(), Optional.empty());
    }

    public CompletableFuture<Page<T>> page(String cursor) {
        NullArgumentException.checkOn(this, "page", "cursor", cursor);
        if (definition().fansOut()) {
            return CrossPartitionReads.pageAsync(definition(), client(), Optional.of(cursor));
        }
        return AsyncReads.page(definition(), client(), Optional.of(Objects.requireNonNull(cursor, "cursor")));
    }

    public Flow.Publisher<T> publisher() {
        return definition().fansOut() ? CrossPartitionReads.publisher(definition(), client()) : AsyncReads.publisher(definition(), client());
    }
}
