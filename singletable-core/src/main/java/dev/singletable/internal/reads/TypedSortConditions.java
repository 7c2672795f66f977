package dev.singletable.internal.reads;

import dev.singletable.internal.codec.KeyBinding;
import dev.singletable.KeyType;
import dev.singletable.KeyValues;
import dev.singletable.ValidationException;
import dev.singletable.internal.keys.BoundKeyTemplate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Sort key conditions on keys that are not one composed text: a number, binary or own-attribute
 * sort key (the slot's value itself), and multi-attribute sort keys (equality on the leading
 * attributes, then one condition on the last attribute given, left to right as DynamoDB requires).
 */
final class TypedSortConditions {
    private TypedSortConditions() {
    }

    /** A condition on a sort key that holds one attribute's value. */
    static void appendValue(String what, StringBuilder condition, Map<String, String> names, Map<String, AttributeValue> values,
                            KeyBinding<?> binding, KeyType type, SortKeyCondition sort) {
        String attribute = binding.sortAttributes().get(0);
        String slot = sortTemplates(binding).get(0).template().attributeNames().get(0);
        if (sort instanceof SortKeyCondition.Compare compare) {
            if (compare.values().value(slot).isEmpty()) {
                if (compare.op() == SortKeyCondition.Op.BEGINS) {
                    return; // no value: every key matches
                }
                throw new ValidationException(what + ": the sort key condition " + compare.op() + " on '" + attribute
                        + "' needs a value for '" + slot + "'; given: " + compare.values().asMap().keySet());
            }
            names.put("#sk", attribute);
            values.put(":sk", binding.sortValue(0, compare.values()));
            condition.append(" AND ").append(operator(compare.op(), "#sk", ":sk"));
        } else if (sort instanceof SortKeyCondition.Between between) {
            AttributeValue from = binding.sortValue(0, between.from());
            AttributeValue to = binding.sortValue(0, between.to());
            if (from.n() != null && new BigDecimal(from.n()).compareTo(new BigDecimal(to.n())) > 0) {
                throw new ValidationException(what + ": sortBetween from " + from.n() + " is above to " + to.n()
                        + "; DynamoDB requires from <= to: swap them");
            }
            names.put("#sk", attribute);
            values.put(":sk", from);
            values.put(":sk2", to);
            condition.append(" AND #sk BETWEEN :sk AND :sk2");
        } else if (sort instanceof SortKeyCondition.Raw raw) {
            if (type != KeyType.S) {
                throw new ValidationException(what + ": sort key '" + attribute + "' holds " + (type == KeyType.N ? "numbers" : "bytes")
                        + ", which take no raw text condition; use sortBetween, sortGreaterThan... with values");
            }
            names.put("#sk", attribute);
            values.put(":sk", AttributeValue.fromS(raw.from()));
            raw.to().ifPresent(to -> values.put(":sk2", AttributeValue.fromS(to)));
            condition.append(" AND ").append(raw.to().isEmpty() ? "begins_with(#sk, :sk)" : "#sk BETWEEN :sk AND :sk2");
        }
    }

