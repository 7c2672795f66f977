package dev.singletable.processor;

import dev.singletable.annotations.Update;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.PatternModel.Bound;
import dev.singletable.processor.PatternModel.Kind;
import dev.singletable.processor.PatternModel.Result;
import dev.singletable.processor.PatternModel.Target;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.singletable.processor.PatternParameters.argument;
import static dev.singletable.processor.PatternParameters.attributeNames;
import static dev.singletable.processor.PatternParameters.closest;
import static dev.singletable.processor.PatternParameters.join;
import static dev.singletable.processor.PatternParameters.property;
import static dev.singletable.processor.PatternParameters.simpleType;
import static dev.singletable.processor.PatternParameters.slotName;
import static dev.singletable.processor.PatternParameters.slots;

/** Reads a get, batch get, update or delete: parameters fill the primary key (an update's also set attributes). */
final class KeyedPatternReader {
    private final ProcessorContext context;
    private final PatternParameters parameters;

    KeyedPatternReader(ProcessorContext context) {
        this.context = context;
        this.parameters = new PatternParameters(context);
    }

    /** The pattern, or null when reported. */
    PatternModel.Method read(String name, ExecutableElement method, Kind kind, Result result, Target target) {
        EntityModel entity = target.entity();
        List<String> partition = slots(List.of(entity.partitionTemplate()));
        List<String> sort = entity.sortTemplate() == null ? List.of() : slots(List.of(entity.sortTemplate()));
        List<String> setNames = kind == Kind.UPDATE ? List.of(method.getAnnotation(Update.class).set()) : List.of();
        List<Bound> sets = new ArrayList<>();
        if (!setsKnown(name, method, entity, setNames, join(partition, sort))) {
            return null;
        }
        Map<Property, Bound> key = new LinkedHashMap<>();
        List<Bound> varying = new ArrayList<>(1); // the Collection parameter of a batch get
        for (VariableElement parameter : method.getParameters()) {
            String slot = slotName(parameter, null);
            Property property = property(entity, slot);
            boolean bound = kind == Kind.UPDATE && property != null && setNames.stream().anyMatch(s -> property.equals(property(entity, s)))
                    ? bindSet(name, parameter, entity, property, sets)
                    : bindKey(name, parameter, kind, entity, slot, property, join(partition, sort), key, varying);
            if (!bound) {
                return null;
            }
        }
        if (kind == Kind.BATCH_GET && varying.isEmpty()) {
            context.diagnostics().report(Message.PATTERN_BATCH_SHAPE, method, name, "no Collection parameter");
            return null;
        }
        if (!setsBound(name, method, entity, setNames, sets)
                || !parameters.checkBound(name, method, entity, "the table", entity.partitionTemplate(), partition, key)
                || entity.sortTemplate() != null
                && !parameters.checkBound(name, method, entity, "the table", entity.sortTemplate(), sort, key)) {
            return null;
        }
        return new PatternModel.Method(method, kind, result, target, Optional.empty(), ordered(partition, sort, key), List.of(),
                Optional.empty(), List.of(), List.of(), List.of(), Optional.empty(), varying.stream().findFirst(), Optional.empty(), sets, false, 0, List.of(),
                false);
    }

    /** Binds a parameter to a value {@code @Update(set)} names; false when reported (wrong type, or the attribute set twice). */
    private boolean bindSet(String name, VariableElement parameter, EntityModel entity, Property property, List<Bound> sets) {
        if (!parameters.fits(parameter.asType(), property)) {
            parameters.reportType(name, parameter, entity, property);
            return false;
        }
        Bound set = new Bound(parameter, entity, property);
        if (!parameters.slotFree(name, set, sets.stream().filter(b -> b.property().equals(property)).findFirst())) {
            return false;
        }
        sets.add(set);
        return true;
    }

    /**
     * Binds a parameter to a slot of the primary key ({@code varying} takes a batch get's Collection parameter); false when
     * reported (no such slot, wrong type, a second Collection, or the slot filled twice).
     */
    private boolean bindKey(String name, VariableElement parameter, Kind kind, EntityModel entity, String slot, Property property,
                            List<String> keySlots, Map<Property, Bound> key, List<Bound> varying) {
        if (property == null || !keySlots.contains(property.attributeName())) {
            parameters.reportUnknownSlot(name, parameter, slot, entity, "the table", keySlots, property);
            return false;
        }
        Bound bound = new Bound(parameter, entity, property);
        if (kind == Kind.BATCH_GET && parameters.isCollection(parameter.asType())) {
            if (!varying.isEmpty()) {
                context.diagnostics().report(Message.PATTERN_BATCH_SHAPE, parameter, name, "two Collection parameters ('" + varying.get(0).name()
                        + "' and '" + parameter.getSimpleName() + "')");
                return false;
            }
            if (!parameters.fits(argument(parameter.asType()), property)) {
                parameters.reportType(name, parameter, entity, property);
                return false;
            }
            varying.add(bound);
        } else if (!parameters.fits(parameter.asType(), property)) {
            parameters.reportType(name, parameter, entity, property);
            return false;
        }
        if (!parameters.slotFree(name, bound, Optional.ofNullable(key.get(property)))) {
            return false;
        }
        key.put(property, bound);
        return true;
    }

    /**
     * True when every attribute of {@code @Update(set)} is one of the entity's and none is in its primary key (DynamoDB
     * updates no key attribute: an item with another key is another item); else reported.
     */
    private boolean setsKnown(String name, ExecutableElement method, EntityModel entity, List<String> setNames, List<String> keySlots) {
        for (String set : setNames) {
            Property property = property(entity, set);
            if (property == null) {
                context.diagnostics().report(Message.PATTERN_UNKNOWN_ATTRIBUTE, method, name, "@Update(set)", set, entity.element().getSimpleName(),
                        closest(set, attributeNames(entity)), attributeNames(entity));
                return false;
            }
            if (keySlots.contains(property.attributeName())) {
                String template = slots(List.of(entity.partitionTemplate())).contains(property.attributeName()) ? entity.partitionTemplate()
                        : entity.sortTemplate();
                context.diagnostics().report(Message.PATTERN_SET_KEY, method, name, set, entity.element().getSimpleName(), template);
                return false;
            }
        }
        return true;
    }

    /** True when a parameter gives every attribute of {@code @Update(set)}; else reported. */
    private boolean setsBound(String name, ExecutableElement method, EntityModel entity, List<String> setNames, List<Bound> sets) {
        for (String set : setNames) {
            Property property = property(entity, set);
            if (sets.stream().noneMatch(b -> b.property().equals(property))) {
                context.diagnostics().report(Message.PATTERN_SET_WITHOUT_PARAMETER, method, name, set, simpleType(property.type()),
                        property.javaName());
                return false;
            }
        }
        return true;
    }

    /** The key parameters in the order of the slots they fill. */
    private static List<Bound> ordered(List<String> partition, List<String> sort, Map<Property, Bound> key) {
        List<Bound> ordered = new ArrayList<>();
        // distinct: a slot in both templates (pk USER#{username}, sk USER#{username}) is one key value
        for (String slot : join(partition, sort).stream().distinct().toList()) {
            key.forEach((property, bound) -> {
                if (property.attributeName().equals(slot)) {
                    ordered.add(bound);
                }
            });
        }
        return ordered;
    }
}
