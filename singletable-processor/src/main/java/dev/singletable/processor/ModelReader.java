package dev.singletable.processor;

import dev.singletable.annotations.Embeddable;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.KeyState;
import dev.singletable.annotations.Naming;
import dev.singletable.processor.EntityModel.Creation;
import dev.singletable.processor.EntityModel.Hook;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.EntityModel.StatesModel;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads an annotated type into an {@link EntityModel}, reporting every problem at its element. Never loads user classes.
 * The type itself, how it is created and its keys are read here; its properties, states, indexes and hooks by the
 * readers of those.
 */
final class ModelReader {
    /** How instances are made: the creation and, for a constructor, its parameters in order. */
    private record Construction(Creation creation, List<String> parameters) {
    }

    private final ProcessorContext context;
    private final KeyTemplateReader templates;
    private final PropertyReader propertyReader;
    private final StatesReader statesReader;
    private final IndexReader indexReader;
    private final HookReader hookReader;

    ModelReader(ProcessorContext context) {
        this.context = context;
        this.templates = new KeyTemplateReader(context.diagnostics());
        this.propertyReader = new PropertyReader(context);
        this.statesReader = new StatesReader(context);
        this.indexReader = new IndexReader(context);
        this.hookReader = new HookReader(context);
    }

    /** The model, or null when errors were reported. */
    EntityModel read(TypeElement type) {
        int errorsBefore = context.diagnostics().errors();
        Entity entity = type.getAnnotation(Entity.class);
        Embeddable embeddable = type.getAnnotation(Embeddable.class);
        String schemaName = Names.generatedName(type, "Schema");
        if (!declarable(type, entity != null ? "Entity" : "Embeddable", schemaName)) {
            return null;
        }
        Naming naming = entity != null ? entity.naming() : embeddable.naming();
        String simple = type.getSimpleName().toString();
        List<? extends Element> members = PropertyReader.members(type);
        List<Property> properties = propertyReader.properties(type, members, naming, keySlots(type, entity));
        propertyReader.checkDuplicates(type, properties);
        if (entity != null) {
            propertyReader.checkOnePerEntity(type, members);
        }
        if (properties.stream().noneMatch(Property::mapped)) {
            context.diagnostics().report(Message.NO_ATTRIBUTES, type, simple);
        }
        Construction construction = type.getKind() == ElementKind.RECORD ? new Construction(Creation.RECORD, List.of())
                : construction(type, properties);
        String partition = null;
        String sort = null;
        List<IndexModel> indexes = new ArrayList<>();
        List<Hook> hooks = new ArrayList<>();
        List<String> maintained = new ArrayList<>();
        Optional<StatesModel> states = Optional.empty();
        if (entity != null && StatesReader.declared(type, properties)) {
            states = statesReader.states(type, entity, properties);
        } else if (entity != null && !Annotated.values(Annotated.mirror(type, Entity.class)).containsKey("pk")) {
            context.diagnostics().report(Message.ENTITY_WITHOUT_KEYS, type, Annotated.mirror(type, Entity.class), null, simple,
                    simple.toUpperCase(Locale.ROOT));
        }
        if (entity != null && states.isEmpty()) {
            AnnotationMirror entityMirror = Annotated.mirror(type, Entity.class);
            // pk = "" written out is a malformed template; pk left out is reported above
            partition = Annotated.values(entityMirror).containsKey("pk")
                    ? templates.template(type, entityMirror, "pk", entity.pk(), properties, true) : "";
            sort = entity.sk().isEmpty() ? null : templates.template(type, entityMirror, "sk", entity.sk(), properties, true);
        }
        if (entity != null) {
            if (states.isEmpty()) {
                indexes = indexReader.indexes(type, properties);
            }
            hooks = hookReader.hooks(type);
            VolumeFacts.of(type).check(type, context.diagnostics());
            maintained = maintained(properties);
        }
        if (entity != null && context.diagnostics().errors() == errorsBefore) {
            checkWithCore(type, entity, properties, states, partition, sort, indexes);
        }
        if (context.diagnostics().errors() > errorsBefore) {
            return null;
        }
        return new EntityModel(type, context.elements().getPackageOf(type).getQualifiedName().toString(), schemaName,
                type.getModifiers().contains(Modifier.PUBLIC), entity != null, embeddable != null,
                entity == null || entity.type().isEmpty() ? simple : entity.type(),
                construction.creation(), construction.parameters(), properties, partition, sort, indexes, hooks, maintained, states);
    }

    /** The maintained attributes as {@code role:CONSTANT}. */
    private static List<String> maintained(List<Property> properties) {
        List<String> maintained = new ArrayList<>();
        for (Property property : properties) {
            if (property.maintainedAs() != null) {
                maintained.add(property.maintainedAs() + ":" + property.constant());
            }
        }
        return maintained;
    }

    /** Whether a schema can be generated for the type at all: a record or class, not private, abstract or inner. */
    private boolean declarable(TypeElement type, String annotationName, String schemaName) {
        if (type.getKind() != ElementKind.RECORD && type.getKind() != ElementKind.CLASS) {
            context.diagnostics().report(Message.NOT_A_RECORD_OR_CLASS, type, annotationName, type.getKind().toString().toLowerCase(Locale.ROOT));
            return false;
        }
        if (type.getModifiers().contains(Modifier.PRIVATE)) {
            context.diagnostics().report(Message.PRIVATE_TYPE, type, type.getSimpleName(), schemaName);
            return false;
        }
        if (type.getNestingKind() == NestingKind.MEMBER && type.getKind() == ElementKind.CLASS
                && !type.getModifiers().contains(Modifier.STATIC)) {
            context.diagnostics().report(Message.NON_STATIC_INNER_CLASS, type, type.getSimpleName());
            return false;
        }
        if (type.getModifiers().contains(Modifier.ABSTRACT) && type.getKind() == ElementKind.CLASS) {
            context.diagnostics().report(Message.ABSTRACT_TYPE, type, type.getSimpleName(), annotationName, schemaName);
            return false;
        }
        return true;
    }

