package dev.singletable.internal.writes;

import dev.singletable.internal.expressions.Expressions;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

import java.util.Map;
import java.util.Optional;

/**
 * A write's rendered condition with the request's placeholders (those of its update expression
 * too), and what the condition expects.
 */
record Guard(Optional<String> condition, Map<String, String> names, Map<String, AttributeValue> values,
                    Expectation expectation) {

    static Guard of(Optional<String> condition, Expressions expressions, Expectation expectation) {
        return new Guard(condition, expressions.names(), expressions.values(), expectation);
    }

    /** No condition and no placeholders. */
    static Guard unconditional(Expectation expectation) {
        return new Guard(Optional.empty(), Map.of(), Map.of(), expectation);
    }

    /**
     * Puts this guard on an SDK write builder: the single-item requests ({@code PutItemRequest}, {@code UpdateItemRequest},
     * {@code DeleteItemRequest}) and the transaction parts ({@code Put}, {@code Update}, {@code Delete},
     * {@code ConditionCheck}) share no builder type but name the guard's members alike, so the guard is set here once, by
     * those names, rather than by seven typed chains. What the guard lacks stays out of the request. The SDK's own
     * setters are used (its static name-to-field table), so this costs a map lookup a member.
     */
    <B extends SdkPojo> B onto(B builder) {
        if (condition.isPresent()) {
            set(builder, "ConditionExpression", condition.get());
            set(builder, "ReturnValuesOnConditionCheckFailure", ReturnValuesOnConditionCheckFailure.ALL_OLD.toString());
        }
        if (!names.isEmpty()) {
            set(builder, "ExpressionAttributeNames", names);
        }
        if (!values.isEmpty()) {
            set(builder, "ExpressionAttributeValues", values);
        }
        return builder;
    }

    private static void set(SdkPojo builder, String member, Object value) {
        SdkField<?> field = builder.sdkFieldNameToField().get(member);
        if (field == null) {
            throw new IllegalStateException(builder.getClass().getName() + " has no member " + member
                    + ": a guard goes only on DynamoDB's conditional write builders");
        }
        field.set(builder, value);
    }

    /** Approximate bytes of the condition and placeholders, for the 4 MB transaction limit. */
    int size() {
        int size = dev.singletable.internal.codec.ItemSize.of(values) + condition.map(String::length).orElse(0);
        for (Map.Entry<String, String> name : names.entrySet()) {
            size += name.getKey().length() + name.getValue().length();
        }
        return size;
    }
}
