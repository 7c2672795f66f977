package dev.singletable.processor;

import dev.singletable.ClosestName;
import dev.singletable.KeyTemplate;
import dev.singletable.annotations.After;
import dev.singletable.annotations.AtOrAfter;
import dev.singletable.annotations.AtOrBefore;
import dev.singletable.annotations.Before;
import dev.singletable.annotations.BeginsWith;
import dev.singletable.annotations.Children;
import dev.singletable.annotations.Cursor;
import dev.singletable.annotations.Filter;
import dev.singletable.annotations.From;
import dev.singletable.annotations.Slot;
import dev.singletable.annotations.Subtree;
import dev.singletable.annotations.To;
import dev.singletable.internal.kinds.Kind;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.PatternModel.Bound;
import dev.singletable.processor.PatternModel.FilterArg;
import dev.singletable.processor.PatternModel.Result;
import dev.singletable.processor.PatternModel.SortOp;
import dev.singletable.processor.PatternModel.Target;
import dev.singletable.processor.PatternReader.Design;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The parameter checks every kind of pattern shares: which slot or attribute a parameter names, whether its type fits,
 * its {@code @Filter} and {@code @Cursor}, the index a read names, every slot bound; each mistake reported at the
 * parameter or method with the fix.
 */
final class PatternParameters {

    /** What {@link #takeCursorOrFilter} did with a parameter of a query or scan. */
    enum Taken { TAKEN, NEITHER, REPORTED }

    /** The {@code @Cursor} and {@code @Filter} parameters of a query or scan, as they are taken. */
    static final class ReadExtras {
        Optional<VariableElement> cursor = Optional.empty();
        final List<FilterArg> filters = new ArrayList<>();
    }

    private final ProcessorContext context;

    PatternParameters(ProcessorContext context) {
        this.context = context;
    }

    /** The index a read names ({@code index = "..."}), empty for the table. */
    static Optional<String> indexNamed(String index) {
        return index.isEmpty() ? Optional.empty() : Optional.of(index);
    }

    /** True for the table, or when the table has the index and every entity has keys on it; else reported. */
    boolean onIndex(String name, ExecutableElement method, Target target, Design design, Optional<String> named) {
        if (named.isEmpty()) {
            return true;
        }
        String index = named.get();
        List<String> names = design.facts().indexes().stream().map(TableFacts.IndexFacts::name).toList();
        if (!names.contains(index)) {
            context.diagnostics().report(Message.PATTERN_INDEX_UNKNOWN, method, name, index, design.facts().name(), closest(index, names), names);
            return false;
        }
        for (EntityModel entity : target.entities()) {
            if (entity.indexes().stream().noneMatch(i -> i.name().equals(index))) {
                List<String> on = entity.indexes().stream().map(IndexModel::name).toList();
                context.diagnostics().report(Message.PATTERN_NOT_ON_INDEX, method, name, entity.element().getSimpleName(), index, on,
                        index, entity.element().getSimpleName());
                return false;
            }
        }
        return true;
    }

    /** Takes a {@code @Cursor} or {@code @Filter} parameter into {@code extras}; NEITHER for a key's, REPORTED when it does not fit. */
    Taken takeCursorOrFilter(String name, VariableElement parameter, Result result, EntityModel keyed, ReadExtras extras) {
        if (parameter.getAnnotation(Cursor.class) != null) {
            if (!cursorFits(name, parameter, result)) {
                return Taken.REPORTED;
            }
            extras.cursor = Optional.of(parameter);
            return Taken.TAKEN;
        }
        if (parameter.getAnnotation(Filter.class) == null) {
            return Taken.NEITHER;
        }
        FilterArg filter = filterArg(name, parameter, keyed);
        if (filter == null) {
            return Taken.REPORTED;
        }
        extras.filters.add(filter);
        return Taken.TAKEN;
    }

