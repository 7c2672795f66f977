package dev.singletable.internal.writes;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.ItemSize;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

import java.util.Map;

/** A delete, conditional or not. */
record DeleteAction(BoundEntity<?> entity, String operation, Map<String, AttributeValue> key, Guard guard)
        implements WriteAction {

    public DeleteItemRequest request(BoundTable table, ReturnValue returnValue) {
        return guard.onto(DeleteItemRequest.builder()).tableName(table.name()).key(key).returnValues(returnValue)
                .returnConsumedCapacity(table.runner().consumedCapacity()).build();
    }

    @Override
    public TransactWriteItem transactItem(String table) {
        return TransactWriteItem.builder().delete(guard.onto(Delete.builder()).tableName(table).key(key).build()).build();
    }

    @Override
    public int size() {
        return ItemSize.of(key) + guard.size();
    }
}
