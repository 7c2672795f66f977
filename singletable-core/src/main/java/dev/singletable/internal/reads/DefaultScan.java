package dev.singletable.internal.reads;

import dev.singletable.NullArgumentException;


import dev.singletable.Scan;
import dev.singletable.Attribute;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

import java.util.Map;

/** The {@link Scan} implementation: the shared read builder with its terminal operations. */
final class DefaultScan<T> extends BlockingRead<T, Scan<T>> implements Scan<T> {
    DefaultScan(DynamoDbClient client, ReadDefinition<T> definition) {
        super(client, definition, DefaultScan::new);
    }

    @Override
    public Scan<Map<String, Object>> selectMaps(Attribute<?, ?>... attributes) {
        NullArgumentException.checkOn(this, "selectMaps", "attributes", attributes);
        return maps(attributes);
    }

    @Override
    public ScanRequest toRequest() {
        return definition().scanRequest();
    }
}
