package dev.singletable.internal.reads;

import dev.singletable.NullArgumentException;


import dev.singletable.Page;
import dev.singletable.partiql.PartiqlStatement;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The {@link PartiqlStatement} on the synchronous client: the page loop driven by blocking calls. */
final class DefaultPartiqlStatement<T> extends PartiqlBuilder<T, PartiqlStatement<T>, DynamoDbClient> implements PartiqlStatement<T> {
    DefaultPartiqlStatement(DynamoDbClient client, PartiqlRead<T> read) {
        super(client, read, DefaultPartiqlStatement::new);
    }

    @Override
    public List<T> list() {
        return BlockingReads.list(read(), client());
    }

    @Override
    public Page<T> page() {
        return BlockingReads.page(read(), client(), Optional.empty());
    }

    @Override
    public Page<T> page(String cursor) {
        NullArgumentException.checkOn(this, "page", "cursor", cursor);
        return BlockingReads.page(read(), client(), Optional.of(read().positionOf(cursor)));
    }

    @Override
    public Stream<T> stream() {
        return BlockingReads.stream(read(), client());
    }
}
