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
        return texts.stream().map(JavaSource::literal).collect(Collectors.joining(", "));
    }

    /** Text as a string literal, for Java source and JSON alike: see {@link #escape}. */
    static String literal(String text) {
        return "\"" + escape(text) + "\"";
    }

    /**
     * Text escaped for a string literal. Java source and JSON share these escapes: javac reads a unicode escape before
     * the literal, and a Java literal may hold any control character but the line ends, which are escaped by name.
     */
    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length() + 8);
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> escaped.append("\\\"");
                case '\\' -> escaped.append("\\\\");
                case '\n' -> escaped.append("\\n");
                case '\r' -> escaped.append("\\r");
                case '\t' -> escaped.append("\\t");
                default -> {
                    if (c < 0x20) {
                        escaped.append(String.format("\\u%04x", (int) c));
                    } else {
                        escaped.append(c);
                    }
                }
            }
        }
        return escaped.toString();
    }
}