    /** The attributes the entity's primary keys (its own or its states') name: they are required. */
    private static List<String> keySlots(TypeElement type, Entity entity) {
        List<String> keySlots = new ArrayList<>();
        if (entity != null) {
            keySlots.addAll(KeyTemplateReader.slotNames(entity.pk()));
            keySlots.addAll(KeyTemplateReader.slotNames(entity.sk()));
            for (KeyState state : type.getAnnotationsByType(KeyState.class)) {
                keySlots.addAll(KeyTemplateReader.slotNames(state.pk()));
                keySlots.addAll(KeyTemplateReader.slotNames(state.sk()));
            }
        }
        return keySlots;
    }

    /** How a class (not a record) is created: a constructor taking every read property, else setters; reported when neither. */
    private Construction construction(TypeElement type, List<Property> properties) {
        String simple = type.getSimpleName().toString();
        Creation creation = Creation.RECORD;
        List<String> constructorParameters = List.of();
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
                    context.diagnostics().report(Message.NO_SETTER, property.element(), simple, property.javaName(),
                            "set" + Names.capitalize(property.javaName()), context.types().erasure(property.type()));
                }
            }
        } else {
            context.diagnostics().report(Message.NO_WAY_TO_CREATE, type, simple, readable);
        }
        return new Construction(creation, constructorParameters);
    }

    /** The core's schema builder run on the entity (or each of its states); its refusal reported where it points. */
    private void checkWithCore(TypeElement type, Entity entity, List<Property> properties, Optional<StatesModel> states,
                               String partition, String sort, List<IndexModel> indexes) {
        String simple = type.getSimpleName().toString();
        if (states.isPresent()) {
            for (EntityModel.StateModel state : states.get().states()) {
                Optional<String> refusal = CoreSchemaCheck.refusal(state.type(), simple, properties, state.partition(), state.sort(),
                        state.indexes());
                refusal.ifPresent(message -> context.diagnostics().report(Message.CORE_REFUSES_SCHEMA, type,
                        StatesReader.mirror(type, state.value()), null, message));
            }
        } else {
            String typeName = entity.type().isEmpty() ? simple : entity.type();
            Optional<String> refusal = CoreSchemaCheck.refusal(typeName, simple, properties, partition, sort, indexes);
            if (refusal.isPresent()) {
                reportRefusal(type, refusal.get(), typeName, partition, sort, indexes, properties);
            }
        }
    }

    /**
     * Reports the core's refusal at the annotation value it is about: the template its message names, the index
     * given twice, the maintained attribute; else at the entity.
     */
    private void reportRefusal(TypeElement type, String message, String typeName, String partition, String sort,
                               List<IndexModel> indexes, List<Property> properties) {
        AnnotationMirror entityMirror = Annotated.mirror(type, Entity.class);
        AnnotationMirror at = entityMirror;
        AnnotationValue value = null;
        if (message.contains(typeName + " primary partition key template '" + partition + "'")) {
            value = Annotated.values(entityMirror).get("pk");
        } else if (sort != null && message.contains(typeName + " primary sort key template '" + sort + "'")) {
            value = Annotated.values(entityMirror).get("sk");
        } else {
            List<AnnotationMirror> mirrors = IndexReader.mirrors(type);
            for (int i = 0; i < indexes.size() && i < mirrors.size(); i++) {
                IndexModel index = indexes.get(i);
                String where = typeName + " index " + index.name() + " ";
                if (index.partitions().stream().anyMatch(t -> message.contains(where + "partition key template '" + t + "'"))) {
                    at = mirrors.get(i);
                    value = Annotated.values(at).get("pk");
                } else if (index.sorts().stream().anyMatch(t -> message.contains(where + "sort key template '" + t + "'"))) {
                    at = mirrors.get(i);
                    value = Annotated.values(at).get("sk");
                } else if (message.contains("index '" + index.name() + "' is given keys twice")
                        || index.name().isBlank() && message.contains("an index name cannot be blank")) {
                    // the last of the indexes given that name; javac places a repeated @Index's diagnostic at the entity
                    at = mirrors.get(i);
                    value = Annotated.values(at).get("name");
                }
            }
        }
        if (value == null) {
            for (Property property : properties) {
                if (property.maintainedAs() != null && message.contains(property.maintainedAs() + " attribute '" + property.attributeName() + "'")) {
                    context.diagnostics().report(Message.CORE_REFUSES_SCHEMA, property.element(), message);
                    return;
                }
            }
        }
        context.diagnostics().report(Message.CORE_REFUSES_SCHEMA, type, at, value, message);
    }

    /** The ordered permitted entity types of an {@code @ItemCollection}, or null when errors were reported. */
    List<TypeElement> collectionMembers(TypeElement collection) {
        return new CollectionReader(context).collectionMembers(collection);
    }

    /** Whether the members can be read together by one query (they share a partition key template); else reported. */
    boolean sharePartition(TypeElement collection, List<TypeElement> members, Map<String, EntityModel> models) {
        return new CollectionReader(context).sharePartition(collection, members, models);
    }

    /** The names of EntitySchema.Builder's methods in the singletable-core on the class path. */
    Set<String> builderMethods() {
        TypeElement builder = context.elements().getTypeElement("dev.singletable.EntitySchema.Builder");
        Set<String> names = new HashSet<>();
        if (builder != null) {
            ElementFilter.methodsIn(builder.getEnclosedElements()).forEach(m -> names.add(m.getSimpleName().toString()));
        }
        return names;
    }
}
