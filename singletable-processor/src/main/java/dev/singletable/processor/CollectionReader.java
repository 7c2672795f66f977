package dev.singletable.processor;

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
}
