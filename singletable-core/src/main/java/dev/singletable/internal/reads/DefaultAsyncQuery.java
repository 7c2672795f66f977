package dev.singletable.internal.reads;

import dev.singletable.NullArgumentException;


import dev.singletable.AsyncQuery;
import dev.singletable.Attribute;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import dev.singletable.Explanation;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.Map;

/** The {@link AsyncQuery} implementation: the shared read builder with its asynchronous terminal operations. */
final class DefaultAsyncQuery<T> extends AsyncRead<T, AsyncQuery<T>> implements AsyncQuery<T> {
    DefaultAsyncQuery(DynamoDbAsyncClient client, ReadDefinition<T> definition) {
        super(client, definition, DefaultAsyncQuery::new);
    }

    @Override
    public AsyncQuery<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes) {
        NullArgumentException.checkOn(this, "selectMaps", "attributes", attributes);
        return maps(attributes);
    }

    @Override
    public QueryRequest toRequest() {
        return DefaultQuery.firstRequest(definition());
    }

    @Override
    public Explanation explain() {
        return DefaultQuery.explanation(definition());
    }
}
