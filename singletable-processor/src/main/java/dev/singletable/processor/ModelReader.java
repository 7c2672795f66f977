package dev.singletable.processor;

import dev.singletable.ClosestName;
import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.annotations.AfterFromItem;
import dev.singletable.annotations.AllowedValues;
import dev.singletable.annotations.Default;
import dev.singletable.annotations.Length;
import dev.singletable.annotations.Pattern;
import dev.singletable.annotations.Range;
import dev.singletable.annotations.AfterToItem;
import dev.singletable.annotations.Attribute;
import dev.singletable.annotations.AttributeBag;
import dev.singletable.annotations.BeforeFromItem;
import dev.singletable.annotations.BeforeToItem;
import dev.singletable.annotations.Convert;
import dev.singletable.annotations.CreatedAt;
import dev.singletable.annotations.Embeddable;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.KeyState;
import dev.singletable.annotations.StateAttribute;
import dev.singletable.annotations.GeneratedId;
import dev.singletable.annotations.Ignore;
import dev.singletable.annotations.Index;
import dev.singletable.annotations.Naming;
import dev.singletable.annotations.TimeToLive;
import dev.singletable.annotations.UpdatedAt;
import dev.singletable.annotations.Version;
import dev.singletable.processor.EntityModel.Access;
import dev.singletable.processor.EntityModel.Creation;
import dev.singletable.processor.EntityModel.Hook;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.StatesModel;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.EntityModel.TypeCode;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.MirroredTypeException;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Reads an annotated type into an {@link EntityModel}, reporting every problem at its element. Never loads user classes. */
final class ModelReader {
    private static final Map<String, String> SCALARS = Map.ofEntries(
            Map.entry("java.lang.String", "STRING"),
            Map.entry("java.lang.Integer", "INTEGER"),
            Map.entry("java.lang.Long", "LONG"),
            Map.entry("java.math.BigDecimal", "DECIMAL"),
            Map.entry("java.math.BigInteger", "BIG_INTEGER"),
            Map.entry("java.lang.Boolean", "BOOLEAN"),
            Map.entry("java.time.Instant", "INSTANT"),
            Map.entry("java.time.LocalDate", "LOCAL_DATE"),
            Map.entry("java.util.UUID", "UUID"));
    private static final String ATTRIBUTE_VALUE = "software.amazon.awssdk.services.dynamodb.model.AttributeValue";

    private final Elements elements;
    private final Types types;
    private final Diagnostics diagnostics;

    ModelReader(ProcessingEnvironment env, Diagnostics diagnostics) {
        this.elements = env.getElementUtils();
        this.types = env.getTypeUtils();
        this.diagnostics = diagnostics;
    }

    /** The schema class name for a type: {@code OrderSchema}, or {@code Outer_OrderSchema} for a nested type. */
    static String generatedName(TypeElement type, String suffix) {
        StringBuilder name = new StringBuilder(type.getSimpleName());
        Element enclosing = type.getEnclosingElement();
        while (enclosing instanceof TypeElement outer) {
            name.insert(0, outer.getSimpleName() + "_");
            enclosing = outer.getEnclosingElement();
        }
        return name.append(suffix).toString();
    }

