package dev.singletable.processor;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Annotations read as mirrors (never as loaded classes), and the element a diagnostic about a member belongs at. */
final class Annotated {
    private Annotated() {
    }

    static AnnotationMirror mirror(Element element, Class<? extends Annotation> annotation) {
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            if (((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().contentEquals(annotation.getCanonicalName())) {
                return mirror;
            }
        }
        return null;
    }

    /** The mirrors of a repeatable annotation, whether written once or several times (then inside its container). */
    static List<AnnotationMirror> repeated(TypeElement type, Class<? extends Annotation> annotation,
                                           Class<? extends Annotation> container) {
        List<AnnotationMirror> result = new ArrayList<>();
        for (AnnotationMirror mirror : type.getAnnotationMirrors()) {
            String name = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
            if (name.equals(annotation.getCanonicalName())) {
                result.add(mirror);
            } else if (name.equals(container.getCanonicalName())) {
                for (Object nested : (List<?>) values(mirror).get("value").getValue()) {
                    result.add((AnnotationMirror) ((AnnotationValue) nested).getValue());
                }
            }
        }
        return result;
    }

    static Map<String, AnnotationValue> values(AnnotationMirror mirror) {
        Map<String, AnnotationValue> values = new LinkedHashMap<>();
        if (mirror != null) {
            mirror.getElementValues().forEach((key, value) -> values.put(key.getSimpleName().toString(), value));
        }
        return values;
    }

    /** The strings of an annotation member that is a {@code String[]} (a single string in source is a one-element array). */
    static List<String> strings(AnnotationValue value) {
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

    static boolean nullable(Element element) {
        return element.getAnnotationMirrors().stream().anyMatch(Annotated::isNullable)
                || element.asType().getAnnotationMirrors().stream().anyMatch(Annotated::isNullable);
    }

    private static boolean isNullable(AnnotationMirror mirror) {
        return mirror.getAnnotationType().asElement().getSimpleName().contentEquals("Nullable");
    }

    /** Where to report a problem with a member: javac locates a record's fields, not its components. */
    static Element at(Element member) {
        if (member instanceof RecordComponentElement component) {
            for (VariableElement field : ElementFilter.fieldsIn(component.getEnclosingElement().getEnclosedElements())) {
                if (field.getSimpleName().equals(member.getSimpleName())) {
                    return field;
                }
            }
        }
        return member;
    }
}
