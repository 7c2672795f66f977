package dev.singletable.processor;

import dev.singletable.processor.EntityModel.Property;

import java.util.List;
import java.util.stream.Collectors;

/** The pieces of Java text the generated schema classes share: indents, escapes, anonymous classes, property reads. */
final class JavaSource {
    static final String INDENT = "    ";
    static final String CONTINUATION = "            ";
    static final String ATTRIBUTE_VALUE = "software.amazon.awssdk.services.dynamodb.model.AttributeValue";

    private JavaSource() {
    }

    /**
     * An anonymous class implementing a functional interface with one statement: what a lambda or method
     * reference would say, without the {@code LambdaMetafactory} call that spins a class for each at run time.
     */
    static String anonymous(String implemented, String returnType, String method, String parameters, String statement,
                            String indent) {
        return "new " + implemented + "() {\n"
                + indent + INDENT + "@Override\n"
                + indent + INDENT + "public " + returnType + " " + method + "(" + parameters + ") {\n"
                + indent + INDENT + INDENT + statement + "\n"
                + indent + INDENT + "}\n"
                + indent + "}";
    }

    static String read(Property property, String variable) {
        return variable + "." + property.access().name() + (property.access().field() ? "" : "()");
    }

    static String escapeJavadoc(String text) {
        return text.replace("*/", "*&#47;").replace("@", "&#64;").replace("}", "&#125;").replace("{", "&#123;");
    }

    static String quoted(List<String> texts) {
        return texts.stream().map(text -> "\"" + escape(text) + "\"").collect(Collectors.joining(", "));
    }

    static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
