package dev.singletable.processor;

import dev.singletable.annotations.Naming;

import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The names the processor derives: generated class names, stored attribute names, constants, packages. */
final class Names {
    private Names() {
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

    /** The package name of an element, without an {@code Elements} instance. */
    static String packageOf(Element element) {
        Element current = element;
        while (!(current instanceof PackageElement)) {
            current = current.getEnclosingElement();
        }
        return ((PackageElement) current).getQualifiedName().toString();
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
}
