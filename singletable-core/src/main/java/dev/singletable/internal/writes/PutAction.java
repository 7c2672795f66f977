package dev.singletable.internal.writes;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.ItemSize;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

import java.util.Map;

/** A put, create or replace: the whole item, and the entity as written (version and timestamps set). */
record PutAction(BoundEntity<?> entity, String operation, Map<String, AttributeValue> key, Map<String, AttributeValue> item,
                        Guard guard, Object written) implements WriteAction {

    public PutItemRequest request(BoundTable table) {
        return guard.onto(PutItemRequest.builder()).tableName(table.name()).item(item)
                .returnConsumedCapacity(table.runner().consumedCapacity()).build();
    }

    @Override
    public TransactWriteItem transactItem(String table) {
        return TransactWriteItem.builder().put(guard.onto(Put.builder()).tableName(table).item(item).build()).build();
    }

    @Override
    public int size() {
        return ItemSize.of(item) + guard.size();
    }

    @SuppressWarnings("unchecked")
    public <T> T writtenAs() {
        return (T) written;
    }
}