    /** The model, or null when errors were reported. */
    EntityModel read(TypeElement type) {
        int errorsBefore = diagnostics.errors();
        Entity entity = type.getAnnotation(Entity.class);
        Embeddable embeddable = type.getAnnotation(Embeddable.class);
        String annotationName = entity != null ? "Entity" : "Embeddable";
        if (type.getKind() != ElementKind.RECORD && type.getKind() != ElementKind.CLASS) {
            diagnostics.report(Message.NOT_A_RECORD_OR_CLASS, type, annotationName, type.getKind().toString().toLowerCase(Locale.ROOT));
            return null;
        }
        String schemaName = generatedName(type, "Schema");
        if (type.getModifiers().contains(Modifier.PRIVATE)) {
            diagnostics.report(Message.PRIVATE_TYPE, type, type.getSimpleName(), schemaName);
            return null;
        }
        if (type.getNestingKind() == NestingKind.MEMBER && type.getKind() == ElementKind.CLASS
                && !type.getModifiers().contains(Modifier.STATIC)) {
            diagnostics.report(Message.NON_STATIC_INNER_CLASS, type, type.getSimpleName());
            return null;
        }
        if (type.getModifiers().contains(Modifier.ABSTRACT) && type.getKind() == ElementKind.CLASS) {
            diagnostics.report(Message.ABSTRACT_TYPE, type, type.getSimpleName(), annotationName, schemaName);
            return null;
        }
        Naming naming = entity != null ? entity.naming() : embeddable.naming();
        String simple = type.getSimpleName().toString();

        List<Property> properties = new ArrayList<>();
        List<String> keySlots = new ArrayList<>();
        if (entity != null) {
            keySlots.addAll(slotNames(entity.pk()));
            keySlots.addAll(slotNames(entity.sk()));
            for (KeyState state : type.getAnnotationsByType(KeyState.class)) {
                keySlots.addAll(slotNames(state.pk()));
                keySlots.addAll(slotNames(state.sk()));
            }
        }
        boolean isRecord = type.getKind() == ElementKind.RECORD;
        List<? extends Element> members = isRecord ? type.getRecordComponents()
                : ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
                .filter(f -> !f.getModifiers().contains(Modifier.STATIC) && !f.getModifiers().contains(Modifier.TRANSIENT))
                .toList();
        for (Element member : members) {
            Property property = property(type, member, naming, keySlots, isRecord);
            if (property != null && isRecord) {
                // javac locates diagnostics on a record's fields, not on its components
                Element field = ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
                        .filter(f -> f.getSimpleName().equals(member.getSimpleName())).findFirst().orElse(null);
                if (field != null) {
                    property = atElement(property, field);
                }
            }
            if (property != null) {
                properties.add(property);
            }
        }
        checkDuplicates(type, properties);
        if (entity != null) {
            checkOnePerEntity(type, members);
        }
        if (properties.stream().noneMatch(Property::mapped)) {
            diagnostics.report(Message.NO_ATTRIBUTES, type, simple);
        }

        Creation creation = Creation.RECORD;
        List<String> constructorParameters = List.of();
        if (!isRecord) {
            List<String> readable = properties.stream().filter(p -> p.read() || p.bag()).map(Property::javaName).toList();
            ExecutableElement constructor = ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
                    .filter(c -> !c.getModifiers().contains(Modifier.PRIVATE) && !c.getParameters().isEmpty())
                    .filter(c -> c.getParameters().stream().map(p -> p.getSimpleName().toString()).collect(Collectors.toSet())
                            .equals(new HashSet<>(readable)))
                    .findFirst().orElse(null);
            if (constructor != null) {
                creation = Creation.CONSTRUCTOR;
                constructorParameters = constructor.getParameters().stream().map(p -> p.getSimpleName().toString()).toList();
            } else if (ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
                    .anyMatch(c -> c.getParameters().isEmpty() && !c.getModifiers().contains(Modifier.PRIVATE))) {
                creation = Creation.SETTERS;
                for (Property property : properties) {
                    if ((property.read() || property.bag()) && property.setter() == null) {
                        diagnostics.report(Message.NO_SETTER, property.element(), simple, property.javaName(),
                                "set" + capitalize(property.javaName()), types.erasure(property.type()));
                    }
                }
            } else {
                diagnostics.report(Message.NO_WAY_TO_CREATE, type, simple, readable);
            }
        }

        String partition = null;
        String sort = null;
        List<IndexModel> indexes = new ArrayList<>();
        List<Hook> hooks = new ArrayList<>();
        List<String> maintained = new ArrayList<>();
        Optional<StatesModel> states = Optional.empty();
        if (entity != null && (!stateMirrors(type).isEmpty() || properties.stream().anyMatch(ModelReader::isStateAttribute))) {
            states = states(type, entity, properties);
        } else if (entity != null && !values(mirror(type, Entity.class)).containsKey("pk")) {
            diagnostics.report(Message.ENTITY_WITHOUT_KEYS, type, mirror(type, Entity.class), null, simple,
                    simple.toUpperCase(Locale.ROOT));
        }
        if (entity != null && states.isEmpty()) {
            AnnotationMirror entityMirror = mirror(type, Entity.class);
            // pk = "" written out is a malformed template; pk left out is reported above
            partition = values(entityMirror).containsKey("pk") ? template(type, entityMirror, "pk", entity.pk(), properties, true) : "";
            sort = entity.sk().isEmpty() ? null : template(type, entityMirror, "sk", entity.sk(), properties, true);
        }
        if (entity != null) {
            for (AnnotationMirror indexMirror : states.isPresent() ? List.<AnnotationMirror>of() : indexMirrors(type)) {
                Map<String, AnnotationValue> values = values(indexMirror);
                String name = (String) values.get("name").getValue();
                List<String> pks = new ArrayList<>();
                for (String template : strings(values.get("pk"))) {
                    pks.add(template(type, indexMirror, "pk", template, properties, false));
                }
                List<String> sks = new ArrayList<>();
                for (String template : values.containsKey("sk") ? strings(values.get("sk")) : List.<String>of()) {
                    if (!template.isEmpty() || values.containsKey("sk") && strings(values.get("sk")).size() > 1) {
                        sks.add(template(type, indexMirror, "sk", template, properties, false));
                    }
                }
                if (pks.isEmpty() || pks.size() > 4 || sks.size() > 4) {
                    diagnostics.report(Message.INDEX_KEY_TEMPLATE_COUNT, type, indexMirror, values.get(pks.isEmpty() || pks.size() > 4 ? "pk" : "sk"),
                            name, pks.size(), sks.size());
                    continue;
                }
                String pk = pks.get(0);
                String sk = sks.isEmpty() ? null : sks.get(0);
                String when = values.containsKey("when") ? (String) values.get("when").getValue() : "";
                if (!when.isEmpty() && !isCondition(type, when)) {
                    diagnostics.report(Message.INDEX_CONDITION_NOT_FOUND, type, indexMirror, values.get("when"),
                            name, when, simple, when, simple, when, simple);
                }
                indexes.add(new IndexModel(name, pk, sk, when.isEmpty() ? null : when, !when.isEmpty() && isStaticCondition(type, when),
                        List.copyOf(pks), List.copyOf(sks)));
            }
            hooks = hooks(type);
            VolumeFacts.of(type).check(type, diagnostics);
            for (Property property : properties) {
                if (property.maintainedAs() != null) {
                    maintained.add(property.maintainedAs() + ":" + property.constant());
                }
            }
        }
        if (entity != null && diagnostics.errors() == errorsBefore && states.isPresent()) {
            for (EntityModel.StateModel state : states.get().states()) {
                Optional<String> refusal = CoreSchemaCheck.refusal(state.type(), simple, properties, state.partition(), state.sort(),
                        state.indexes());
                refusal.ifPresent(message -> diagnostics.report(Message.CORE_REFUSES_SCHEMA, type, stateMirror(type, state.value()), null,
                        message));
            }
        } else if (entity != null && diagnostics.errors() == errorsBefore) {
            String typeName = entity.type().isEmpty() ? simple : entity.type();
            Optional<String> refusal = CoreSchemaCheck.refusal(typeName, simple, properties, partition, sort, indexes);
            if (refusal.isPresent()) {
                reportRefusal(type, refusal.get(), typeName, partition, sort, indexes, properties);
            }
        }
        if (diagnostics.errors() > errorsBefore) {
            return null;
        }
        return new EntityModel(type, elements.getPackageOf(type).getQualifiedName().toString(), schemaName,
                type.getModifiers().contains(Modifier.PUBLIC), entity != null, embeddable != null,
                entity == null || entity.type().isEmpty() ? simple : entity.type(),
                creation, constructorParameters, properties, partition, sort, indexes, hooks, maintained, states);
    }

    private static boolean isStateAttribute(Property property) {
        return property.element().getAnnotation(StateAttribute.class) != null
                || property.element().getEnclosingElement() instanceof TypeElement owner && owner.getRecordComponents().stream()
                .anyMatch(c -> c.getSimpleName().equals(property.element().getSimpleName()) && c.getAnnotation(StateAttribute.class) != null);
    }

    private List<AnnotationMirror> stateMirrors(TypeElement type) {
        List<AnnotationMirror> result = new ArrayList<>();
        for (AnnotationMirror mirror : type.getAnnotationMirrors()) {
            String name = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
            if (name.equals(KeyState.class.getCanonicalName())) {
                result.add(mirror);
            } else if (name.equals(dev.singletable.annotations.KeyStates.class.getCanonicalName())) {
                for (Object nested : (List<?>) values(mirror).get("value").getValue()) {
                    result.add((AnnotationMirror) ((AnnotationValue) nested).getValue());
                }
            }
        }
        return result;
    }

    /** The {@code @KeyState} of this value, for placing a diagnostic on it (the first when there is none). */
    private AnnotationMirror stateMirror(TypeElement type, String value) {
        List<AnnotationMirror> mirrors = stateMirrors(type);
        return mirrors.stream().filter(m -> value.equals(values(m).get("value").getValue())).findFirst()
                .orElse(mirrors.isEmpty() ? mirror(type, Entity.class) : mirrors.get(0));
    }