    /**
     * A condition on a multi-attribute sort key: {@code =} on every attribute whose slots are all given,
     * left to right, and the condition's operator on the last one given.
     */
    static void appendMultiAttribute(String what, StringBuilder condition, Map<String, String> names,
                                     Map<String, AttributeValue> values, KeyBinding<?> binding, SortKeyCondition sort) {
        List<String> attributes = binding.sortAttributes();
        List<? extends BoundKeyTemplate<?>> templates = sortTemplates(binding);
        if (sort instanceof SortKeyCondition.Compare compare) {
            int given = leadingGiven(what, templates, compare.values());
            if (given == 0) {
                if (compare.op() == SortKeyCondition.Op.BEGINS) {
                    appendPrefix(condition, names, values, attributes, templates, binding, 0, compare.values());
                    return;
                }
                throw new ValidationException(what + ": the sort key condition " + compare.op() + " needs every slot of the first "
                        + "sort key attribute '" + attributes.get(0) + "' (template '" + templates.get(0).template().text() + "')");
            }
            for (int i = 0; i < given; i++) {
                boolean last = i == given - 1;
                SortKeyCondition.Op op = !last || compare.op() == SortKeyCondition.Op.BEGINS ? SortKeyCondition.Op.EQ : compare.op();
                put(names, values, i, attributes.get(i), binding.sortValue(i, compare.values()));
                condition.append(" AND ").append(operator(op, "#sk" + i, ":sk" + i));
            }
            if (compare.op() == SortKeyCondition.Op.BEGINS && given < attributes.size()) {
                appendPrefix(condition, names, values, attributes, templates, binding, given, compare.values());
            }
        } else if (sort instanceof SortKeyCondition.Between between) {
            int given = leadingGiven(what, templates, between.from());
            if (given == 0 || leadingGiven(what, templates, between.to()) != given) {
                throw new ValidationException(what + ": sortBetween on a multi-attribute sort key " + attributes + " needs values "
                        + "for the same leading attributes in from and to (at least '" + attributes.get(0) + "')");
            }
            for (int i = 0; i < given - 1; i++) {
                AttributeValue from = binding.sortValue(i, between.from());
                if (!from.equals(binding.sortValue(i, between.to()))) {
                    throw new ValidationException(what + ": sortBetween on a multi-attribute sort key ranges over its last given "
                            + "attribute only; '" + attributes.get(i) + "' differs between from and to: give it one value");
                }
                put(names, values, i, attributes.get(i), from);
                condition.append(" AND #sk").append(i).append(" = :sk").append(i);
            }
            int last = given - 1;
            names.put("#sk" + last, attributes.get(last));
            values.put(":sk" + last, binding.sortValue(last, between.from()));
            values.put(":sk" + last + "to", binding.sortValue(last, between.to()));
            condition.append(" AND #sk").append(last).append(" BETWEEN :sk").append(last).append(" AND :sk").append(last).append("to");
        } else {
            throw new ValidationException(what + ": a multi-attribute sort key " + attributes
                    + " takes no raw text condition; give slot values (sortEquals, sortBeginsWith, sortBetween...)");
        }
    }

    private static void appendPrefix(StringBuilder condition, Map<String, String> names, Map<String, AttributeValue> values,
                                     List<String> attributes, List<? extends BoundKeyTemplate<?>> templates,
                                     KeyBinding<?> binding, int i, KeyValues given) {
        if (!binding.sortIsText(i)) {
            return;
        }
        KeyValues own = KeyValues.none();
        for (String slot : templates.get(i).template().attributeNames()) {
            if (given.value(slot).isPresent()) {
                own = own.and(slot, given.value(slot).get());
            }
        }
        String prefix = templates.get(i).prefix(own).text();
        if (!prefix.isEmpty()) {
            put(names, values, i, attributes.get(i), AttributeValue.fromS(prefix));
            condition.append(" AND begins_with(#sk").append(i).append(", :sk").append(i).append(")");
        }
    }

    private static void put(Map<String, String> names, Map<String, AttributeValue> values, int i, String attribute, AttributeValue value) {
        names.put("#sk" + i, attribute);
        values.put(":sk" + i, value);
    }

    /** How many sort attributes, from the first, have all their slots given; refuses values for attributes after a gap. */
    private static int leadingGiven(String what, List<? extends BoundKeyTemplate<?>> templates, KeyValues values) {
        int given = 0;
        while (given < templates.size() && values.asMap().keySet().containsAll(templates.get(given).template().attributeNames())) {
            given++;
        }
        for (int i = given + 1; i < templates.size(); i++) {
            for (String slot : templates.get(i).template().attributeNames()) {
                if (values.value(slot).isPresent() && !templates.get(given).template().attributeNames().contains(slot)) {
                    throw new ValidationException(what + ": a value for '" + slot + "' needs values for every sort key attribute "
                            + "before it; multi-attribute sort conditions go left to right");
                }
            }
        }
        return given;
    }

    private static List<? extends BoundKeyTemplate<?>> sortTemplates(KeyBinding<?> binding) {
        List<? extends BoundKeyTemplate<?>> all = binding.templates();
        return all.subList(binding.partitionAttributes().size(), all.size());
    }

    private static String operator(SortKeyCondition.Op op, String name, String value) {
        return switch (op) {
            case EQ, BEGINS -> name + " = " + value;
            case LT -> name + " < " + value;
            case LE -> name + " <= " + value;
            case GT -> name + " > " + value;
            case GE -> name + " >= " + value;
            default -> throw new IllegalStateException("not a comparison: " + op);
        };
    }
}
