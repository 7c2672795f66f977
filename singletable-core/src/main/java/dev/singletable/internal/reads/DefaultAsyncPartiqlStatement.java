package dev.singletable.internal.reads;

import dev.singletable.NullArgumentException;


import dev.singletable.partiql.AsyncPartiqlStatement;
import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/** The {@link AsyncPartiqlStatement} on the asynchronous client: the page loop driven by completed requests. */
final class DefaultAsyncPartiqlStatement<T> extends PartiqlBuilder<T, AsyncPartiqlStatement<T>, DynamoDbAsyncClient> implements AsyncPartiqlStatement<T> {
    DefaultAsyncPartiqlStatement(DynamoDbAsyncClient client, PartiqlRead<T> read) {
        super(client, read, DefaultAsyncPartiqlStatement::new);
    }

    @Override
    public CompletableFuture<QueryResult<T>> execute() {
        return AsyncReads.execute(read(), client());
    }

    @Override
    public CompletableFuture<List<T>> list() {
        return AsyncReads.list(read(), client());
    }

    @Override
    public CompletableFuture<Page<T>> page() {
        return AsyncReads.page(read(), client(), Optional.empty());
    }

    @Override
    public CompletableFuture<Page<T>> page(String cursor) {
        NullArgumentException.checkOn(this, "page", "cursor", cursor);
        return AsyncReads.page(read(), client(), Optional.of(Objects.requireNonNull(cursor, "cursor")));
    }

    @Override
    public Flow.Publisher<T> publisher() {
        return AsyncReads.publisher(read(), client());
    }
}
