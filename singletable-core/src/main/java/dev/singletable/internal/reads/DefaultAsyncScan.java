package dev.singletable.internal.reads;

import dev.singletable.NullArgumentException;


import dev.singletable.AsyncScan;
import dev.singletable.Attribute;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.Map;

/** The {@link AsyncScan} implementation: the shared read builder with its asynchronous terminal operations. */
final class DefaultAsyncScan<T> extends AsyncRead<T, AsyncScan<T>> implements AsyncScan<T> {
    DefaultAsyncScan(DynamoDbAsyncClient client, ReadDefinition<T> definition) {
        super(client, definition, DefaultAsyncScan::new);
    }

    @Override
    public AsyncScan<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes) {
        NullArgumentException.checkOn(this, "selectMaps", "attributes", attributes);
        return maps(attributes);
    }

    @Override
    public ScanRequest toRequest() {
        return definition().scanRequest();
    }
}
