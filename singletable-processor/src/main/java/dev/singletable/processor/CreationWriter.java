package dev.singletable.processor;

import dev.singletable.processor.EntityModel.Creation;
import dev.singletable.processor.EntityModel.Property;

import javax.lang.model.type.TypeMirror;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static dev.singletable.processor.JavaSource.CONTINUATION;
import static dev.singletable.processor.JavaSource.INDENT;
import static dev.singletable.processor.JavaSource.read;

/** How generated code makes an instance of the entity: its constructor or setters, and the generated id's filler. */
final class CreationWriter {
    private CreationWriter() {
    }

    /**
     * Statements that build the entity and return it, each property's value given by {@code value}: a
     * constructor call, or a no-argument constructor and setters.
     */
    static String creation(EntityModel model, String entity, String indent, Function<Property, String> value) {
        if (model.creation() == Creation.SETTERS) {
            String variable = variable(entity);
            StringBuilder out = new StringBuilder();
            out.append(indent).append(entity).append(" ").append(variable).append(" = new ").append(entity).append("();\n");
            for (Property property : model.properties()) {
                if (property.read() || property.bag()) {
                    out.append(indent).append(variable).append(".").append(property.setter()).append("(")
                            .append(value.apply(property)).append(");\n");
                }
            }
            out.append(indent).append("return ").append(variable).append(";\n");
            return out.toString();
        }
        List<String> arguments = new ArrayList<>();
        for (Property property : constructorOrder(model)) {
            arguments.add(property.read() || property.bag() ? value.apply(property) : defaultValue(property.type()));
        }
        String argumentIndent = indent + CONTINUATION.substring(4);
        return indent + "return new " + entity + "(\n" + argumentIndent + String.join(",\n" + argumentIndent, arguments) + ");\n";
    }

    static List<Property> constructorOrder(EntityModel model) {
        if (model.creation() == Creation.RECORD) {
            return model.properties();
        }
        List<Property> ordered = new ArrayList<>();
        for (String parameter : model.constructorParameters()) {
            model.properties().stream().filter(p -> p.javaName().equals(parameter)).findFirst().ifPresent(ordered::add);
        }
        return ordered;
    }

    static String defaultValue(TypeMirror type) {
        return switch (type.getKind()) {
            case BOOLEAN -> "false";
            case INT, SHORT, BYTE -> "0";
            case LONG -> "0L";
            case FLOAT -> "0f";
            case DOUBLE -> "0d";
            case CHAR -> "'\\0'";
            default -> "null";
        };
    }

    /** A static method filling a null generated id, for {@code beforeWrite}. */
    static String generator(EntityModel model, Property id, ImportScope scope, String entity) {
        String value;
        if ("ULID".equals(id.generatedId())) {
            value = scope.name("com.github.f4b6a3.ulid.UlidCreator") + ".getMonotonicUlid().toString()";
        } else {
            value = scope.name("java.util.UUID") + ".randomUUID()" + (scope.type(id.type()).equals("String") ? ".toString()" : "");
        }
        String variable = "entity";
        StringBuilder out = new StringBuilder("\n");
        out.append(INDENT).append("/** Fills {@code ").append(id.javaName()).append("} with a new ").append(id.generatedId())
                .append(" when it is null. */\n");
        out.append(INDENT).append("private static ").append(entity).append(" generate").append(Names.capitalize(id.javaName()))
                .append("(").append(entity).append(" ").append(variable).append(") {\n");
        out.append(INDENT).append(INDENT).append("if (").append(read(id, variable)).append(" != null) {\n")
                .append(INDENT).append(INDENT).append(INDENT).append("return ").append(variable).append(";\n")
                .append(INDENT).append(INDENT).append("}\n");
        if (model.creation() == Creation.SETTERS) {
            out.append(INDENT).append(INDENT).append(variable).append(".").append(id.setter()).append("(").append(value).append(");\n")
                    .append(INDENT).append(INDENT).append("return ").append(variable).append(";\n");
        } else {
            List<String> arguments = new ArrayList<>();
            for (Property property : constructorOrder(model)) {
                arguments.add(property == id ? value : property.access() == null ? defaultValue(property.type()) : read(property, variable));
            }
            out.append(INDENT).append(INDENT).append("return new ").append(entity).append("(\n").append(CONTINUATION).append(INDENT)
                    .append(String.join(",\n" + CONTINUATION + INDENT, arguments)).append(");\n");
        }
        out.append(INDENT).append("}\n");
        return out.toString();
    }

    static String variable(String entity) {
        String simple = entity.substring(entity.lastIndexOf('.') + 1);
        String name = Names.decapitalize(simple);
        return name.equals("item") ? "entity" : name;
    }
}