    /**
     * The {@code @KeyState}s of an entity with its {@code @StateAttribute}: every value of the attribute covered once, each
     * state's templates checked as an entity's are, two states never with the same keys. Empty when something is reported.
     */
    private Optional<StatesModel> states(TypeElement type, Entity entity, List<Property> properties) {
        String simple = type.getSimpleName().toString();
        int before = diagnostics.errors();
        AnnotationMirror entityMirror = mirror(type, Entity.class);
        List<AnnotationMirror> mirrors = stateMirrors(type);
        List<Property> marked = properties.stream().filter(ModelReader::isStateAttribute).toList();
        if (mirrors.isEmpty()) {
            Property property = marked.get(0);
            diagnostics.report(Message.STATE_ATTRIBUTE_WITHOUT_STATES, property.element(), simple, property.javaName(), simple);
            return Optional.empty();
        }
        if (!entity.pk().isEmpty() || !entity.sk().isEmpty()) {
            diagnostics.report(Message.STATES_WITH_ENTITY_KEYS, type, entityMirror, values(entityMirror).get(entity.pk().isEmpty() ? "sk" : "pk"),
                    simple, entity.pk().isEmpty() ? entity.sk() : entity.pk());
        }
        if (!indexMirrors(type).isEmpty()) {
            diagnostics.report(Message.STATES_WITH_ENTITY_INDEXES, type, indexMirrors(type).get(0), null, simple);
        }
        if (marked.isEmpty()) {
            diagnostics.report(Message.STATE_ATTRIBUTE_MISSING, type, mirrors.get(0), null, simple);
            return Optional.empty();
        }
        if (marked.size() > 1) {
            diagnostics.report(Message.ONE_PER_ENTITY, marked.get(1).element(), simple, "StateAttribute", marked.get(0).javaName(),
                    marked.get(1).javaName());
            return Optional.empty();
        }
        Property attribute = marked.get(0);
        TypeMirror attributeType = attribute.type();
        boolean flag = attributeType.getKind() == TypeKind.BOOLEAN || isType(attributeType, "java.lang.Boolean");
        TypeElement enumType = !flag && attributeType.getKind() == TypeKind.DECLARED
                && ((javax.lang.model.type.DeclaredType) attributeType).asElement().getKind() == ElementKind.ENUM
                ? (TypeElement) ((javax.lang.model.type.DeclaredType) attributeType).asElement() : null;
        if (!flag && enumType == null) {
            diagnostics.report(Message.WRONG_TYPE_FOR_ANNOTATION, attribute.element(), simple, attribute.javaName(), "StateAttribute",
                    "a boolean or an enum", attributeType);
            return Optional.empty();
        }
        if (nullable(attribute.element())) {
            diagnostics.report(Message.STATE_ATTRIBUTE_NULLABLE, attribute.element(), simple, attribute.javaName());
        }
        List<String> allowed = flag ? List.of("false", "true") : enumType.getEnclosedElements().stream()
                .filter(e -> e.getKind() == ElementKind.ENUM_CONSTANT).map(e -> e.getSimpleName().toString()).toList();
        List<EntityModel.StateModel> states = new ArrayList<>();
        Map<String, EntityModel.StateModel> byValue = new LinkedHashMap<>();
        for (AnnotationMirror stateMirror : mirrors) {
            Map<String, AnnotationValue> values = values(stateMirror);
            String value = (String) values.get("value").getValue();
            String stateType = (String) values.get("type").getValue();
            if (!allowed.contains(value)) {
                diagnostics.report(Message.STATE_VALUE_UNKNOWN, type, stateMirror, values.get("value"), simple, value, simple,
                        attribute.javaName(), ClosestName.among(value, allowed).map(c -> " (did you mean \"" + c + "\"?)").orElse(""), allowed);
                continue;
            }
            String pk = (String) values.get("pk").getValue();
            String partition = template(type, stateMirror, "pk", pk, properties, true);
            String sk = values.containsKey("sk") ? (String) values.get("sk").getValue() : "";
            String sort = sk.isEmpty() ? null : template(type, stateMirror, "sk", sk, properties, true);
            List<IndexModel> indexes = new ArrayList<>();
            if (values.containsKey("indexes")) {
                for (Object nested : (List<?>) values.get("indexes").getValue()) {
                    AnnotationMirror indexMirror = (AnnotationMirror) ((AnnotationValue) nested).getValue();
                    Map<String, AnnotationValue> indexValues = values(indexMirror);
                    List<String> pks = new ArrayList<>();
                    for (String template : strings(indexValues.get("pk"))) {
                        pks.add(template(type, indexMirror, "pk", template, properties, false));
                    }
                    List<String> sks = new ArrayList<>();
                    for (String template : indexValues.containsKey("sk") ? strings(indexValues.get("sk")) : List.<String>of()) {
                        if (!template.isEmpty()) {
                            sks.add(template(type, indexMirror, "sk", template, properties, false));
                        }
                    }
                    String name = (String) indexValues.get("name").getValue();
                    if (pks.isEmpty() || pks.size() > 4 || sks.size() > 4) {
                        diagnostics.report(Message.INDEX_KEY_TEMPLATE_COUNT, type, stateMirror, values.get("indexes"), name, pks.size(), sks.size());
                        continue;
                    }
                    indexes.add(new IndexModel(name, pks.get(0), sks.isEmpty() ? null : sks.get(0), null, false, List.copyOf(pks),
                            List.copyOf(sks)));
                }
            }
            EntityModel.StateModel state = new EntityModel.StateModel(value, stateType, partition, sort, List.copyOf(indexes));
            EntityModel.StateModel earlier = byValue.get(value);
            if (earlier != null) {
                diagnostics.report(Message.STATE_VALUE_TWICE, type, stateMirror, values.get("value"), simple, value, earlier.type(), stateType);
                continue;
            }
            for (EntityModel.StateModel other : states) {
                if (other.type().equals(stateType) && !sameKeys(other, state)) {
                    diagnostics.report(Message.STATE_TYPE_KEYS_DIFFER, type, stateMirror, values.get("type"), simple, other.value(), value,
                            stateType);
                }
            }
            byValue.put(value, state);
            states.add(state);
        }
        List<String> missing = allowed.stream().filter(v -> !byValue.containsKey(v)).toList();
        if (!missing.isEmpty() && diagnostics.errors() == before) {
            diagnostics.report(Message.STATE_VALUES_MISSING, type, mirrors.get(0), null, simple, attribute.javaName(),
                    List.copyOf(byValue.keySet()), missing, missing.size() == 1 ? "that value" : "those values", missing.get(0));
        }
        List<EntityModel.StateModel> distinct = new ArrayList<>();
        states.forEach(state -> {
            if (distinct.stream().noneMatch(d -> d.type().equals(state.type()))) {
                distinct.add(state);
            }
        });
        if (diagnostics.errors() == before && distinct.size() == 1) {
            diagnostics.report(Message.ONE_STATE_ONLY, type, mirrors.get(0), null, simple, attribute.javaName(), distinct.get(0).type());
        }
        for (int i = 0; i < distinct.size() && diagnostics.errors() == before; i++) {
            for (int j = i + 1; j < distinct.size(); j++) {
                EntityModel.StateModel a = distinct.get(i);
                EntityModel.StateModel b = distinct.get(j);
                if (sameKeys(a, b)) {
                    diagnostics.report(Message.STATES_INDISTINGUISHABLE, type, stateMirror(type, b.value()), null, simple, a.type(), b.type(),
                            a.partition() + (a.sort() == null ? "" : " / " + a.sort()), b.type().toUpperCase(Locale.ROOT));
                }
            }
        }
        return diagnostics.errors() == before ? Optional.of(new StatesModel(attribute, enumType, List.copyOf(states))) : Optional.empty();
    }

    private static boolean sameKeys(EntityModel.StateModel a, EntityModel.StateModel b) {
        return a.partition().equals(b.partition()) && java.util.Objects.equals(a.sort(), b.sort())
                && a.indexes().stream().map(i -> i.name() + i.partitions() + i.sorts()).toList()
                .equals(b.indexes().stream().map(i -> i.name() + i.partitions() + i.sorts()).toList());
    }

    /** The annotations that make an attribute maintained or special; an entity has at most one of each. */
    private static final List<Class<? extends Annotation>> ONE_PER_ENTITY =
            List.of(Version.class, TimeToLive.class, CreatedAt.class, UpdatedAt.class, AttributeBag.class);

