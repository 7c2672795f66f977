package dev.singletable.processor;

import dev.singletable.annotations.Index;
import dev.singletable.annotations.Indexes;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.ElementFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads an entity's {@code @Index}es: their key templates, checked as the primary key's are, and their conditions. */
final class IndexReader {
    private final ProcessorContext context;
    private final KeyTemplateReader templates;

    IndexReader(ProcessorContext context) {
        this.context = context;
        this.templates = new KeyTemplateReader(context.diagnostics());
    }

    /** The {@code @Index}es of a type, in source order. */
    static List<AnnotationMirror> mirrors(TypeElement type) {
        return Annotated.repeated(type, Index.class, Indexes.class);
    }

    /** The indexes of an entity; one whose templates are too few or too many is reported and left out. */
    List<IndexModel> indexes(TypeElement type, List<Property> properties) {
        String simple = type.getSimpleName().toString();
        List<IndexModel> indexes = new ArrayList<>();
        for (AnnotationMirror indexMirror : mirrors(type)) {
            Map<String, AnnotationValue> values = Annotated.values(indexMirror);
            String name = (String) values.get("name").getValue();
            List<String> pks = new ArrayList<>();
            for (String template : Annotated.strings(values.get("pk"))) {
                pks.add(templates.template(type, indexMirror, "pk", template, properties, false));
            }
            List<String> sks = new ArrayList<>();
            for (String template : values.containsKey("sk") ? Annotated.strings(values.get("sk")) : List.<String>of()) {
                if (!template.isEmpty() || values.containsKey("sk") && Annotated.strings(values.get("sk")).size() > 1) {
                    sks.add(templates.template(type, indexMirror, "sk", template, properties, false));
                }
            }
            if (pks.isEmpty() || pks.size() > 4 || sks.size() > 4) {
                context.diagnostics().report(Message.INDEX_KEY_TEMPLATE_COUNT, type, indexMirror, values.get(pks.isEmpty() || pks.size() > 4 ? "pk" : "sk"),
                        name, pks.size(), sks.size());
                continue;
            }
            String pk = pks.get(0);
            String sk = sks.isEmpty() ? null : sks.get(0);
            String when = values.containsKey("when") ? (String) values.get("when").getValue() : "";
            if (!when.isEmpty() && !isCondition(type, when)) {
                java.util.Optional<String> fault = conditionFault(type, when);
                if (fault.isPresent()) {
                    context.diagnostics().report(Message.INDEX_CONDITION_SIGNATURE, type, indexMirror, values.get("when"),
                            name, when, simple, fault.get(), when, simple, when, simple);
                } else {
                    context.diagnostics().report(Message.INDEX_CONDITION_NOT_FOUND, type, indexMirror, values.get("when"),
                            name, when, simple, when, simple, when, simple);
                }
            }
            indexes.add(new IndexModel(name, pk, sk, when.isEmpty() ? null : when, !when.isEmpty() && isStaticCondition(type, when),
                    List.copyOf(pks), List.copyOf(sks)));
        }
        return indexes;
    }

    /** True when the condition found by {@link #isCondition} is a static method (given the entity), not an instance one. */
    private boolean isStaticCondition(TypeElement type, String name) {
        for (ExecutableElement method : ElementFilter.methodsIn(context.elements().getAllMembers(type))) {
            if (method.getSimpleName().contentEquals(name) && !method.getModifiers().contains(Modifier.PRIVATE)
                    && method.getReturnType().getKind() == TypeKind.BOOLEAN && !method.getModifiers().contains(Modifier.STATIC)
                    && method.getParameters().isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * What is wrong with the methods of that name when none is a condition ({@code isShipped() is private, make it
     * package-private or public}); empty when the type has no method of that name.
     */
    private java.util.Optional<String> conditionFault(TypeElement type, String name) {
        List<String> faults = new ArrayList<>();
        for (ExecutableElement method : ElementFilter.methodsIn(context.elements().getAllMembers(type))) {
            if (!method.getSimpleName().contentEquals(name)) {
                continue;
            }
            String signature = PatternParameters.simpleType(method.getReturnType()) + " " + name + method.getParameters().stream()
                    .map(p -> PatternParameters.simpleType(p.asType())).collect(java.util.stream.Collectors.joining(", ", "(", ")"));
            if (method.getModifiers().contains(Modifier.STATIC)) {
                signature = "static " + signature;
            }
            if (method.getModifiers().contains(Modifier.PRIVATE)) {
                faults.add(signature + " is private, so the generated schema cannot call it: make it package-private or public");
            } else if (method.getReturnType().getKind() != TypeKind.BOOLEAN) {
                faults.add(signature + " returns " + PatternParameters.simpleType(method.getReturnType()) + ", not boolean"
                        + (method.getReturnType().toString().equals("java.lang.Boolean") ? " (a condition cannot be null)" : ""));
            } else if (method.getModifiers().contains(Modifier.STATIC)) {
                faults.add(signature + " is static, so it takes the entity as its one parameter");
            } else {
                faults.add(signature + " takes parameters, but the entity is all a condition is given");
            }
        }
        return faults.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(String.join("; ", faults));
    }

    private boolean isCondition(TypeElement type, String name) {
        for (ExecutableElement method : ElementFilter.methodsIn(context.elements().getAllMembers(type))) {
            if (!method.getSimpleName().contentEquals(name) || method.getModifiers().contains(Modifier.PRIVATE)
                    || method.getReturnType().getKind() != TypeKind.BOOLEAN) {
                continue;
            }
            boolean isStatic = method.getModifiers().contains(Modifier.STATIC);
            if (!isStatic && method.getParameters().isEmpty()) {
                return true;
            }
            if (isStatic && method.getParameters().size() == 1
                    && context.types().isAssignable(type.asType(), method.getParameters().get(0).asType())) {
                return true;
            }
        }
        return false;
    }
}