    /** A {@code @Filter} parameter on an attribute of {@code keyed}; null when reported. */
    private FilterArg filterArg(String name, VariableElement parameter, EntityModel keyed) {
        Filter filter = parameter.getAnnotation(Filter.class);
        String attribute = filter.value().isEmpty() ? parameter.getSimpleName().toString() : filter.value();
        Property property = property(keyed, attribute);
        if (property == null) {
            context.diagnostics().report(Message.PATTERN_UNKNOWN_ATTRIBUTE, parameter, name, "@Filter", attribute, keyed.element().getSimpleName(),
                    closest(attribute, attributeNames(keyed)), attributeNames(keyed));
            return null;
        }
        if (filter.op() == Filter.Op.BEGINS_WITH && !context.types().isSameType(property.type(), stringType())) {
            context.diagnostics().report(Message.PATTERN_BEGINS_WITH_NOT_STRING, parameter, name, attribute, keyed.element().getSimpleName(),
                    property.javaName(), simpleType(property.type()));
            return null;
        }
        if (!fits(parameter.asType(), property)) {
            reportType(name, parameter, keyed, property);
            return null;
        }
        if (!inValueOrder(name, parameter, filter.op(), keyed, property)) {
            return null;
        }
        return new FilterArg(new Bound(parameter, keyed, property), switch (filter.op()) {
            case EQUALS -> "eq";
            case NOT_EQUALS -> "ne";
            case LESS_THAN -> "lt";
            case LESS_THAN_OR_EQUAL -> "le";
            case GREATER_THAN -> "gt";
            case GREATER_THAN_OR_EQUAL -> "ge";
            case BEGINS_WITH -> "beginsWith";
        });
    }

    /**
     * False, and reported at the parameter, for an ordered op on a property whose stored text does not sort as its values
     * (an Instant, an enum: {@code Kind.storedInValueOrder}), which DynamoDB would compare as text.
     */
    private boolean inValueOrder(String name, VariableElement parameter, Filter.Op op, EntityModel keyed, Property property) {
        if (op == Filter.Op.EQUALS || op == Filter.Op.NOT_EQUALS || op == Filter.Op.BEGINS_WITH) {
            return true;
        }
        EntityModel.TypeCode code = property.typeCode();
        Optional<Kind> kind = (code instanceof EntityModel.TypeCode.EnumOf ? Optional.of(Kind.ENUM)
                : code instanceof EntityModel.TypeCode.Constant constant ? Kind.named(constant.name()) : Optional.<Kind>empty())
                .filter(k -> k.storedOrderFlaw().isPresent());
        if (kind.isEmpty()) {
            return true;
        }
        context.diagnostics().report(Message.PATTERN_FILTER_OUT_OF_ORDER, parameter, Kind.unorderedComparison(name, "@Filter(op = " + op
                + ") on '" + parameter.getSimpleName() + "'", keyed.element().getSimpleName() + "." + property.javaName() + " ("
                + simpleType(property.type()) + ")", kind.get(), kind.get().storedOrderFix("@EpochSeconds on the property",
                "op = EQUALS")));
        return false;
    }

    /** A {@code @Cursor} parameter is a String of a method returning a Page; otherwise reported at the parameter. */
    private boolean cursorFits(String name, VariableElement parameter, Result result) {
        if (result != Result.PAGE || !context.types().isSameType(parameter.asType(), stringType())) {
            context.diagnostics().report(Message.PATTERN_CURSOR, parameter, name, parameter.getSimpleName());
            return false;
        }
        return true;
    }

    boolean checkBound(String name, ExecutableElement method, EntityModel entity, String where, String template,
                       List<String> slots, Map<Property, Bound> bound) {
        for (String slot : slots) {
            if (bound.keySet().stream().noneMatch(p -> p.attributeName().equals(slot))) {
                Property property = property(entity, slot);
                context.diagnostics().report(Message.PATTERN_SLOT_UNBOUND, method, name, template, entity.element().getSimpleName(), where, slot,
                        property == null ? "String" : simpleType(property.type()), property == null ? slot : property.javaName());
                return false;
            }
        }
        return true;
    }

    /** True when no earlier parameter fills the slot {@code bound} fills; else reported at the second parameter. */
    boolean slotFree(String name, Bound bound, Optional<Bound> earlier) {
        if (earlier.isEmpty()) {
            return true;
        }
        context.diagnostics().report(Message.PATTERN_SLOT_TWICE, bound.parameter(), name, earlier.get().name(), bound.name(),
                bound.property().attributeName());
        return false;
    }

    void reportUnknownSlot(String name, VariableElement parameter, String slot, EntityModel entity, String where,
                           List<String> slots, Property property) {
        String hint;
        if (property != null) {
            hint = "; " + property.javaName() + " is an attribute of " + entity.element().getSimpleName()
                    + " but no slot there: to filter on it, annotate the parameter @Filter";
        } else {
            hint = closest(slot, slots);
        }
        context.diagnostics().report(Message.PATTERN_UNKNOWN_SLOT, parameter, name, parameter.getSimpleName(), slot, entity.element().getSimpleName(),
                where, slots, hint);
    }

    void reportType(String name, VariableElement parameter, EntityModel entity, Property property) {
        context.diagnostics().report(Message.PATTERN_PARAMETER_TYPE, parameter, name, parameter.getSimpleName(), simpleType(parameter.asType()),
                entity.element().getSimpleName(), property.javaName(), simpleType(property.type()), simpleType(property.type()));
    }

