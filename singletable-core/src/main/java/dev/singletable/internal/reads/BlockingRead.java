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
        return definition().fansOut() ? CrossPartitionReads.execute(definition(), client())
                : BlockingReads.execute(definition(), client());
    }

    /** The items, without asking for the capacity only {@link #execute()}'s result reports. */
    public List<T> list() {
        return definition().fansOut() ? CrossPartitionReads.list(definition(), client()) : BlockingReads.list(definition(), client());
    }

    public long count() {
        return definition().fansOut() ? CrossPartitionReads.count(definition(), client()) : BlockingReads.count(definition(), client());
    }

    public Page<T> page() {
        if (definition().fansOut()) {
            return CrossPartitionReads.page(definition(), client(), Optional.empty());
        }
        return BlockingReads.page(definition(), client(), Optional.empty());
    }

    public Page<T> page(String cursor) {
        NullArgumentException.checkOn(this, "page", "cursor", cursor);
        if (definition().fansOut()) {
            return CrossPartitionReads.page(definition(), client(), Optional.of(cursor));
        }
        return BlockingReads.page(definition(), client(), Optional.of(definition().positionOf(cursor)));
    }

    public Stream<T> stream() {
        return definition().fansOut() ? CrossPartitionReads.stream(definition(), client()) : BlockingReads.stream(definition(), client());
    }
}