    private void checkOnePerEntity(TypeElement type, List<? extends Element> members) {
        String simple = type.getSimpleName().toString();
        for (Class<? extends Annotation> annotation : ONE_PER_ENTITY) {
            Element first = null;
            for (Element member : members) {
                if (member.getAnnotation(annotation) == null) {
                    continue;
                }
                if (first == null) {
                    first = member;
                } else {
                    diagnostics.report(Message.ONE_PER_ENTITY, at(member), simple, annotation.getSimpleName(),
                            first.getSimpleName(), member.getSimpleName());
                }
            }
        }
        for (Element member : members) {
            List<String> maintained = Stream.of(Version.class, CreatedAt.class, UpdatedAt.class, AttributeBag.class)
                    .filter(annotation -> member.getAnnotation(annotation) != null).map(Class::getSimpleName).toList();
            if (maintained.size() > 1) {
                diagnostics.report(Message.CONFLICTING_ANNOTATIONS, at(member), simple, member.getSimpleName(), maintained.get(0),
                        maintained.get(1));
            }
            Ignore ignore = member.getAnnotation(Ignore.class);
            if (!maintained.isEmpty() && ignore != null && ignore.value() == Ignore.Direction.BOTH) {
                diagnostics.report(Message.MAINTAINED_BUT_IGNORED, at(member), simple, member.getSimpleName(), maintained.get(0));
            }
        }
    }

    /**
     * Reports the core's refusal at the annotation value it is about: the template its message names, the index
     * given twice, the maintained attribute; else at the entity.
     */
    private void reportRefusal(TypeElement type, String message, String typeName, String partition, String sort,
                               List<IndexModel> indexes, List<Property> properties) {
        AnnotationMirror entityMirror = mirror(type, Entity.class);
        AnnotationMirror at = entityMirror;
        AnnotationValue value = null;
        if (message.contains(typeName + " primary partition key template '" + partition + "'")) {
            value = values(entityMirror).get("pk");
        } else if (sort != null && message.contains(typeName + " primary sort key template '" + sort + "'")) {
            value = values(entityMirror).get("sk");
        } else {
            List<AnnotationMirror> mirrors = indexMirrors(type);
            for (int i = 0; i < indexes.size() && i < mirrors.size(); i++) {
                IndexModel index = indexes.get(i);
                String where = typeName + " index " + index.name() + " ";
                if (index.partitions().stream().anyMatch(t -> message.contains(where + "partition key template '" + t + "'"))) {
                    at = mirrors.get(i);
                    value = values(at).get("pk");
                } else if (index.sorts().stream().anyMatch(t -> message.contains(where + "sort key template '" + t + "'"))) {
                    at = mirrors.get(i);
                    value = values(at).get("sk");
                } else if (message.contains("index '" + index.name() + "' is given keys twice")
                        || index.name().isBlank() && message.contains("an index name cannot be blank")) {
                    // the last of the indexes given that name; javac places a repeated @Index's diagnostic at the entity
                    at = mirrors.get(i);
                    value = values(at).get("name");
                }
            }
        }
        if (value == null) {
            for (Property property : properties) {
                if (property.maintainedAs() != null && message.contains(property.maintainedAs() + " attribute '" + property.attributeName() + "'")) {
                    diagnostics.report(Message.CORE_REFUSES_SCHEMA, property.element(), message);
                    return;
                }
            }
        }
        diagnostics.report(Message.CORE_REFUSES_SCHEMA, type, at, value, message);
    }

    /** Where to report a problem with a member: javac locates a record's fields, not its components. */
    private static Element at(Element member) {
        if (member instanceof RecordComponentElement component) {
            for (VariableElement field : ElementFilter.fieldsIn(component.getEnclosingElement().getEnclosedElements())) {
                if (field.getSimpleName().equals(member.getSimpleName())) {
                    return field;
                }
            }
        }
        return member;
    }

    private static Property atElement(Property p, Element element) {
        return new Property(element, p.javaName(), p.attributeName(), p.constant(), p.type(), p.typeCode(), p.required(), p.read(),
                p.written(), p.bag(), p.access(), p.setter(), p.generatedId(), p.maintainedAs(), p.options());
    }

    private Property property(TypeElement owner, Element member, Naming naming, List<String> primaryKeySlots, boolean isRecord) {
        String javaName = member.getSimpleName().toString();
        String simple = owner.getSimpleName().toString();
        TypeMirror type = member.asType();
        Ignore ignore = member.getAnnotation(Ignore.class);
        boolean read = ignore == null || ignore.value() == Ignore.Direction.WRITE;
        boolean written = ignore == null || ignore.value() == Ignore.Direction.READ;
        Attribute settings = member.getAnnotation(Attribute.class);
        String attributeName = settings != null && !settings.name().isEmpty() ? settings.name() : name(javaName, naming);

        Access access = access(owner, member, isRecord);
        String setter = isRecord ? null : setter(owner, javaName, type);
        if (written && access == null) {
            diagnostics.report(Message.NO_GETTER, at(member), simple, javaName, "get" + capitalize(javaName));
        }
        if (member.getAnnotation(AttributeBag.class) != null) {
            if (!isAttributeValueMap(type)) {
                diagnostics.report(Message.WRONG_TYPE_FOR_ANNOTATION, at(member), simple, javaName, "AttributeBag",
                        "Map<String, AttributeValue>", type);
            }
            return new Property(member, javaName, attributeName, constant(javaName), type, null, false, false, false, true,
                    access, setter, null, null, EntityModel.ValueOptions.NONE);
        }
        if (!read && !written) {
            return new Property(member, javaName, attributeName, constant(javaName), type, null, false, false, false, false,
                    access, setter, null, null, EntityModel.ValueOptions.NONE);
        }

        TypeCode code;
        String maintained = null;
        Convert convert = member.getAnnotation(Convert.class);
        if (convert != null) {
            code = custom(owner, member, convert, type);
        } else if (member.getAnnotation(TimeToLive.class) != null) {
            code = isType(type, "java.time.Instant") ? new TypeCode.Constant("EPOCH_SECONDS", false)
                    : isType(type, "java.lang.Long") ? new TypeCode.Constant("LONG", true) : null;
            if (code == null) {
                diagnostics.report(Message.WRONG_TYPE_FOR_ANNOTATION, at(member), simple, javaName, "TimeToLive",
                        "an Instant or a long of epoch seconds", type);
            }
        } else {
            code = typeCode(type, owner, member);
        }
        if (member.getAnnotation(Version.class) != null) {
            maintained = "version";
            if (!isType(type, "java.lang.Long") && !isType(type, "java.lang.Integer")) {
                diagnostics.report(Message.WRONG_TYPE_FOR_ANNOTATION, at(member), simple, javaName, "Version", "a long or an int", type);
            }
        }
        for (Class<? extends Annotation> stamp : List.of(CreatedAt.class, UpdatedAt.class)) {
            if (member.getAnnotation(stamp) != null) {
                maintained = stamp == CreatedAt.class ? "createdAt" : "updatedAt";
                if (!isType(type, "java.time.Instant")) {
                    diagnostics.report(Message.WRONG_TYPE_FOR_ANNOTATION, at(member), simple, javaName, stamp.getSimpleName(), "an Instant", type);
                }
            }
        }
        String generatedId = null;
        GeneratedId id = member.getAnnotation(GeneratedId.class);
        if (id != null) {
            generatedId = id.value().name();
            boolean fits = isType(type, "java.lang.String") || id.value() == GeneratedId.Strategy.UUID && isType(type, "java.util.UUID");
            if (!fits) {
                diagnostics.report(Message.WRONG_TYPE_FOR_ANNOTATION, at(member), simple, javaName, "GeneratedId",
                        id.value() == GeneratedId.Strategy.ULID ? "a String" : "a String or a UUID", type);
            } else if (id.value() == GeneratedId.Strategy.ULID && elements.getTypeElement("com.github.f4b6a3.ulid.UlidCreator") == null) {
                diagnostics.report(Message.ULID_CREATOR_MISSING, at(member), simple, javaName);
            }
        }
        if (code != null && settings != null && settings.omitEmpty()) {
            code = new TypeCode.OmitEmpty(code);
        }
        boolean inPrimaryKey = primaryKeySlots.contains(javaName) || primaryKeySlots.contains(attributeName);
        boolean stateAttribute = member.getAnnotation(StateAttribute.class) != null; // it picks the keys, so it always has a value
        boolean required = type.getKind().isPrimitive() || settings != null && settings.required() || inPrimaryKey || stateAttribute;
        EntityModel.ValueOptions options = code == null ? EntityModel.ValueOptions.NONE
                : valueOptions(member, simple, javaName, type, code, settings, required);
        return new Property(member, javaName, attributeName, constant(javaName), type, code, required, read, written, false,
                access, setter, generatedId, maintained, options);
    }

