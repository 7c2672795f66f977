package dev.singletable.processor;

import dev.singletable.annotations.AfterFromItem;
import dev.singletable.annotations.AfterToItem;
import dev.singletable.annotations.BeforeFromItem;
import dev.singletable.annotations.BeforeToItem;
import dev.singletable.processor.EntityModel.Hook;

import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import java.util.ArrayList;
import java.util.List;

/** Reads an entity's item hooks ({@code @BeforeToItem} and its kin), each checked against the signature it must have. */
final class HookReader {

    private final ProcessorContext context;

    HookReader(ProcessorContext context) {
        this.context = context;
    }

    List<Hook> hooks(TypeElement type) {
        List<Hook> hooks = new ArrayList<>();
        TypeElement attributeValue = context.elements().getTypeElement(PropertyTypes.ATTRIBUTE_VALUE);
        TypeMirror map = attributeValue == null ? null : context.types().getDeclaredType(context.elements().getTypeElement("java.util.Map"),
                context.elements().getTypeElement("java.lang.String").asType(), attributeValue.asType());
        String simple = type.getSimpleName().toString();
        for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
            String name = method.getSimpleName().toString();
            List<? extends VariableElement> parameters = method.getParameters();
            boolean isStatic = method.getModifiers().contains(Modifier.STATIC) && !method.getModifiers().contains(Modifier.PRIVATE);
            if (method.getAnnotation(BeforeToItem.class) != null || method.getAnnotation(AfterToItem.class) != null) {
                String annotation = method.getAnnotation(BeforeToItem.class) != null ? "BeforeToItem" : "AfterToItem";
                boolean ok = isStatic && map != null && method.getReturnType().getKind() == TypeKind.VOID && parameters.size() == 2
                        && context.types().isAssignable(type.asType(), parameters.get(0).asType())
                        && context.types().isSameType(parameters.get(1).asType(), map);
                check(hooks, ok, method, annotation, Names.decapitalize(annotation),
                        "static void " + name + "(" + simple + " entity, Map<String, AttributeValue> item)");
            }
            if (method.getAnnotation(BeforeFromItem.class) != null) {
                boolean ok = isStatic && map != null && method.getReturnType().getKind() == TypeKind.VOID && parameters.size() == 1
                        && context.types().isSameType(parameters.get(0).asType(), map);
                check(hooks, ok, method, "BeforeFromItem", "beforeFromItem", "static void " + name + "(Map<String, AttributeValue> item)");
            }
            if (method.getAnnotation(AfterFromItem.class) != null) {
                boolean ok = isStatic && map != null && parameters.size() == 2
                        && context.types().isSameType(method.getReturnType(), type.asType())
                        && context.types().isSameType(parameters.get(0).asType(), map)
                        && context.types().isSameType(parameters.get(1).asType(), type.asType());
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
            context.diagnostics().report(Message.HOOK_SIGNATURE, method, annotation, method.getSimpleName(), expected);
        }
    }
}
