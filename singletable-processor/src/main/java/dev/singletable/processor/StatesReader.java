package dev.singletable.processor;

import dev.singletable.ClosestName;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.KeyState;
import dev.singletable.annotations.KeyStates;
import dev.singletable.annotations.StateAttribute;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.EntityModel.StateModel;
import dev.singletable.processor.EntityModel.StatesModel;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the {@code @KeyState}s of an entity with its {@code @StateAttribute}: every value of the attribute covered once,
 * each state's templates checked as an entity's are, two states never with the same keys.
 */
final class StatesReader {
    private final ProcessorContext context;
    private final PropertyTypes propertyTypes;
    private final KeyTemplateReader templates;

    StatesReader(ProcessorContext context) {
        this.context = context;
        this.propertyTypes = new PropertyTypes(context);
        this.templates = new KeyTemplateReader(context.diagnostics());
    }

    /** Whether an entity declares states: a {@code @KeyState}, or a property marked {@code @StateAttribute}. */
    static boolean declared(TypeElement type, List<Property> properties) {
        return !mirrors(type).isEmpty() || properties.stream().anyMatch(StatesReader::isStateAttribute);
    }

    private static boolean isStateAttribute(Property property) {
        return property.element().getAnnotation(StateAttribute.class) != null
                || property.element().getEnclosingElement() instanceof TypeElement owner && owner.getRecordComponents().stream()
                .anyMatch(c -> c.getSimpleName().equals(property.element().getSimpleName()) && c.getAnnotation(StateAttribute.class) != null);
    }

    private static List<AnnotationMirror> mirrors(TypeElement type) {
        return Annotated.repeated(type, KeyState.class, KeyStates.class);
    }

    /** The {@code @KeyState} of this value, for placing a diagnostic on it (the first when there is none). */
    static AnnotationMirror mirror(TypeElement type, String value) {
        List<AnnotationMirror> mirrors = mirrors(type);
        return mirrors.stream().filter(m -> value.equals(Annotated.values(m).get("value").getValue())).findFirst()
                .orElse(mirrors.isEmpty() ? Annotated.mirror(type, Entity.class) : mirrors.get(0));
    }

    /** The states of the entity; empty when something is reported. */
    Optional<StatesModel> states(TypeElement type, Entity entity, List<Property> properties) {
        int before = context.diagnostics().errors();
        List<AnnotationMirror> mirrors = mirrors(type);
        Optional<Property> found = attribute(type, entity, properties, mirrors);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Property attribute = found.get();
        TypeMirror attributeType = attribute.type();
        boolean flag = attributeType.getKind() == TypeKind.BOOLEAN || propertyTypes.isType(attributeType, "java.lang.Boolean");
        TypeElement enumType = !flag && attributeType.getKind() == TypeKind.DECLARED
                && ((DeclaredType) attributeType).asElement().getKind() == ElementKind.ENUM
                ? (TypeElement) ((DeclaredType) attributeType).asElement() : null;
        String simple = type.getSimpleName().toString();
        if (!flag && enumType == null) {
            context.diagnostics().report(Message.WRONG_TYPE_FOR_ANNOTATION, attribute.element(), simple, attribute.javaName(), "StateAttribute",
                    "a boolean or an enum", attributeType);
            return Optional.empty();
        }
        if (Annotated.nullable(attribute.element())) {
            context.diagnostics().report(Message.STATE_ATTRIBUTE_NULLABLE, attribute.element(), simple, attribute.javaName());
        }
        List<String> allowed = flag ? List.of("false", "true") : enumType.getEnclosedElements().stream()
                .filter(e -> e.getKind() == ElementKind.ENUM_CONSTANT).map(e -> e.getSimpleName().toString()).toList();
        Map<String, StateModel> byValue = new LinkedHashMap<>();
        List<StateModel> states = new ArrayList<>();
        for (AnnotationMirror stateMirror : mirrors) {
            state(type, stateMirror, attribute, allowed, properties, byValue).ifPresent(states::add);
        }
        List<String> missing = allowed.stream().filter(v -> !byValue.containsKey(v)).toList();
        if (!missing.isEmpty() && context.diagnostics().errors() == before) {
            context.diagnostics().report(Message.STATE_VALUES_MISSING, type, mirrors.get(0), null, simple, attribute.javaName(),
                    List.copyOf(byValue.keySet()), missing, missing.size() == 1 ? "that value" : "those values", missing.get(0));
        }
        checkDistinct(type, mirrors, attribute, states, before);
        return context.diagnostics().errors() == before ? Optional.of(new StatesModel(attribute, enumType, List.copyOf(states))) : Optional.empty();
    }

