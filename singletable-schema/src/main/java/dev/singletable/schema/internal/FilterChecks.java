package dev.singletable.schema.internal;

import dev.singletable.Condition;
import dev.singletable.schema.AttributeDefinition;
import dev.singletable.schema.AttributeDefinition.AttributeKind;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.SchemaError.Kind;

import dev.singletable.schema.AccessPatternDefinition;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An access pattern's {@code filter} checked against the attributes it reads: the conditions an index's {@code when} has
 * too through {@link ConditionBuilder}, and those only a filter has (the ordered comparisons, {@code between}, {@code in},
 * {@code contains}, {@code size}, {@code attributeType}, {@code not}) here, each refusal naming the pattern, the attribute and the value.
 */
final class FilterChecks {
    /** The stored types DynamoDB orders: the only ones {@code <}, {@code <=}, {@code >}, {@code >=} and BETWEEN compare. */
    private static final Set<String> ORDERED = Set.of("S", "N", "B");

    private final FileValues fileValues;
    private final ConditionBuilder conditions;
    /** The entity the pattern reads ({@code Order}; {@code Order or Customer} for a collection), for messages. */
    private final String entityName;

    FilterChecks(FileValues fileValues, ConditionBuilder conditions, String entityName) {
        this.fileValues = fileValues;
        this.conditions = conditions;
        this.entityName = entityName;
    }

    void check(String at, String pattern, ConditionDefinition filter, EntityDefinition entity) {
        String subject = "access pattern '" + pattern + "': ";
        if (filter instanceof ConditionDefinition.All all) {
            parts(at + "/all/", pattern, all.conditions(), entity);
        } else if (filter instanceof ConditionDefinition.Any any) {
            parts(at + "/any/", pattern, any.conditions(), entity);
        } else if (filter instanceof ConditionDefinition.Not not) {
            check(at + "/not", pattern, not.condition(), entity);
        } else if (filter instanceof ConditionDefinition.Compare compare) {
            String name = compare.comparison().fileName();
            compare.values().forEach((attribute, value) -> ordered(at + "/" + name + "/" + LocatedTree.segment(attribute), subject, name,
                    attribute, String.valueOf(value), entity).ifPresent(definition -> convert(at + "/" + name + "/" + LocatedTree.segment(attribute), subject,
                    attribute, definition, value)));
        } else if (filter instanceof ConditionDefinition.Between between) {
            between(at + "/between", subject, between, entity);
        } else if (filter instanceof ConditionDefinition.In in) {
            in.values().forEach((attribute, values) -> in(at + "/in/" + LocatedTree.segment(attribute), subject, attribute, values, entity));
        } else if (filter instanceof ConditionDefinition.Contains contains) {
            contains.values().forEach((attribute, value) -> contains(at + "/contains/" + LocatedTree.segment(attribute), subject, attribute,
                    value, entity));
        } else if (filter instanceof ConditionDefinition.Size size) {
            size.sizes().keySet().forEach(attribute -> size(at + "/size/" + LocatedTree.segment(attribute), subject, attribute, entity));
        } else if (filter instanceof ConditionDefinition.AttributeType type) {
            type.types().forEach((attribute, code) -> attributeType(at + "/attributeType/" + LocatedTree.segment(attribute), subject,
                    attribute, code, entity));
        } else {
            conditions.predicate(at, filter, entity); // present, absent, equals, notEquals, beginsWith; java is refused there
        }
    }

    /**
     * Refuses a filter that compares one attribute in two comparisons of which one is ordered: each such comparison takes its
     * value from one parameter named by the bare attribute, so a caller's value would bound both ends alike
     * ({@code total >= 50 AND total < 50}) and the filter would read nothing.
     */
    void oneParameterEach(String at, String pattern, ConditionDefinition filter) {
        Map<String, List<String>> operators = new LinkedHashMap<>();
        Map<String, Boolean> orderedByAttribute = new LinkedHashMap<>();
        collect(filter, operators, orderedByAttribute);
        operators.forEach((attribute, names) -> {
            if (names.size() > 1 && orderedByAttribute.getOrDefault(attribute, false)) {
                fileValues.problems.add(Kind.INVALID_VALUE, at, "access pattern '" + pattern + "': the filter compares " + attribute
                        + " in " + names.size() + " comparisons (" + String.join(", ", names) + "), and its one parameter '" + attribute
                        + "' gives each the same value, so a caller's " + attribute + " would bound both ends alike; compare "
                        + attribute + " once, or give a range with between (parameters " + attribute + AccessPatternDefinition.FROM
                        + " and " + attribute + AccessPatternDefinition.TO + ")");
            }
        });
    }

