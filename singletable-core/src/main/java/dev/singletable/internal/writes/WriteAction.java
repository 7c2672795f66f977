package dev.singletable.internal.writes;

import dev.singletable.internal.codec.BoundEntity;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

import java.util.Map;

/**
 * One rendered write: it renders its own request and its transaction action, and keeps what its
 * condition expects so that a refusal can be explained.
 */
sealed interface WriteAction permits PutAction, UpdateAction, DeleteAction, ConditionCheckAction {

    BoundEntity<?> entity();

    /** The operation as the user called it (put, create, replace, update, upsert, delete, conditionCheck). */
    String operation();

    Map<String, AttributeValue> key();

    Guard guard();

    TransactWriteItem transactItem(String table);

    /** Approximate request bytes, for the 4 MB transaction limit. */
    int size();

    default String entityType() {
        return entity().type();
    }
}
