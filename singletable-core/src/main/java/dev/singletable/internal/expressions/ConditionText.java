package dev.singletable.internal.expressions;

import dev.singletable.Condition;
import dev.singletable.Placeholders;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A condition as messages and {@code toString} show it: attribute names as themselves, values numbered
 * {@code :v0, :v1...} and listed after the expression, such as {@code #status = :v0 with :v0="OPEN"}.
 */
final class ConditionText {
    private ConditionText() {
    }

    /** The readable text of a condition that is not {@code Condition.none()}. */
    static String readable(Condition condition) {
        List<AttributeValue> values = new ArrayList<>();
        String text = condition.render(new Placeholders() {
            @Override
            public String name(String attributeName) {
                return attributeName;
            }

            @Override
            public String value(AttributeValue value) {
                values.add(value);
                return ":v" + (values.size() - 1);
            }
        });
        StringBuilder out = new StringBuilder(text);
        for (int i = 0; i < values.size(); i++) {
            out.append(i == 0 ? " with " : ", ").append(":v").append(i).append('=').append(describe(values.get(i)));
        }
        return out.toString();
    }

    /** A stored value in a message: a string quoted, a number as its text, anything else as the SDK shows it. */
    static String describe(AttributeValue value) {
        if (value.s() != null) {
            return "\"" + value.s() + "\"";
        }
        if (value.n() != null) {
            return value.n();
        }
        return String.valueOf(value);
    }
}
