package dev.singletable.processor;

import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;

/** Package names of elements, without an {@code Elements} instance. */
final class ModelReaderNames {
    private ModelReaderNames() {
    }

    static String packageOf(Element element) {
        Element current = element;
        while (!(current instanceof PackageElement)) {
            current = current.getEnclosingElement();
        }
        return ((PackageElement) current).getQualifiedName().toString();
    }
}