    /** The one {@code @StateAttribute} property, checked against the entity's own keys and indexes; empty when reported. */
    private Optional<Property> attribute(TypeElement type, Entity entity, List<Property> properties, List<AnnotationMirror> mirrors) {
        String simple = type.getSimpleName().toString();
        AnnotationMirror entityMirror = Annotated.mirror(type, Entity.class);
        List<Property> marked = properties.stream().filter(StatesReader::isStateAttribute).toList();
        if (mirrors.isEmpty()) {
            Property property = marked.get(0);
            context.diagnostics().report(Message.STATE_ATTRIBUTE_WITHOUT_STATES, property.element(), simple, property.javaName(), simple);
            return Optional.empty();
        }
        if (!entity.pk().isEmpty() || !entity.sk().isEmpty()) {
            context.diagnostics().report(Message.STATES_WITH_ENTITY_KEYS, type, entityMirror,
                    Annotated.values(entityMirror).get(entity.pk().isEmpty() ? "sk" : "pk"),
                    simple, entity.pk().isEmpty() ? entity.sk() : entity.pk());
        }
        if (!IndexReader.mirrors(type).isEmpty()) {
            context.diagnostics().report(Message.STATES_WITH_ENTITY_INDEXES, type, IndexReader.mirrors(type).get(0), null, simple);
        }
        if (marked.isEmpty()) {
            context.diagnostics().report(Message.STATE_ATTRIBUTE_MISSING, type, mirrors.get(0), null, simple);
            return Optional.empty();
        }
        if (marked.size() > 1) {
            context.diagnostics().report(Message.ONE_PER_ENTITY, marked.get(1).element(), simple, "StateAttribute", marked.get(0).javaName(),
                    marked.get(1).javaName());
            return Optional.empty();
        }
        return Optional.of(marked.get(0));
    }

    /** One {@code @KeyState}, recorded in {@code byValue}; empty when its value is unknown or given twice. */
    private Optional<StateModel> state(TypeElement type, AnnotationMirror stateMirror, Property attribute, List<String> allowed,
                                       List<Property> properties, Map<String, StateModel> byValue) {
        String simple = type.getSimpleName().toString();
        Map<String, AnnotationValue> values = Annotated.values(stateMirror);
        String value = (String) values.get("value").getValue();
        String stateType = (String) values.get("type").getValue();
        if (!allowed.contains(value)) {
            context.diagnostics().report(Message.STATE_VALUE_UNKNOWN, type, stateMirror, values.get("value"), simple, value, simple,
                    attribute.javaName(), ClosestName.among(value, allowed).map(c -> " (did you mean \"" + c + "\"?)").orElse(""), allowed);
            return Optional.empty();
        }
        String pk = (String) values.get("pk").getValue();
        String partition = templates.template(type, stateMirror, "pk", pk, properties, true);
        String sk = values.containsKey("sk") ? (String) values.get("sk").getValue() : "";
        String sort = sk.isEmpty() ? null : templates.template(type, stateMirror, "sk", sk, properties, true);
        List<IndexModel> indexes = indexes(type, stateMirror, values, properties);
        StateModel state = new StateModel(value, stateType, partition, sort, List.copyOf(indexes));
        StateModel earlier = byValue.get(value);
        if (earlier != null) {
            context.diagnostics().report(Message.STATE_VALUE_TWICE, type, stateMirror, values.get("value"), simple, value, earlier.type(), stateType);
            return Optional.empty();
        }
        for (StateModel other : byValue.values()) {
            if (other.type().equals(stateType) && !sameKeys(other, state)) {
                context.diagnostics().report(Message.STATE_TYPE_KEYS_DIFFER, type, stateMirror, values.get("type"), simple, other.value(), value,
                        stateType);
            }
        }
        byValue.put(value, state);
        return Optional.of(state);
    }