    /** The nullable flag, default and rules of a member; each mistake is a compile error at the member. */
    private EntityModel.ValueOptions valueOptions(Element member, String owner, String javaName, TypeMirror type, TypeCode code,
                                                  Attribute settings, boolean required) {
        boolean nullable = settings != null && settings.nullable();
        if (nullable && (required || type.getKind().isPrimitive())) {
            diagnostics.report(Message.VALUE_OPTION_INVALID, at(member), owner, javaName, "@Attribute(nullable = true)",
                    "the attribute is required (a primitive, a key slot or required = true) and never null",
                    "remove nullable, or use a non-required reference type");
            nullable = false;
        }
        String defaultText = null;
        String defaultCode = null;
        Default defaultValue = member.getAnnotation(Default.class);
        if (defaultValue != null) {
            defaultText = defaultValue.value();
            defaultCode = defaultCode(member, owner, javaName, type, code, defaultText);
            if (defaultCode == null) {
                defaultText = null;
            }
        }
        String pattern = null;
        Pattern patternRule = member.getAnnotation(Pattern.class);
        if (patternRule != null) {
            try {
                dev.singletable.AttributeRule.pattern(patternRule.value());
                pattern = patternRule.value();
            } catch (dev.singletable.SchemaDefinitionException e) {
                String message = e.getMessage();
                int fix = message.lastIndexOf("; ");
                diagnostics.report(Message.VALUE_OPTION_INVALID, at(member), owner, javaName, "@Pattern",
                        fix < 0 ? message : message.substring(0, fix), fix < 0 ? "correct the expression" : message.substring(fix + 2));
            }
        }
        String min = null;
        String max = null;
        Range range = member.getAnnotation(Range.class);
        if (range != null) {
            min = decimalBound(member, owner, javaName, range.min());
            max = decimalBound(member, owner, javaName, range.max());
            if (min != null && max != null && new java.math.BigDecimal(min).compareTo(new java.math.BigDecimal(max)) > 0) {
                diagnostics.report(Message.VALUE_OPTION_INVALID, at(member), owner, javaName, "@Range",
                        "min " + min + " is above max " + max, "swap them");
                min = null;
                max = null;
            }
        }
        Integer minLength = null;
        Integer maxLength = null;
        Length length = member.getAnnotation(Length.class);
        if (length != null) {
            if (length.min() < 0 || length.min() > length.max()) {
                diagnostics.report(Message.VALUE_OPTION_INVALID, at(member), owner, javaName, "@Length",
                        "min " + length.min() + " and max " + length.max() + " are no range of lengths", "give 0 <= min <= max");
            } else {
                minLength = length.min();
                maxLength = length.max();
            }
        }
        List<String> allowed = List.of();
        AllowedValues allowedValues = member.getAnnotation(AllowedValues.class);
        if (allowedValues != null) {
            if (allowedValues.value().length == 0) {
                diagnostics.report(Message.VALUE_OPTION_INVALID, at(member), owner, javaName, "@AllowedValues",
                        "no value is given, so no value could be written", "give at least one");
            } else {
                allowed = List.of(allowedValues.value());
            }
        }
        return new EntityModel.ValueOptions(nullable, defaultText, defaultCode, pattern, min, max, minLength, maxLength, allowed);
    }

    private String decimalBound(Element member, String owner, String javaName, String text) {
        if (text.isEmpty()) {
            return null;
        }
        try {
            return new java.math.BigDecimal(text.trim()).toPlainString();
        } catch (NumberFormatException e) {
            diagnostics.report(Message.VALUE_OPTION_INVALID, at(member), owner, javaName, "@Range",
                    "bound '" + text + "' is not a number", "write it as a decimal, such as \"0\" or \"99.5\"");
            return null;
        }
    }

    /** The Java expression of a default's text for a scalar type, or null (reported) when it does not fit. */
    private String defaultCode(Element member, String owner, String javaName, TypeMirror type, TypeCode code, String text) {
        String typeName = box(type) instanceof DeclaredType declared ? ((TypeElement) declared.asElement()).getQualifiedName().toString()
                : type.toString();
        try {
            if (code instanceof TypeCode.EnumOf enumOf) {
                boolean known = enumOf.type().getEnclosedElements().stream()
                        .anyMatch(e -> e.getKind() == ElementKind.ENUM_CONSTANT && e.getSimpleName().contentEquals(text));
                if (!known) {
                    throw new IllegalArgumentException("no constant of " + enumOf.type().getSimpleName() + " is named '" + text + "'");
                }
                return enumOf.type().getQualifiedName() + "." + text;
            }
            return switch (typeName) {
                case "java.lang.String" -> "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
                case "java.lang.Integer" -> Integer.parseInt(text) + "";
                case "java.lang.Long" -> Long.parseLong(text) + "L";
                case "java.math.BigDecimal" -> "new java.math.BigDecimal(\"" + new java.math.BigDecimal(text).toString() + "\")";
                case "java.math.BigInteger" -> "new java.math.BigInteger(\"" + new java.math.BigInteger(text) + "\")";
                case "java.lang.Boolean" -> {
                    if (!text.equals("true") && !text.equals("false")) {
                        throw new IllegalArgumentException("'" + text + "' is neither true nor false");
                    }
                    yield text;
                }
                case "java.time.Instant" -> "java.time.Instant.parse(\"" + java.time.Instant.parse(text) + "\")";
                case "java.time.LocalDate" -> "java.time.LocalDate.parse(\"" + java.time.LocalDate.parse(text) + "\")";
                case "java.util.UUID" -> "java.util.UUID.fromString(\"" + java.util.UUID.fromString(text) + "\")";
                default -> throw new IllegalArgumentException("defaults are for scalar attributes (strings, numbers, booleans, "
                        + "enums, Instant, LocalDate, UUID), and this one is " + simpleName(type));
            };
        } catch (RuntimeException e) {
            diagnostics.report(Message.VALUE_OPTION_INVALID, at(member), owner, javaName, "@Default(\"" + text + "\")",
                    e.getMessage() == null ? e.toString() : e.getMessage(), "give a value of the attribute's type");
            return null;
        }
    }

    private TypeCode typeCode(TypeMirror type, TypeElement owner, Element member) {
        TypeCode code = typeCode(type);
        if (code == null) {
            diagnostics.report(Message.UNSUPPORTED_TYPE, at(member), owner.getSimpleName(), member.getSimpleName(), type,
                    simpleName(type), simpleName(type), simpleName(type));
            return null;
        }
        return code;
    }

    private String simpleName(TypeMirror type) {
        return type instanceof DeclaredType declared ? declared.asElement().getSimpleName().toString() : type.toString();
    }

