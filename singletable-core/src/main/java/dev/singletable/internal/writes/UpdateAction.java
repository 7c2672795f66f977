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

/**
 * An update or upsert: the update expression, index key upkeep included.
 *
 * @param repeatable whether applying it twice stores what applying it once does (or a repeat is refused by its version
 *                   check): only then may the SDK send it again after a failure that may have been applied
 */
record UpdateAction(BoundEntity<?> entity, String operation, Map<String, AttributeValue> key, String updateExpression,
                           Guard guard, boolean repeatable) implements WriteAction {

    /** The request as rendered (for explanations), without the SDK's retry settings that {@link #requestToSend} adds. */
    public UpdateItemRequest request(BoundTable table, ReturnValue returnValue) {
        return guard.onto(UpdateItemRequest.builder()).tableName(table.name()).key(key)
                .updateExpression(updateExpression).returnValues(returnValue)
                .returnConsumedCapacity(table.runner().consumedCapacity()).build();
    }

    /**
     * The request to send: one that is not {@link #repeatable} is sent without the SDK's retries of failures that may have
     * been applied ({@link RefusedOnlyRetries}), so such a failure reaches the caller with {@code mayHaveBeenApplied()}.
     */
    public UpdateItemRequest requestToSend(BoundTable table, ReturnValue returnValue) {
        UpdateItemRequest request = request(table, returnValue);
        return repeatable ? request : RefusedOnlyRetries.onto(request);
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