    /** The indexes of one state, their templates checked as the state's keys are. */
    private List<IndexModel> indexes(TypeElement type, AnnotationMirror stateMirror, Map<String, AnnotationValue> values,
                                     List<Property> properties) {
        List<IndexModel> indexes = new ArrayList<>();
        if (!values.containsKey("indexes")) {
            return indexes;
        }
        for (Object nested : (List<?>) values.get("indexes").getValue()) {
            AnnotationMirror indexMirror = (AnnotationMirror) ((AnnotationValue) nested).getValue();
            Map<String, AnnotationValue> indexValues = Annotated.values(indexMirror);
            List<String> pks = new ArrayList<>();
            for (String template : Annotated.strings(indexValues.get("pk"))) {
                pks.add(templates.template(type, indexMirror, "pk", template, properties, false));
            }
            List<String> sks = new ArrayList<>();
            for (String template : indexValues.containsKey("sk") ? Annotated.strings(indexValues.get("sk")) : List.<String>of()) {
                if (!template.isEmpty()) {
                    sks.add(templates.template(type, indexMirror, "sk", template, properties, false));
                }
            }
            String name = (String) indexValues.get("name").getValue();
            if (pks.isEmpty() || pks.size() > 4 || sks.size() > 4) {
                context.diagnostics().report(Message.INDEX_KEY_TEMPLATE_COUNT, type, stateMirror, values.get("indexes"), name, pks.size(), sks.size());
                continue;
            }
            indexes.add(new IndexModel(name, pks.get(0), sks.isEmpty() ? null : sks.get(0), null, false, List.copyOf(pks),
                    List.copyOf(sks)));
        }
        return indexes;
    }

    /** Reports an entity whose states all have one type, and two types whose keys cannot tell their items apart. */
    private void checkDistinct(TypeElement type, List<AnnotationMirror> mirrors, Property attribute, List<StateModel> states,
                               int before) {
        String simple = type.getSimpleName().toString();
        List<StateModel> distinct = new ArrayList<>();
        states.forEach(state -> {
            if (distinct.stream().noneMatch(d -> d.type().equals(state.type()))) {
                distinct.add(state);
            }
        });
        if (context.diagnostics().errors() == before && distinct.size() == 1) {
            context.diagnostics().report(Message.ONE_STATE_ONLY, type, mirrors.get(0), null, simple, attribute.javaName(), distinct.get(0).type());
        }
        for (int i = 0; i < distinct.size() && context.diagnostics().errors() == before; i++) {
            for (int j = i + 1; j < distinct.size(); j++) {
                StateModel a = distinct.get(i);
                StateModel b = distinct.get(j);
                if (sameKeys(a, b)) {
                    context.diagnostics().report(Message.STATES_INDISTINGUISHABLE, type, mirror(type, b.value()), null, simple, a.type(), b.type(),
                            a.partition() + (a.sort() == null ? "" : " / " + a.sort()), b.type().toUpperCase(Locale.ROOT));
                }
            }
        }
    }

    private static boolean sameKeys(StateModel a, StateModel b) {
        return a.partition().equals(b.partition()) && java.util.Objects.equals(a.sort(), b.sort())
                && a.indexes().stream().map(i -> i.name() + i.partitions() + i.sorts()).toList()
                .equals(b.indexes().stream().map(i -> i.name() + i.partitions() + i.sorts()).toList());
    }
}