    /** The storage of a type, or null when singletable has none. */
    private TypeCode typeCode(TypeMirror type) {
        if (type.getKind().isPrimitive()) {
            return switch (type.getKind()) {
                case INT -> new TypeCode.Constant("INTEGER", true);
                case LONG -> new TypeCode.Constant("LONG", true);
                case BOOLEAN -> new TypeCode.Constant("BOOLEAN", true);
                default -> null;
            };
        }
        if (type.getKind() == TypeKind.ARRAY) {
            return types.isSameType(type, types.getArrayType(types.getPrimitiveType(TypeKind.BYTE)))
                    ? new TypeCode.Constant("BYTES", false) : null;
        }
        if (!(type instanceof DeclaredType declared) || !(declared.asElement() instanceof TypeElement element)) {
            return null;
        }
        String name = element.getQualifiedName().toString();
        if (name.equals("java.lang.Object")) {
            return new TypeCode.Constant("DOCUMENT_VALUE", false);
        }
        String scalar = SCALARS.get(name);
        if (scalar != null) {
            return new TypeCode.Constant(scalar, true);
        }
        if (element.getKind() == ElementKind.ENUM) {
            return new TypeCode.EnumOf(element);
        }
        List<? extends TypeMirror> arguments = declared.getTypeArguments();
        switch (name) {
            case "java.util.List", "java.util.Set", "java.util.Optional" -> {
                if (arguments.size() != 1) {
                    return null;
                }
                boolean ofString = isType(arguments.get(0), "java.lang.String");
                if (name.equals("java.util.List") && ofString) {
                    return new TypeCode.Constant("STRING_LIST", false);
                }
                if (name.equals("java.util.Set") && ofString) {
                    return new TypeCode.Constant("STRING_SET", false);
                }
                if (name.equals("java.util.Set") && isType(arguments.get(0), "java.nio.ByteBuffer")) {
                    return new TypeCode.Constant("BINARY_SET", false);
                }
                TypeCode element1 = typeCode(arguments.get(0));
                String method = name.equals("java.util.List") ? "listOf" : name.equals("java.util.Set") ? "setOf" : "optional";
                return element1 == null ? null : new TypeCode.Of(method, element1);
            }
            case "java.util.Map" -> {
                if (arguments.size() != 2 || !isType(arguments.get(0), "java.lang.String")) {
                    return null;
                }
                if (isType(arguments.get(1), "java.lang.String")) {
                    return new TypeCode.Constant("STRING_MAP", false);
                }
                if (isType(arguments.get(1), "java.lang.Object")) {
                    return new TypeCode.Constant("DOCUMENT", false);
                }
                TypeCode value = typeCode(arguments.get(1));
                return value == null ? null : new TypeCode.Of("mapOf", value);
            }
            default -> {
                if (element.getAnnotation(Embeddable.class) != null) {
                    return new TypeCode.Nested(elements.getPackageOf(element).getQualifiedName().toString(),
                            generatedName(element, "Schema"));
                }
                return null;
            }
        }
    }

    private TypeCode custom(TypeElement owner, Element member, Convert convert, TypeMirror type) {
        TypeMirror in;
        try {
            convert.in();
            throw new IllegalStateException("Convert.in() is always a mirrored type at compile time");
        } catch (MirroredTypeException e) {
            in = e.getTypeMirror();
        }
        TypeElement declaring = in.getKind() == TypeKind.VOID ? owner : (TypeElement) types.asElement(in);
        TypeMirror boxed = box(type);
        TypeElement attributeValue = elements.getTypeElement(ATTRIBUTE_VALUE);
        boolean ok = true;
        ExecutableElement to = staticMethod(declaring, convert.to());
        if (to == null || to.getParameters().size() != 1 || attributeValue == null
                || !types.isSameType(to.getReturnType(), attributeValue.asType())
                || !types.isAssignable(boxed, box(to.getParameters().get(0).asType()))) {
            diagnostics.report(Message.CONVERTER_NOT_FOUND, at(member), owner.getSimpleName(), member.getSimpleName(), convert.to(),
                    declaring.getSimpleName(), convert.to(), "AttributeValue " + convert.to() + "(" + simpleName(type) + " value)");
            ok = false;
        }
        ExecutableElement from = staticMethod(declaring, convert.from());
        if (from == null || from.getParameters().size() != 1 || attributeValue == null
                || !types.isSameType(from.getParameters().get(0).asType(), attributeValue.asType())
                || !types.isAssignable(box(from.getReturnType()), boxed)) {
            diagnostics.report(Message.CONVERTER_NOT_FOUND, at(member), owner.getSimpleName(), member.getSimpleName(), convert.from(),
                    declaring.getSimpleName(), convert.from(), simpleName(type) + " " + convert.from() + "(AttributeValue value)");
            ok = false;
        }
        return ok ? new TypeCode.Custom(simpleName(type), declaring, convert.to(), convert.from(), boxed) : null;
    }

    private ExecutableElement staticMethod(TypeElement type, String name) {
        return ElementFilter.methodsIn(type.getEnclosedElements()).stream()
                .filter(m -> m.getSimpleName().contentEquals(name) && m.getModifiers().contains(Modifier.STATIC)
                        && !m.getModifiers().contains(Modifier.PRIVATE))
                .findFirst().orElse(null);
    }