    static String closest(String name, List<String> candidates) {
        return ClosestName.among(name, candidates).map(c -> "; did you mean '" + c + "'?").orElse("");
    }

    static List<String> attributeNames(EntityModel entity) {
        return entity.properties().stream().filter(Property::mapped).map(Property::javaName).toList();
    }

    static List<String> join(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** The slot names of templates, as stored attribute names would be written in them. */
    static List<String> slots(List<String> templates) {
        List<String> slots = new ArrayList<>();
        for (String template : templates) {
            for (String slot : KeyTemplate.parse(template).attributeNames()) {
                if (!slots.contains(slot)) {
                    slots.add(slot);
                }
            }
        }
        return slots;
    }

    /** A mapped property by Java or stored name. */
    static Property property(EntityModel entity, String name) {
        for (Property property : entity.properties()) {
            if (property.mapped() && (property.javaName().equals(name) || property.attributeName().equals(name))) {
                return property;
            }
        }
        return null;
    }

    static String slotName(VariableElement parameter, SortOp op) {
        Slot slot = parameter.getAnnotation(Slot.class);
        if (slot != null) {
            return slot.value();
        }
        String named = op == null ? "" : switch (annotationOf(parameter)) {
            case "BeginsWith" -> parameter.getAnnotation(BeginsWith.class).value();
            case "After" -> parameter.getAnnotation(After.class).value();
            case "AtOrAfter" -> parameter.getAnnotation(AtOrAfter.class).value();
            case "Before" -> parameter.getAnnotation(Before.class).value();
            case "AtOrBefore" -> parameter.getAnnotation(AtOrBefore.class).value();
            case "From" -> parameter.getAnnotation(From.class).value();
            case "To" -> parameter.getAnnotation(To.class).value();
            case "Children" -> parameter.getAnnotation(Children.class).value();
            default -> parameter.getAnnotation(Subtree.class).value();
        };
        return named.isEmpty() ? parameter.getSimpleName().toString() : named;
    }

    static String annotationOf(VariableElement parameter) {
        for (String name : List.of("BeginsWith", "After", "AtOrAfter", "Before", "AtOrBefore", "From", "To", "Children", "Subtree")) {
            if (parameter.getAnnotationMirrors().stream().anyMatch(m -> m.getAnnotationType().asElement().getSimpleName().contentEquals(name)
                    && m.getAnnotationType().toString().startsWith("dev.singletable.annotations."))) {
                return name;
            }
        }
        return "";
    }

    static SortOp sortOp(VariableElement parameter) {
        return switch (annotationOf(parameter)) {
            case "BeginsWith" -> SortOp.BEGINS_WITH;
            case "After" -> SortOp.GREATER_THAN;
            case "AtOrAfter" -> SortOp.GREATER_THAN_OR_EQUAL;
            case "Before" -> SortOp.LESS_THAN;
            case "AtOrBefore" -> SortOp.LESS_THAN_OR_EQUAL;
            case "From", "To" -> SortOp.BETWEEN;
            case "Children" -> SortOp.CHILDREN;
            case "Subtree" -> SortOp.SUBTREE;
            default -> null;
        };
    }
    boolean isCollection(TypeMirror type) {
        TypeElement collection = context.elements().getTypeElement("java.util.Collection");
        return type.getKind() == TypeKind.DECLARED && context.types().isAssignable(context.types().erasure(type), context.types().erasure(collection.asType()));
    }

    TypeMirror stringType() {
        return context.elements().getTypeElement("java.lang.String").asType();
    }

    boolean fits(TypeMirror parameter, Property property) {
        TypeMirror boxed = parameter.getKind().isPrimitive() ? context.types().boxedClass((javax.lang.model.type.PrimitiveType) parameter).asType()
                : parameter;
        TypeMirror target = property.type().getKind().isPrimitive()
                ? context.types().boxedClass((javax.lang.model.type.PrimitiveType) property.type()).asType() : property.type();
        return context.types().isAssignable(boxed, target);
    }

    static TypeMirror argument(TypeMirror type) {
        if (type instanceof DeclaredType declared && declared.getTypeArguments().size() == 1) {
            return declared.getTypeArguments().get(0);
        }
        return null;
    }

    static String rawName(TypeMirror type) {
        if (type instanceof DeclaredType declared) {
            return ((TypeElement) declared.asElement()).getQualifiedName().toString();
        }
        return type == null ? "" : type.toString();
    }

    static String simpleType(TypeMirror type) {
        return type.toString().replaceAll("[a-zA-Z_$][\\w$]*\\.", "");
    }

}
