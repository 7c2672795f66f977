package dev.singletable.schema.internal;

import dev.singletable.DynamicItem;
import dev.singletable.schema.ConditionDefinition;
import dev.singletable.schema.EntityDefinition;
import dev.singletable.schema.JavaConditionException;
import dev.singletable.schema.SchemaError;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A condition of the file ({@code when:} of an index key, {@code filter:} of a pattern) to a predicate on items.
 */
final class ConditionBuilder {
    private final FileValues fileValues;

    ConditionBuilder(FileValues fileValues) {
        this.fileValues = fileValues;
    }

    /**
     * The predicate of an index's {@code when}. A Java method's the file cannot evaluate: for {@code upperBound} (the
     * design tools composing items) there is none, and the index takes every item whose key slots have values; else
     * {@link #javaMethod}'s, which refuses to decide.
     */
    Optional<Predicate<DynamicItem>> indexPredicate(String at, ConditionDefinition condition, EntityDefinition entity, IndexOf index,
                                                    boolean upperBound) {
        if (condition instanceof ConditionDefinition.JavaMethod java) {
            return upperBound ? Optional.empty() : Optional.of(javaMethod(index, java.method(), entity));
        }
        return predicate(at, condition, entity);
    }

    /** An index of an entity type and the attributes its key templates are composed from. */
    record IndexOf(String entityType, String name, List<String> slots) {
    }

    /**
     * The condition of an index conditioned on a Java method: an item lacking a slot value of the index's keys is not on
     * it, whatever the method says; any other is refused, as only the method can tell whether it is on the index, and a
     * write deciding without it would put the item on the index where the Java application may keep it out. The refusal
     * names the slot values the item has and those it may be written without (the slots not required).
     */
    static Predicate<DynamicItem> javaMethod(IndexOf index, String method, EntityDefinition entity) {
        List<String> optional = index.slots().stream().filter(slot -> !entity.attributes().get(slot).required()).toList();
        return item -> {
            if (!index.slots().stream().allMatch(item::has)) {
                return false;
            }
            Map<String, Object> slots = new LinkedHashMap<>();
            index.slots().forEach(slot -> slots.put(slot, item.values().get(slot)));
            throw new JavaConditionException(index.entityType(), index.name(), method, slots, optional);
        };
    }

    Optional<Predicate<DynamicItem>> predicate(String at, ConditionDefinition condition, EntityDefinition entity) {
        if (condition instanceof ConditionDefinition.JavaMethod java) {
            fileValues.problems.add(SchemaError.Kind.INVALID_STRUCTURE, at + "/java", "a Java method (" + java.method() + ") can only be "
                    + "an index's whole when, as the annotation processor writes it; a filter or a part of all/any needs a condition "
                    + "the file can evaluate (present, absent, equals, notEquals, beginsWith)");
            return Optional.empty();
        }
        if (filterOnly(condition)) {
            fileValues.problems.add(SchemaError.Kind.INVALID_STRUCTURE, at, "an index's when takes present, absent, equals, notEquals, "
                    + "beginsWith, all and any; the comparisons (lessThan ... greaterThanOrEqual, between, in, contains, size, attributeType) and not are an "
                    + "access pattern's filter's only");
            return Optional.empty();
        }
        if (condition instanceof ConditionDefinition.Present present) {
            return fileValues.known(at + "/present", present.attribute(), entity).map(a -> item -> item.has(a));
        }
        if (condition instanceof ConditionDefinition.Absent absent) {
            return fileValues.known(at + "/absent", absent.attribute(), entity).map(a -> item -> !item.has(a));
        }
        if (condition instanceof ConditionDefinition.Equals equals) {
            return comparisons(at + "/equals", equals.values(), entity).map(values -> item -> values.entrySet().stream()
                    .allMatch(e -> Objects.equals(item.values().get(e.getKey()), e.getValue())));
        }
        if (condition instanceof ConditionDefinition.NotEquals notEquals) {
            return comparisons(at + "/notEquals", notEquals.values(), entity).map(values -> item -> values.entrySet().stream()
                    .noneMatch(e -> Objects.equals(item.values().get(e.getKey()), e.getValue())));
        }
        if (condition instanceof ConditionDefinition.BeginsWith beginsWith) {
            Map<String, Object> prefixes = new LinkedHashMap<>(beginsWith.prefixes());
            return comparisons(at + "/beginsWith", prefixes, entity).map(values -> item -> values.entrySet().stream()
                    .allMatch(e -> item.values().get(e.getKey()) instanceof String s && s.startsWith(String.valueOf(e.getValue()))));
        }
        List<ConditionDefinition> parts = condition instanceof ConditionDefinition.All all ? all.conditions()
                : ((ConditionDefinition.Any) condition).conditions();
        String name = condition instanceof ConditionDefinition.All ? "/all/" : "/any/";
        List<Predicate<DynamicItem>> predicates = new ArrayList<>();
        boolean complete = true;
        for (int i = 0; i < parts.size(); i++) {
            Optional<Predicate<DynamicItem>> part = predicate(at + name + i, parts.get(i), entity);
            complete &= part.isPresent();
            part.ifPresent(predicates::add);
        }
        if (!complete) {
            return Optional.empty();
        }
        return Optional.of(condition instanceof ConditionDefinition.All ? item -> predicates.stream().allMatch(p -> p.test(item))
                : item -> predicates.stream().anyMatch(p -> p.test(item)));
    }