    private Access access(TypeElement owner, Element member, boolean isRecord) {
        String name = member.getSimpleName().toString();
        if (isRecord) {
            // no accessor when the component's name cannot be one (notify, wait...): javac reports that itself
            ExecutableElement accessor = ((RecordComponentElement) member).getAccessor();
            return new Access(accessor == null ? name : accessor.getSimpleName().toString(), false);
        }
        boolean bool = member.asType().getKind() == TypeKind.BOOLEAN;
        for (String candidate : bool ? List.of("is" + capitalize(name), "get" + capitalize(name), name)
                : List.of("get" + capitalize(name), name)) {
            for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(owner))) {
                if (method.getSimpleName().contentEquals(candidate) && method.getParameters().isEmpty()
                        && !method.getModifiers().contains(Modifier.PRIVATE) && !method.getModifiers().contains(Modifier.STATIC)
                        && types.isSameType(method.getReturnType(), member.asType())) {
                    return new Access(candidate, false);
                }
            }
        }
        return member.getModifiers().contains(Modifier.PRIVATE) ? null : new Access(name, true);
    }

    private String setter(TypeElement owner, String name, TypeMirror type) {
        String candidate = "set" + capitalize(name);
        for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(owner))) {
            if (method.getSimpleName().contentEquals(candidate) && method.getParameters().size() == 1
                    && !method.getModifiers().contains(Modifier.PRIVATE) && !method.getModifiers().contains(Modifier.STATIC)
                    && types.isSameType(method.getParameters().get(0).asType(), type)) {
                return candidate;
            }
        }
        return null;
    }

    private void checkDuplicates(TypeElement owner, List<Property> properties) {
        Map<String, Property> byName = new LinkedHashMap<>();
        for (Property property : properties) {
            if (!property.mapped()) {
                continue;
            }
            Property previous = byName.putIfAbsent(property.attributeName(), property);
            if (previous != null) {
                diagnostics.report(Message.DUPLICATE_ATTRIBUTE_NAME, property.element(), owner.getSimpleName(), property.javaName(),
                        property.attributeName(), owner.getSimpleName(), previous.javaName());
            }
        }
    }

    /** Checks a template with the core's parser and rewrites its slots to stored attribute names. */
    /** {@code {x}} alone: on a number or binary index key it stores the value itself, of any type the key takes. */
    private static boolean isSingleSlot(KeyTemplate template) {
        return template.slots().size() == 1 && template.literals().get(0).isEmpty() && template.literals().get(1).isEmpty()
                && template.slots().get(0).format().isEmpty();
    }

    /** The strings of an annotation member that is a {@code String[]} (a single string in source is a one-element array). */
    private static List<String> strings(AnnotationValue value) {
        List<String> strings = new ArrayList<>();
        if (value.getValue() instanceof List<?> list) {
            for (Object element : list) {
                strings.add((String) ((AnnotationValue) element).getValue());
            }
        } else {
            strings.add((String) value.getValue());
        }
        return strings;
    }

    private String template(TypeElement type, AnnotationMirror mirror, String member, String template, List<Property> properties,
                            boolean primary) {
        AnnotationValue value = values(mirror).get(member);
        KeyTemplate parsed;
        try {
            parsed = KeyTemplate.parse(template);
        } catch (KeyTemplateException e) {
            diagnostics.report(Message.MALFORMED_TEMPLATE, type, mirror, value, template, reason(template, e));
            return template;
        }
        List<Property> written = properties.stream().filter(p -> p.mapped() && p.written()).toList();
        for (KeyTemplate.Slot slot : parsed.slots()) {
            Property property = written.stream()
                    .filter(p -> p.javaName().equals(slot.attribute()) || p.attributeName().equals(slot.attribute()))
                    .findFirst().orElse(null);
            if (property == null) {
                List<String> names = written.stream().flatMap(p -> Stream.of(p.javaName(), p.attributeName())).toList();
                diagnostics.report(Message.UNKNOWN_SLOT, type, mirror, value, template, slot.attribute(), type.getSimpleName(),
                        ClosestName.among(slot.attribute(), names).map(closest -> "; did you mean {" + closest + "}?").orElse(""),
                        written.stream().map(Property::javaName).toList());
                continue;
            }
            if (!isSlotName(property.attributeName())) {
                diagnostics.report(Message.KEY_SLOT_NAME_NOT_WRITABLE, property.element(), type.getSimpleName(), property.javaName(),
                        template, property.attributeName(), property.javaName());
            } else if (!property.typeCode().keyable() && !isPath(property.typeCode()) && (primary || !isSingleSlot(parsed))) {
                diagnostics.report(Message.KEY_SLOT_NOT_SCALAR, property.element(), type.getSimpleName(), property.javaName(), template,
                        EntityModel.describe(property.typeCode()));
            } else if (primary && nullable(property.element())) {
                diagnostics.report(Message.NULLABLE_KEY_ATTRIBUTE, property.element(), type.getSimpleName(), property.javaName(),
                        template, "annotated @Nullable");
            }
        }
        Map<String, String> rename = new LinkedHashMap<>();
        for (Property property : written) {
            rename.put(property.javaName(), property.attributeName());
        }
        return renamed(parsed, name -> rename.getOrDefault(name, name));
    }

    /** Whether the core's templates can name an attribute of this stored name in a slot ({@code shipped-at} they cannot). */
    private static boolean isSlotName(String attributeName) {
        try {
            List<KeyTemplate.Slot> slots = KeyTemplate.parse("{" + attributeName + "}").slots();
            return slots.size() == 1 && slots.get(0).attribute().equals(attributeName);
        } catch (KeyTemplateException e) {
            return false;
        }
    }

    /** The core's reason without its "Key template '...': " lead, which the processor's message says itself. */
    private static String reason(String template, KeyTemplateException e) {
        String lead = "Key template '" + template + "': ";
        return e.getMessage().startsWith(lead) ? e.getMessage().substring(lead.length()) : e.getMessage();
    }

    /** The template written again from its parts, each slot naming {@code names.apply(attribute)}. */
    private static String renamed(KeyTemplate template, UnaryOperator<String> names) {
        StringBuilder out = new StringBuilder();
        List<KeyTemplate.Slot> slots = template.slots();
        List<String> literals = template.literals();
        for (int i = 0; i < literals.size(); i++) {
            out.append(literals.get(i).replace("{", "{{").replace("}", "}}"));
            if (i < slots.size()) {
                KeyTemplate.Slot slot = slots.get(i);
                if (slot.isShard()) {
                    out.append("{shard:of=").append(names.apply(slot.attribute())).append(",count=").append(slot.shardCount()).append('}');
                    continue;
                }
                out.append('{').append(names.apply(slot.attribute()));
                slot.format().ifPresent(format -> out.append(':').append(format));
                out.append('}');
            }
        }
        return out.toString();
    }

    /** A list of strings fills a key slot as a hierarchy path, its segments escaped and joined by '#'. */
    private static boolean isPath(EntityModel.TypeCode code) {
        return code instanceof EntityModel.TypeCode.Constant constant && constant.name().equals("STRING_LIST")
                || code instanceof EntityModel.TypeCode.Of of && of.method().equals("listOf")
                && of.element() instanceof EntityModel.TypeCode.Constant element && element.name().equals("STRING");
    }

    private static boolean nullable(Element element) {
        return element.getAnnotationMirrors().stream().anyMatch(ModelReader::isNullable)
                || element.asType().getAnnotationMirrors().stream().anyMatch(ModelReader::isNullable);
    }

    private static boolean isNullable(AnnotationMirror mirror) {
        return mirror.getAnnotationType().asElement().getSimpleName().contentEquals("Nullable");
    }

    /** True when the condition found by {@link #isCondition} is a static method (given the entity), not an instance one. */
    private boolean isStaticCondition(TypeElement type, String name) {
        for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(type))) {
            if (method.getSimpleName().contentEquals(name) && !method.getModifiers().contains(Modifier.PRIVATE)
                    && method.getReturnType().getKind() == TypeKind.BOOLEAN && !method.getModifiers().contains(Modifier.STATIC)
                    && method.getParameters().isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private boolean isCondition(TypeElement type, String name) {
        for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(type))) {
            if (!method.getSimpleName().contentEquals(name) || method.getModifiers().contains(Modifier.PRIVATE)
                    || method.getReturnType().getKind() != TypeKind.BOOLEAN) {
                continue;
            }
            boolean isStatic = method.getModifiers().contains(Modifier.STATIC);
            if (!isStatic && method.getParameters().isEmpty()) {
                return true;
            }
            if (isStatic && method.getParameters().size() == 1
                    && types.isAssignable(type.asType(), method.getParameters().get(0).asType())) {
                return true;
            }
        }
        return false;
    }

    private List<Hook> hooks(TypeElement type) {
        List<Hook> hooks = new ArrayList<>();
        TypeElement attributeValue = elements.getTypeElement(ATTRIBUTE_VALUE);
        TypeMirror map = attributeValue == null ? null : types.getDeclaredType(elements.getTypeElement("java.util.Map"),
                elements.getTypeElement("java.lang.String").asType(), attributeValue.asType());
        String simple = type.getSimpleName().toString();
        for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
            String name = method.getSimpleName().toString();
            List<? extends VariableElement> parameters = method.getParameters();
            boolean isStatic = method.getModifiers().contains(Modifier.STATIC) && !method.getModifiers().contains(Modifier.PRIVATE);
            if (method.getAnnotation(BeforeToItem.class) != null || method.getAnnotation(AfterToItem.class) != null) {
                String annotation = method.getAnnotation(BeforeToItem.class) != null ? "BeforeToItem" : "AfterToItem";
                boolean ok = isStatic && map != null && method.getReturnType().getKind() == TypeKind.VOID && parameters.size() == 2
                        && types.isAssignable(type.asType(), parameters.get(0).asType())
                        && types.isSameType(parameters.get(1).asType(), map);
                check(hooks, ok, method, annotation, decapitalize(annotation),
                        "static void " + name + "(" + simple + " entity, Map<String, AttributeValue> item)");
            }
            if (method.getAnnotation(BeforeFromItem.class) != null) {
                boolean ok = isStatic && map != null && method.getReturnType().getKind() == TypeKind.VOID && parameters.size() == 1
                        && types.isSameType(parameters.get(0).asType(), map);
                check(hooks, ok, method, "BeforeFromItem", "beforeFromItem", "static void " + name + "(Map<String, AttributeValue> item)");
            }
            if (method.getAnnotation(AfterFromItem.class) != null) {
                boolean ok = isStatic && map != null && parameters.size() == 2
                        && types.isSameType(method.getReturnType(), type.asType())
                        && types.isSameType(parameters.get(0).asType(), map)
                        && types.isSameType(parameters.get(1).asType(), type.asType());
                check(hooks, ok, method, "AfterFromItem", "afterFromItem",
                        "static " + simple + " " + name + "(Map<String, AttributeValue> item, " + simple + " entity)");
            }
        }
        return hooks;
    }

    private void check(List<Hook> hooks, boolean ok, ExecutableElement method, String annotation, String builderMethod, String expected) {
        if (ok) {
            hooks.add(new Hook(builderMethod, method.getSimpleName().toString()));
        } else {
            diagnostics.report(Message.HOOK_SIGNATURE, method, annotation, method.getSimpleName(), expected);
        }
    }

    private boolean isAttributeValueMap(TypeMirror type) {
        TypeElement attributeValue = elements.getTypeElement(ATTRIBUTE_VALUE);
        return attributeValue != null && types.isSameType(type, types.getDeclaredType(elements.getTypeElement("java.util.Map"),
                elements.getTypeElement("java.lang.String").asType(), attributeValue.asType()));
    }

    private boolean isType(TypeMirror type, String qualifiedName) {
        TypeMirror boxed = box(type);
        return boxed instanceof DeclaredType declared
                && ((TypeElement) declared.asElement()).getQualifiedName().contentEquals(qualifiedName);
    }

    private TypeMirror box(TypeMirror type) {
        return type.getKind().isPrimitive() ? types.boxedClass((javax.lang.model.type.PrimitiveType) type).asType() : type;
    }

    private static List<String> slotNames(String template) {
        try {
            return KeyTemplate.parse(template).attributeNames();
        } catch (KeyTemplateException e) {
            return List.of(); // reported when the template is checked
        }
    }

    private List<AnnotationMirror> indexMirrors(TypeElement type) {
        List<AnnotationMirror> result = new ArrayList<>();
        for (AnnotationMirror mirror : type.getAnnotationMirrors()) {
            String name = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
            if (name.equals(Index.class.getCanonicalName())) {
                result.add(mirror);
            } else if (name.equals(dev.singletable.annotations.Indexes.class.getCanonicalName())) {
                for (Object nested : (List<?>) values(mirror).get("value").getValue()) {
                    result.add((AnnotationMirror) ((AnnotationValue) nested).getValue());
                }
            }
        }
        return result;
    }

    private static AnnotationMirror mirror(Element element, Class<? extends Annotation> annotation) {
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            if (((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().contentEquals(annotation.getCanonicalName())) {
                return mirror;
            }
        }
        return null;
    }

    private static Map<String, AnnotationValue> values(AnnotationMirror mirror) {
        Map<String, AnnotationValue> values = new LinkedHashMap<>();
        if (mirror != null) {
            mirror.getElementValues().forEach((key, value) -> values.put(key.getSimpleName().toString(), value));
        }
        return values;
    }

    /** A property's attribute name under a naming convention. */
    static String name(String javaName, Naming naming) {
        List<String> words = words(javaName);
        return switch (naming) {
            case CAMEL_CASE -> javaName;
            case SNAKE_CASE -> String.join("_", words);
            case KEBAB_CASE -> String.join("-", words);
            case PASCAL_CASE -> capitalize(javaName);
        };
    }

    private static List<String> words(String name) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean boundary = Character.isUpperCase(c) && word.length() > 0
                    && (!Character.isUpperCase(name.charAt(i - 1))
                    || i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1)));
            if (boundary) {
                words.add(word.toString());
                word.setLength(0);
            }
            word.append(Character.toLowerCase(c));
        }
        if (word.length() > 0) {
            words.add(word.toString());
        }
        return words;
    }

    /** {@code customerId} to {@code CUSTOMER_ID}; INSTANCE and TYPE are the schema's own constants. */
    static String constant(String javaName) {
        String constant = String.join("_", words(javaName)).toUpperCase(Locale.ROOT);
        return constant.equals("INSTANCE") || constant.equals("TYPE") ? constant + "_ATTRIBUTE" : constant;
    }

    static String capitalize(String name) {
        return name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    static String decapitalize(String name) {
        return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    /** The ordered permitted entity types of an {@code @ItemCollection}, or null when errors were reported. */
    List<TypeElement> collectionMembers(TypeElement collection) {
        int errorsBefore = diagnostics.errors();
        String simple = collection.getSimpleName().toString();
        if (collection.getKind() != ElementKind.INTERFACE || !collection.getModifiers().contains(Modifier.SEALED)) {
            diagnostics.report(Message.COLLECTION_NOT_SEALED, collection, simple, simple);
            return null;
        }
        List<TypeElement> members = new ArrayList<>();
        Map<String, TypeElement> byType = new LinkedHashMap<>();
        for (TypeMirror permitted : collection.getPermittedSubclasses()) {
            TypeElement member = (TypeElement) types.asElement(permitted);
            Entity entity = member.getAnnotation(Entity.class);
            if (entity == null) {
                diagnostics.report(Message.COLLECTION_MEMBER_NOT_ENTITY, collection, simple, member.getSimpleName());
                continue;
            }
            KeyState[] states = member.getAnnotationsByType(KeyState.class);
            if (states.length > 0) {
                String memberName = member.getSimpleName().toString();
                String picks = String.join(", ", java.util.Arrays.stream(states).map(s -> s.value() + " -> " + s.type()).toList());
                diagnostics.report(Message.COLLECTION_MEMBER_HAS_STATES, collection, simple, memberName, picks, memberName, memberName,
                        simple, memberName);
                continue;
            }
            String typeName = entity.type().isEmpty() ? member.getSimpleName().toString() : entity.type();
            TypeElement previous = byType.putIfAbsent(typeName, member);
            if (previous != null) {
                diagnostics.report(Message.COLLECTION_MEMBERS_INDISTINGUISHABLE, collection, simple, previous.getSimpleName(),
                        member.getSimpleName(), typeName);
            }
            members.add(member);
        }
        return diagnostics.errors() > errorsBefore ? null : members;
    }

    /** The names of EntitySchema.Builder's methods in the singletable-core on the class path. */
    Set<String> builderMethods() {
        TypeElement builder = elements.getTypeElement("dev.singletable.EntitySchema.Builder");
        Set<String> names = new HashSet<>();
        if (builder != null) {
            ElementFilter.methodsIn(builder.getEnclosedElements()).forEach(m -> names.add(m.getSimpleName().toString()));
        }
        return names;
    }
}
