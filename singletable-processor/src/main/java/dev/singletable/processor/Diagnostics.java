package dev.singletable.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/** Reports {@link Message}s at elements and counts the errors. */
final class Diagnostics {
    private final Messager messager;
    private int errors;

    Diagnostics(Messager messager) {
        this.messager = messager;
    }

    void report(Message message, Element at, Object... args) {
        count(message);
        messager.printMessage(message.kind(), message.format(args), at);
    }

    void report(Message message, Element at, AnnotationMirror annotation, AnnotationValue value, Object... args) {
        count(message);
        if (annotation == null) {
            messager.printMessage(message.kind(), message.format(args), at);
        } else if (value == null) {
            messager.printMessage(message.kind(), message.format(args), at, annotation);
        } else {
            messager.printMessage(message.kind(), message.format(args), at, annotation, value);
        }
    }

    private void count(Message message) {
        if (message.kind() == Diagnostic.Kind.ERROR) {
            errors++;
        }
    }

    int errors() {
        return errors;
    }
}
