package dev.singletable.internal.writes;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.ItemSize;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import dev.singletable.internal.table.BoundTable;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.util.Map;

/** An update or upsert: the update expression, index key upkeep included. */
record UpdateAction(BoundEntity<?> entity, String operation, Map<String, AttributeValue> key, String updateExpression,
                           Guard guard) implements WriteAction {

    public UpdateItemRequest request(BoundTable table, ReturnValue returnValue) {
        return guard.onto(UpdateItemRequest.builder()).tableName(table.name()).key(key)
                .updateExpression(updateExpression).returnValues(returnValue)
                .returnConsumedCapacity(table.runner().consumedCapacity()).build();
    }

    @Override
    public TransactWriteItem transactItem(String table) {
        return TransactWriteItem.builder().update(guard.onto(Update.builder()).tableName(table).key(key)
                .updateExpression(updateExpression).build()).build();
    }

    @Override
    public int size() {
        return ItemSize.of(key) + updateExpression.length() + guard.size();
    }
}
