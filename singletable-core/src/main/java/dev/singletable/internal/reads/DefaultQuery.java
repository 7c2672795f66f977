package dev.singletable.internal.reads;

import dev.singletable.internal.table.DynamoOperation;
import dev.singletable.NullArgumentException;


import dev.singletable.Query;
import dev.singletable.Attribute;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import dev.singletable.Explanation;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

import java.util.Map;

/** The {@link Query} implementation: the shared read builder with its terminal operations. */
final class DefaultQuery<T> extends BlockingRead<T, Query<T>> implements Query<T> {
    DefaultQuery(DynamoDbClient client, ReadDefinition<T> definition) {
        super(client, definition, DefaultQuery::new);
    }

    @Override
    public Query<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes) {
        NullArgumentException.checkOn(this, "selectMaps", "attributes", attributes);
        return maps(attributes);
    }

    @Override
    public QueryRequest toRequest() {
        return firstRequest(definition());
    }

    @Override
    public java.util.List<QueryRequest> toRequests() {
        return definition().fansOut() ? definition().partitions().stream().map(ReadDefinition::queryRequest).toList()
                : java.util.List.of(definition().queryRequest());
    }

    @Override
    public Explanation explain() {
        return explanation(definition());
    }

    /** The first request of a query, the first partition's when it fans out; for the asynchronous query too. */
    static QueryRequest firstRequest(ReadDefinition<?> definition) {
        return definition.fansOut() ? definition.partitions().get(0).queryRequest() : definition.queryRequest();
    }

    /** The first request with the notes of its partition; for the asynchronous query too. */
    static Explanation explanation(ReadDefinition<?> definition) {
        ReadDefinition<?> first = definition.fansOut() ? definition.partitions().get(0) : definition;
        return Explanation.of(DynamoOperation.QUERY.name(), firstRequest(definition), first.notes());
    }
}
