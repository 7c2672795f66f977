package dev.singletable.processor;

import dev.singletable.KeyTemplate;
import dev.singletable.KeyTemplateException;
import dev.singletable.annotations.Entity;
import dev.singletable.annotations.KeyState;

import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads an {@code @ItemCollection}: a sealed interface whose permitted entities one query can read together. */
final class CollectionReader {

    private final ProcessorContext context;

    CollectionReader(ProcessorContext context) {
        this.context = context;
    }

    /** The ordered permitted entity types of an {@code @ItemCollection}, or null when errors were reported. */
    List<TypeElement> collectionMembers(TypeElement collection) {
        int errorsBefore = context.diagnostics().errors();
        String simple = collection.getSimpleName().toString();
        if (collection.getKind() != ElementKind.INTERFACE || !collection.getModifiers().contains(Modifier.SEALED)) {
            context.diagnostics().report(Message.COLLECTION_NOT_SEALED, collection, simple, simple);
            return null;
        }
        List<TypeElement> members = new ArrayList<>();
        Map<String, TypeElement> byType = new LinkedHashMap<>();
        for (TypeMirror permitted : collection.getPermittedSubclasses()) {
            TypeElement member = (TypeElement) context.types().asElement(permitted);
            Entity entity = member.getAnnotation(Entity.class);
            if (entity == null) {
                context.diagnostics().report(Message.COLLECTION_MEMBER_NOT_ENTITY, collection, simple, member.getSimpleName());
                continue;
            }
            KeyState[] states = member.getAnnotationsByType(KeyState.class);
            if (states.length > 0) {
                String memberName = member.getSimpleName().toString();
                String picks = String.join(", ", java.util.Arrays.stream(states).map(s -> s.value() + " -> " + s.type()).toList());
                context.diagnostics().report(Message.COLLECTION_MEMBER_HAS_STATES, collection, simple, memberName, picks, memberName, memberName,
                        simple, memberName);
                continue;
            }
            String typeName = entity.type().isEmpty() ? member.getSimpleName().toString() : entity.type();
            TypeElement previous = byType.putIfAbsent(typeName, member);
            if (previous != null) {
                context.diagnostics().report(Message.COLLECTION_MEMBERS_INDISTINGUISHABLE, collection, simple, previous.getSimpleName(),
                        member.getSimpleName(), typeName);
            }
            members.add(member);
        }
        return context.diagnostics().errors() > errorsBefore ? null : members;
    }

    /**
     * The template's shape, which decides which key values it can write: its literal text and its slots' formats, not the
     * attributes that fill them ({@code CUSTOMER#{customerId}} and {@code CUSTOMER#{customer_id}} write the same keys).
     */
    private static String shape(String templates) {
        StringBuilder shape = new StringBuilder();
        for (String template : templates.split("', '")) {
            try {
                shape.append(KeyTemplateReader.renamed(KeyTemplate.parse(template), name -> "")).append('\n');
            } catch (KeyTemplateException e) {
                return templates; // reported at the entity
            }
        }
        return shape.toString();
    }

    /**
     * True when the members' partition key templates on the table, or on an index they all have keys on, have one shape,
     * so that their items can share a partition and one query can read them together; else reported at the collection
     * with each member's templates. Members compiled elsewhere (no model) are left to the core at run time, and the core
     * checks each pattern's query of the collection (it also needs the slots' attributes to be one).
     */
    boolean sharePartition(TypeElement collection, List<TypeElement> members, Map<String, EntityModel> models) {
        List<EntityModel> read = members.stream().map(m -> models.get(m.getQualifiedName().toString())).toList();
        if (read.isEmpty() || read.contains(null)) {
            return true;
        }
        Map<String, List<String>> templatesByKey = new LinkedHashMap<>();
        templatesByKey.put("the table", read.stream().map(EntityModel::partitionTemplate).toList());
        for (EntityModel.IndexModel index : read.get(0).indexes()) {
            List<String> templates = new ArrayList<>();
            for (EntityModel member : read) {
                member.indexes().stream().filter(i -> i.name().equals(index.name())).findFirst()
                        .ifPresent(i -> templates.add(String.join("', '", i.partitions().isEmpty() ? List.of(i.partition()) : i.partitions())));
            }
            if (templates.size() == read.size()) {
                templatesByKey.put("index " + index.name(), templates);
            }
        }
        if (templatesByKey.values().stream().anyMatch(templates -> templates.stream().map(CollectionReader::shape).distinct().count() == 1)) {
            return true;
        }
        List<String> where = new ArrayList<>();
        templatesByKey.forEach((key, templates) -> {
            List<String> each = new ArrayList<>();
            for (int i = 0; i < read.size(); i++) {
                each.add(read.get(i).element().getSimpleName() + " '" + templates.get(i) + "'");
            }
            where.add(key + ": " + String.join(", ", each));
        });
        String simple = collection.getSimpleName().toString();
        context.diagnostics().report(Message.COLLECTION_NO_SHARED_PARTITION, collection, simple,
                read.stream().map(m -> m.element().getSimpleName().toString()).toList(), String.join("; ", where));
        return false;
    }
}
