package dev.singletable.internal.writes;

import dev.singletable.internal.codec.BoundEntity;
import dev.singletable.internal.codec.ItemSize;

import dev.singletable.Condition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.util.Map;
import java.util.Optional;

/**
 * One rendered write: what to send (as a single request or a transaction action) and what its
 * condition expects, so that a refusal can be explained.
 */
public record WritePlan(Kind kind, BoundEntity<?> entity, String operation, Map<String, AttributeValue> key,
                        Map<String, AttributeValue> item, String updateExpression, String conditionExpression,
                        Map<String, String> names, Map<String, AttributeValue> values, Expectation expectation,
                        Object written) {

    public enum Kind { PUT, UPDATE, DELETE, CHECK }

    public enum Existence { ANY, MUST_EXIST, MUST_NOT_EXIST }

    /**
     * What the condition requires, part by part.
     *
     * @param existence       whether the item must exist or must not
     * @param checksType      the condition requires the stored entity type to be this entity's
     * @param expectedVersion the version the write was based on, when it is checked
     * @param guarded         attributes whose stored values the condition pins (for index keys)
     * @param user            the caller's condition
     */
    public record Expectation(Existence existence, boolean checksType, Optional<Long> expectedVersion,
                              java.util.List<String> guarded, Condition user) {
    }

    public String entityType() {
        return entity.type();
    }

    private static <K> Map<String, K> orNull(Map<String, K> map) {
        return map.isEmpty() ? null : map;
    }

    public PutItemRequest putRequest(String table) {
        return PutItemRequest.builder().tableName(table).item(item)
                .conditionExpression(conditionExpression)
                .expressionAttributeNames(orNull(names)).expressionAttributeValues(orNull(values))
                .returnValuesOnConditionCheckFailure(conditionExpression == null ? null : ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    public UpdateItemRequest updateRequest(String table, ReturnValue returnValue) {
        return UpdateItemRequest.builder().tableName(table).key(key)
                .updateExpression(updateExpression)
                .conditionExpression(conditionExpression)
                .expressionAttributeNames(orNull(names)).expressionAttributeValues(orNull(values))
                .returnValues(returnValue)
                .returnValuesOnConditionCheckFailure(conditionExpression == null ? null : ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    public DeleteItemRequest deleteRequest(String table, ReturnValue returnValue) {
        return DeleteItemRequest.builder().tableName(table).key(key)
                .conditionExpression(conditionExpression)
                .expressionAttributeNames(orNull(names)).expressionAttributeValues(orNull(values))
                .returnValues(returnValue)
                .returnValuesOnConditionCheckFailure(conditionExpression == null ? null : ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    public TransactWriteItem transactItem(String table) {
        ReturnValuesOnConditionCheckFailure onFailure = conditionExpression == null ? null : ReturnValuesOnConditionCheckFailure.ALL_OLD;
        return switch (kind) {
            case PUT -> TransactWriteItem.builder().put(Put.builder().tableName(table).item(item)
                    .conditionExpression(conditionExpression)
                    .expressionAttributeNames(orNull(names)).expressionAttributeValues(orNull(values))
                    .returnValuesOnConditionCheckFailure(onFailure).build()).build();
            case UPDATE -> TransactWriteItem.builder().update(software.amazon.awssdk.services.dynamodb.model.Update.builder()
                    .tableName(table).key(key).updateExpression(updateExpression)
                    .conditionExpression(conditionExpression)
                    .expressionAttributeNames(orNull(names)).expressionAttributeValues(orNull(values))
                    .returnValuesOnConditionCheckFailure(onFailure).build()).build();
            case DELETE -> TransactWriteItem.builder().delete(Delete.builder().tableName(table).key(key)
                    .conditionExpression(conditionExpression)
                    .expressionAttributeNames(orNull(names)).expressionAttributeValues(orNull(values))
                    .returnValuesOnConditionCheckFailure(onFailure).build()).build();
            case CHECK -> TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table).key(key)
                    .conditionExpression(conditionExpression)
                    .expressionAttributeNames(orNull(names)).expressionAttributeValues(orNull(values))
                    .returnValuesOnConditionCheckFailure(onFailure).build()).build();
        };
    }

    /** Approximate request bytes, for the 4 MB transaction limit. */
    public int size() {
        int size = ItemSize.of(kind == Kind.PUT ? item : key) + ItemSize.of(values);
        size += updateExpression == null ? 0 : updateExpression.length();
        size += conditionExpression == null ? 0 : conditionExpression.length();
        for (Map.Entry<String, String> name : names.entrySet()) {
            size += name.getKey().length() + name.getValue().length();
        }
        return size;
    }
}
