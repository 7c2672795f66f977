package dev.singletable.internal.writes;

import dev.singletable.Condition;
import dev.singletable.internal.expressions.Expressions;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The parts of a write's condition, joined with AND, rendered into the request's placeholders. */
final class ConditionParts {
    private final Expressions expressions;
    private final String partitionKeyAttribute;
    private final List<String> parts = new ArrayList<>(4);

    ConditionParts(Expressions expressions, String partitionKeyAttribute) {
        this.expressions = expressions;
        this.partitionKeyAttribute = partitionKeyAttribute;
    }

    ConditionParts add(String part) {
        parts.add(part);
        return this;
    }

    ConditionParts existence(Expectation.Existence existence) {
        if (existence == Expectation.Existence.MUST_EXIST) {
            parts.add("attribute_exists(" + expressions.name(partitionKeyAttribute) + ")");
        } else if (existence == Expectation.Existence.MUST_NOT_EXIST) {
            parts.add("attribute_not_exists(" + expressions.name(partitionKeyAttribute) + ")");
        }
        return this;
    }

    ConditionParts version(String versionAttribute, Optional<Long> expected) {
        expected.ifPresent(version -> parts.add(expressions.name(versionAttribute) + " = "
                + expressions.value(AttributeValue.fromN(version.toString()))));
        return this;
    }

    ConditionParts user(Condition user) {
        if (!user.isNone()) {
            String text = user.render(expressions);
            parts.add(parts.isEmpty() || user.bindsAtLeastAsTightAsAnd() ? text : "(" + text + ")");
        }
        return this;
    }

    Guard guard(Expectation expectation) {
        Optional<String> condition = parts.isEmpty() ? Optional.empty() : Optional.of(String.join(" AND ", parts));
        return Guard.of(condition, expressions, expectation);
    }
}
