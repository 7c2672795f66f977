package dev.singletable.internal.reads;

import dev.singletable.NullArgumentException;


import dev.singletable.Page;
import dev.singletable.QueryResult;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The terminal operations of {@code Query} and {@code Scan}: the read run on the synchronous client. */
abstract class BlockingRead<T, S> extends ReadBuilder<T, S, DynamoDbClient> {
    BlockingRead(DynamoDbClient client, ReadDefinition<T> definition, Maker<DynamoDbClient> maker) {
        super(client, definition, maker);
    }

    public QueryResult<T> execute() {
        return BlockingReads.execute(definition(), client());
    }

    /** The items, without asking for the capacity only {@link #execute()}'s result reports. */
    public List<T> list() {
        return BlockingReads.list(definition(), client());
    }

    public long count() {
        return BlockingReads.count(definition(), client());
    }

    public Page<T> page() {
        return BlockingReads.page(definition(), client(), Optional.empty());
    }

    public Page<T> page(String cursor) {
        NullArgumentException.checkOn(this, "page", "cursor", cursor);
        return BlockingReads.page(definition(), client(), Optional.of(definition().positionOf(cursor)));
    }

    public Stream<T> stream() {
        return BlockingReads.stream(definition(), client());
    }
}
