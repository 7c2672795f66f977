package dev.singletable.internal.writes;

import dev.singletable.internal.expressions.Expressions;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

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
     * setters are used, found by name once per builder class ({@link Members}).
     */
    <B extends SdkPojo> B onto(B builder) {
        Members members = Members.of(builder);
        if (condition.isPresent()) {
            members.condition().set(builder, condition.get());
            members.returnValues().set(builder, ReturnValuesOnConditionCheckFailure.ALL_OLD.toString());
        }
        if (!names.isEmpty()) {
            members.names().set(builder, names);
        }
        if (!values.isEmpty()) {
            members.values().set(builder, values);
        }
        return builder;
    }

    /** The SDK fields of a conditional write builder's four guard members, resolved once per builder class. */
    private record Members(SdkField<?> condition, SdkField<?> returnValues, SdkField<?> names, SdkField<?> values) {
        private static final Map<Class<?>, Members> BY_BUILDER = new ConcurrentHashMap<>();

        static Members of(SdkPojo builder) {
            Members members = BY_BUILDER.get(builder.getClass());
            if (members == null) {
                members = new Members(field(builder, "ConditionExpression"), field(builder, "ReturnValuesOnConditionCheckFailure"),
                        field(builder, "ExpressionAttributeNames"), field(builder, "ExpressionAttributeValues"));
                BY_BUILDER.putIfAbsent(builder.getClass(), members);
            }
            return members;
        }

        private static SdkField<?> field(SdkPojo builder, String member) {
            SdkField<?> field = builder.sdkFieldNameToField().get(member);
            if (field == null) {
                throw new IllegalStateException(builder.getClass().getName() + " has no member " + member
                        + ": a guard goes only on DynamoDB's conditional write builders");
            }
            return field;
        }
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
