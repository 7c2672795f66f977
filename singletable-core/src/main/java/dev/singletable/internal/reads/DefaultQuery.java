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
        return definition().fansOut() ? definition().partitions().get(0).queryRequest() : definition().queryRequest();
    }

    @Override
    public java.util.List<QueryRequest> toRequests() {
        return definition().fansOut() ? definition().partitions().stream().map(ReadDefinition::queryRequest).toList()
                : java.util.List.of(definition().queryRequest());
    }

    @Override
    public Explanation explain() {
        String query = DynamoOperation.QUERY.name();
        return definition().fansOut() ? Explanation.of(query, toRequest(), definition().partitions().get(0).notes())
                : Explanation.of(query, toRequest(), definition().notes());
    }
}
