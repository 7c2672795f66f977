package dev.singletable.internal.writes;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.ItemSize;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

import java.util.Map;

/** A condition on an item a transaction does not write; it exists only as a transaction action. */
record ConditionCheckAction(BoundEntity<?> entity, Map<String, AttributeValue> key, Guard guard) implements WriteAction {

    @Override
    public String operation() {
        return "conditionCheck";
    }

    @Override
    public TransactWriteItem transactItem(String table) {
        return TransactWriteItem.builder().conditionCheck(guard.onto(ConditionCheck.builder()).tableName(table).key(key).build())
                .build();
    }

    @Override
    public int size() {
        return ItemSize.of(key) + guard.size();
    }
}
