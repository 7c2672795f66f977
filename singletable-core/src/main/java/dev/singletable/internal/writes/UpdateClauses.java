package dev.singletable.internal.writes;

import dev.singletable.Attribute;
import dev.singletable.Update;
import dev.singletable.internal.expressions.Expressions;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An update expression being built: its four clauses, and what it does to each attribute (the new
 * value when it sets one, or that only DynamoDB will know the value), for index key upkeep.
 */
final class UpdateClauses {
    final Expressions expressions = new Expressions();
    final List<String> set = new ArrayList<>();
    final List<String> remove = new ArrayList<>();
    final List<String> add = new ArrayList<>();
    final List<String> delete = new ArrayList<>();
    /** attribute -> value after the update; a null value: removed. */
    final Map<String, Object> newValues = new HashMap<>();
    /** attributes changed to values only DynamoDB knows, with the operation that changes them. */
    final Map<String, Update.Operation> opaque = new HashMap<>();
    /** numbers of bounded kinds the update adds to, by their rendered paths, whose results the condition keeps in range. */
    final Map<String, RangeGuard> ranges = new java.util.LinkedHashMap<>();

    /** attributes with range rules the update adds to, whose results the condition keeps within the rules' bounds. */
    final List<RuleBoundGuard> bounds = new ArrayList<>();

    /** list elements the update writes at or into, by their rendered paths, whose existence the condition requires. */
    final Map<String, ElementGuard> elements = new java.util.LinkedHashMap<>();

    /**
     * Index keys set only where the item has none (if_not_exists), from the defaults of slots the upsert leaves out: the
     * condition requires the keys to be stored, or each such slot to read as its default, so that no wrong key is written.
     */
    final List<KeysIfAbsent> keysIfAbsent = new ArrayList<>();

    /** The attributes an index's keys are stored in, and the slots (by attribute) whose defaults they were built from. */
    record KeysIfAbsent(List<String> keyAttributes, Map<Attribute<?, ?>, Object> defaulted) {
    }

    /**
     * Whether a change's result depends on the stored value (an addition, a subtraction, an append or prepend, the removal of
     * a list element), so that the update applied twice stores something else than applied once.
     */
    boolean accumulates;

    /** Notes an action that changes the stored value by what it holds: see {@link #accumulates}. */
    void noteAccumulation(Update.Action<?> action) {
        accumulates |= switch (action.operation()) {
            case ADD_NUMBER, SUBTRACT_NUMBER, APPEND, PREPEND -> true;
            case REMOVE -> action.path().listElement().filter(action.path()::equals).isPresent();
            default -> false;
        };
    }

    String name(String attribute) {
        return expressions.name(attribute);
    }

    String value(software.amazon.awssdk.services.dynamodb.model.AttributeValue value) {
        return expressions.value(value);
    }

    void changedOpaquely(String attribute, Update.Operation operation) {
        opaque.put(attribute, operation);
    }

    /**
     * Guards an addition to a number at the path rendered, so that the result stays in its kind's range and within its
     * range rules: by one guard, the tighter, which implies the other (two would only lengthen the condition).
     */
    void guardRange(Update.Action<?> action, String renderedPath) {
        Optional<RangeGuard> range = RangeGuard.of(action);
        Optional<RuleBoundGuard> rule = RuleBoundGuard.of(action);
        if (rule.isPresent() && range.map(r -> rule.get().atLeastAsTightAs(new java.math.BigDecimal(r.bound()))).orElse(true)) {
            bounds.add(rule.get());
        } else {
            range.ifPresent(guard -> ranges.put(renderedPath, guard));
        }
    }

    /** Requires the list element the action writes at or into to exist, so that nothing is appended or padded. */
    void guardElement(Update.Action<?> action) {
        ElementGuard.of(action).ifPresent(guard -> elements.putIfAbsent(guard.element().render(expressions), guard));
    }

    /** The conditions requiring the list elements written at to exist. */
    List<String> elementConditions() {
        List<String> conditions = new ArrayList<>(elements.size());
        elements.keySet().forEach(path -> conditions.add("attribute_exists(" + path + ")"));
        return conditions;
    }

    /** The conditions keeping the numbers added to in range, their bounds taking placeholders after the expression's. */
    List<String> rangeConditions() {
        List<String> conditions = new ArrayList<>(ranges.size());
        ranges.forEach((path, guard) -> conditions.add(guard.render("attribute_not_exists(" + path + ")", path, value(guard.storedBound()))));
        for (RuleBoundGuard bound : bounds) {
            String path = bound.path().render(expressions);
            conditions.add(bound.render("attribute_not_exists(" + path + ")", path, value(bound.storedBound())));
        }
        return conditions;
    }

    boolean touches(String attribute) {
        return newValues.containsKey(attribute) || opaque.containsKey(attribute);
    }

    String render() {
        StringBuilder expression = new StringBuilder(128);
        clause(expression, "SET", set);
        clause(expression, "REMOVE", remove);
        clause(expression, "ADD", add);
        clause(expression, "DELETE", delete);
        return expression.toString();
    }

    private static void clause(StringBuilder expression, String keyword, List<String> actions) {
        if (actions.isEmpty()) {
            return;
        }
        if (expression.length() > 0) {
            expression.append(' ');
        }
        expression.append(keyword).append(' ');
        for (int i = 0; i < actions.size(); i++) {
            if (i > 0) {
                expression.append(", ");
            }
            expression.append(actions.get(i)); // into the expression, without joining the clause on its own first
        }
    }
}