    private static void collect(ConditionDefinition condition, Map<String, List<String>> operators, Map<String, Boolean> ordered) {
        if (condition instanceof ConditionDefinition.Compare compare) {
            compare.values().keySet().forEach(attribute -> {
                operators.computeIfAbsent(attribute, a -> new ArrayList<>()).add(compare.comparison().fileName());
                ordered.put(attribute, true);
            });
        } else if (condition instanceof ConditionDefinition.Equals equals) {
            equals.values().keySet().forEach(a -> operators.computeIfAbsent(a, k -> new ArrayList<>()).add("equals"));
        } else if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            notEquals.values().keySet().forEach(a -> operators.computeIfAbsent(a, k -> new ArrayList<>()).add("notEquals"));
        } else if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            beginsWith.prefixes().keySet().forEach(a -> operators.computeIfAbsent(a, k -> new ArrayList<>()).add("beginsWith"));
        } else if (condition instanceof ConditionDefinition.Not not) {
            collect(not.condition(), operators, ordered);
        } else if (condition instanceof ConditionDefinition.All all) {
            all.conditions().forEach(part -> collect(part, operators, ordered));
        } else if (condition instanceof ConditionDefinition.Any any) {
            any.conditions().forEach(part -> collect(part, operators, ordered));
        }
    }

    private void parts(String at, String pattern, List<ConditionDefinition> parts, EntityDefinition entity) {
        for (int i = 0; i < parts.size(); i++) {
            check(at + i, pattern, parts.get(i), entity);
        }
    }

    private Optional<Object> convert(String at, String subject, String attribute, AttributeDefinition definition, Object value) {
        return fileValues.convert(at, definition, value, subject + "attribute '" + attribute + "'");
    }

    /**
     * The attribute's declaration when it is one of a type DynamoDB orders, stored in value order; else reported (an
     * instant's or enum's stored text does not sort as its values: {@code Kind.storedInValueOrder}).
     */
    private Optional<AttributeDefinition> ordered(String at, String subject, String operator, String attribute, String value,
                                                  EntityDefinition entity) {
        return fileValues.known(at, attribute, entity).map(entity.attributes()::get).filter(definition -> {
            Optional<dev.singletable.internal.kinds.Kind> misordered = dev.singletable.internal.kinds.Kind.ofFileName(
                    definition.type().fileName()).filter(kind -> kind.storedOrderFlaw().isPresent());
            if (misordered.isPresent()) {
                fileValues.problems.add(Kind.INVALID_VALUE, at, dev.singletable.internal.kinds.Kind.unorderedComparison(
                        subject.substring(0, subject.length() - 2), operator + " " + value, entityName + "." + attribute + " ("
                                + definition.typeText() + ")",
                        misordered.get(), misordered.get().storedOrderFix("type: epochSeconds", "equals or in")));
                return false;
            }
            if (ORDERED.contains(definition.type().storedAs())) {
                return true;
            }
            fileValues.problems.add(Kind.INVALID_VALUE, at, subject + operator + " compares by DynamoDB's order, which only strings, "
                    + "numbers and binary values have; attribute '" + attribute + "' is " + definition.typeText() + " (stored as "
                    + definition.type().storedAs() + "): compare it with equals, notEquals, in or contains");
            return false;
        });
    }

    private void between(String at, String subject, ConditionDefinition.Between between, EntityDefinition entity) {
        if (!between.from().keySet().equals(between.to().keySet())) {
            fileValues.problems.add(Kind.INVALID_VALUE, at, subject + "between's from names " + String.join(", ", between.from().keySet())
                    + " and its to names " + String.join(", ", between.to().keySet()) + "; give both bounds of the same attributes");
            return;
        }
        between.from().forEach((attribute, from) -> ordered(at + "/from/" + LocatedTree.segment(attribute), subject, "between", attribute,
                from + " and " + between.to().get(attribute), entity).ifPresent(definition -> {
            Optional<Object> low = convert(at + "/from/" + LocatedTree.segment(attribute), subject, attribute, definition, from);
            Optional<Object> high = convert(at + "/to/" + LocatedTree.segment(attribute), subject, attribute, definition,
                    between.to().get(attribute));
            if (low.isPresent() && high.isPresent() && StoredOrder.INSTANCE.compare(low.get(), high.get()) > 0) {
                fileValues.problems.add(Kind.INVALID_VALUE, at, subject + "between on " + attribute + ": low " + from + " is above high "
                        + between.to().get(attribute) + ", and DynamoDB refuses BETWEEN with low > high; swap them");
            }
        }));
    }

    private void in(String at, String subject, String attribute, List<Object> values, EntityDefinition entity) {
        Optional<AttributeDefinition> definition = fileValues.known(at, attribute, entity).map(entity.attributes()::get);
        if (definition.isEmpty()) {
            return;
        }
        if (values.isEmpty() || values.size() > 100) {
            fileValues.problems.add(Kind.INVALID_VALUE, at, subject + "in on " + attribute + " has " + values.size()
                    + " values; DynamoDB takes 1 to 100: give at least one, or split the list with any");
            return;
        }
        for (int i = 0; i < values.size(); i++) {
            convert(at + "/" + i, subject, attribute, definition.get(), values.get(i));
        }
    }

    private void contains(String at, String subject, String attribute, Object value, EntityDefinition entity) {
        Optional<AttributeDefinition> known = fileValues.known(at, attribute, entity).map(entity.attributes()::get);
        if (known.isEmpty()) {
            return;
        }
        AttributeDefinition definition = known.get();
        Optional<String> element = containedType(definition);
        if (element.isEmpty()) {
            fileValues.problems.add(Kind.INVALID_VALUE, at, subject + "contains looks for text in a string or an element of a set or "
                    + "list; attribute '" + attribute + "' is " + definition.typeText() + " (stored as " + definition.type().storedAs()
                    + "): compare it with equals, lessThan ... greaterThanOrEqual, between or in");
        } else if (element.get().equals("N") != value instanceof BigDecimal) {
            fileValues.problems.add(Kind.INVALID_VALUE, at, subject + "attribute '" + attribute + "' is " + definition.typeText()
                    + ", so contains looks for " + (element.get().equals("N") ? "a number" : "text") + ", not " + value
                    + (element.get().equals("N") ? "" : " (quote it: '" + value + "')"));
        }
    }

    /** Refuses {@code size} on a number or boolean, which has none (DynamoDB refuses the expression). */
    private void size(String at, String subject, String attribute, EntityDefinition entity) {
        fileValues.known(at, attribute, entity).map(entity.attributes()::get).ifPresent(definition -> {
            String stored = definition.type().storedAs();
            if (stored.equals("N") || stored.equals("BOOL")) {
                fileValues.problems.add(Kind.INVALID_VALUE, at, subject + "size is the length of a string or binary or the element "
                        + "count of a set, list or map; attribute '" + attribute + "' is " + definition.typeText() + " (stored as " + stored
                        + "), which has no size: compare its value with equals, lessThan ... greaterThanOrEqual, between or in");
            }
        });
    }

    /**
     * Refuses a type code that is none of DynamoDB's, and one other than the attribute's declared type stores, which no item of
     * the entity has (the filter would drop every item).
     */
    private void attributeType(String at, String subject, String attribute, String code, EntityDefinition entity) {
        List<String> codes = java.util.Arrays.stream(Condition.StoredType.values()).map(Condition.StoredType::code)
                .toList();
        if (!codes.contains(code)) {
            fileValues.problems.add(Kind.INVALID_VALUE, at, subject + "attributeType of '" + attribute + "' is " + code
                    + ", which is no DynamoDB type; give one of " + String.join(", ", codes));
            return;
        }
        fileValues.known(at, attribute, entity).map(entity.attributes()::get).ifPresent(definition -> {
            String stored = definition.type().storedAs();
            if (!stored.equals(code)) {
                fileValues.problems.add(Kind.INVALID_VALUE, at, subject + "attribute '" + attribute + "' is " + definition.typeText()
                        + ", stored as " + stored + ", so attributeType " + code + " holds for no item; give " + stored
                        + " (or present: " + attribute + ", which holds alike)");
            }
        });
    }

    /**
     * What {@code contains} looks for in an attribute of this declaration, as DynamoDB stores it: {@code S} for text in a
     * string or a string in a string set or list, {@code N} for a number in a number set or a list of numbers; empty where
     * the attribute holds neither.
     */
    static Optional<String> containedType(AttributeDefinition definition) {
        AttributeKind type = definition.type();
        if (type.storedAs().equals("S") || type == AttributeKind.STRING_SET || type == AttributeKind.STRING_LIST) {
            return Optional.of("S");
        }
        if (type == AttributeKind.NUMBER_SET) {
            return Optional.of("N");
        }
        if (type == AttributeKind.LIST) {
            AttributeKind element = definition.elementType().orElseThrow();
            return Map.of(AttributeKind.STRING, "S", AttributeKind.INTEGER, "N", AttributeKind.LONG, "N", AttributeKind.DECIMAL, "N")
                    .entrySet().stream().filter(e -> e.getKey() == element).map(Map.Entry::getValue).findFirst();
        }
        return Optional.empty();
    }
}
