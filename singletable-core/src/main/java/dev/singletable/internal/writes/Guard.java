package dev.singletable.internal.writes;

import dev.singletable.internal.expressions.Expressions;
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

    // the SDK's builders take null for "not in the request": these are only ever handed to them

    String conditionOrNull() {
        return condition.orElse(null);
    }

    Map<String, String> namesOrNull() {
        return names.isEmpty() ? null : names;
    }

    Map<String, AttributeValue> valuesOrNull() {
        return values.isEmpty() ? null : values;
    }

    ReturnValuesOnConditionCheckFailure onFailureOrNull() {
        return condition.isPresent() ? ReturnValuesOnConditionCheckFailure.ALL_OLD : null;
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