    private static boolean filterOnly(ConditionDefinition condition) {
        return condition instanceof ConditionDefinition.Compare || condition instanceof ConditionDefinition.Between
                || condition instanceof ConditionDefinition.In || condition instanceof ConditionDefinition.Contains
                || condition instanceof ConditionDefinition.Size || condition instanceof ConditionDefinition.AttributeType
                || condition instanceof ConditionDefinition.Not;
    }

    /** The attributes a condition reads, in the order it names them. */
    static List<String> attributesRead(ConditionDefinition condition) {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        collectReads(condition, names);
        return List.copyOf(names);
    }

    private static void collectReads(ConditionDefinition condition, java.util.Set<String> names) {
        if (condition instanceof ConditionDefinition.Present present) {
            names.add(present.attribute());
        } else if (condition instanceof ConditionDefinition.Absent absent) {
            names.add(absent.attribute());
        } else if (condition instanceof ConditionDefinition.All all) {
            all.conditions().forEach(part -> collectReads(part, names));
        } else if (condition instanceof ConditionDefinition.Any any) {
            any.conditions().forEach(part -> collectReads(part, names));
        } else if (condition instanceof ConditionDefinition.Not not) {
            collectReads(not.condition(), names);
        } else if (condition instanceof ConditionDefinition.Between between) {
            names.addAll(between.from().keySet());
        } else if (condition instanceof ConditionDefinition.In in) {
            names.addAll(in.values().keySet());
        } else if (condition instanceof ConditionDefinition.Contains contains) {
            names.addAll(contains.values().keySet());
        } else if (condition instanceof ConditionDefinition.Size size) {
            names.addAll(size.sizes().keySet());
        } else if (condition instanceof ConditionDefinition.AttributeType type) {
            names.addAll(type.types().keySet());
        } else {
            names.addAll(condition.comparedValues().keySet()); // equals, notEquals, beginsWith, the ordered comparisons: by attribute
        }
    }

    private Optional<Map<String, Object>> comparisons(String at, Map<String, Object> values, EntityDefinition entity) {
        Map<String, Object> typed = new LinkedHashMap<>();
        boolean complete = true;
        for (Map.Entry<String, Object> value : values.entrySet()) {
            Optional<Object> converted = fileValues.known(at + "/" + LocatedTree.segment(value.getKey()), value.getKey(), entity)
                    .flatMap(name -> fileValues.convert(at + "/" + LocatedTree.segment(name), name, entity.attributes().get(name), value.getValue()));
            complete &= converted.isPresent();
            converted.ifPresent(v -> typed.put(value.getKey(), v));
        }
        return complete ? Optional.of(typed) : Optional.empty();
    }
}
