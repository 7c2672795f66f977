package dev.singletable.processor;

import dev.singletable.processor.EntityModel.Creation;
import dev.singletable.processor.EntityModel.Hook;
import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.EntityModel.TypeCode;

import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Renders an {@link EntityModel} as the Java source a careful person would write by hand. */
final class SchemaWriter {
    static final String PROCESSOR = "dev.singletable.processor.SingleTableProcessor";
    private static final String INDENT = "    ";
    private static final String CONTINUATION = "            ";

    private SchemaWriter() {
    }

    static String write(EntityModel model) {
        ImportScope scope = new ImportScope(model.packageName(), model.schemaName());
        String entity = scope.name(model.element());
        StringBuilder body = new StringBuilder();
        String visibility = model.isPublic() ? "public " : "";
        body.append("/**\n * The schema of {@link ").append(entity).append("}, generated from its annotations.\n */\n");
        body.append("@").append(scope.name("javax.annotation.processing.Generated")).append("(\"").append(PROCESSOR).append("\")\n");
        body.append(visibility).append("final class ").append(model.schemaName()).append(" {\n");

        String attribute = scope.name("dev.singletable.Attribute");
        String types = scope.name("dev.singletable.AttributeTypes");
        List<Property> mapped = model.properties().stream().filter(Property::mapped).toList();
        for (Property property : mapped) {
            body.append(INDENT).append("public static final ").append(attribute).append("<").append(entity).append(", ")
                    .append(scope.type(property.type())).append("> ").append(property.constant()).append(" =\n")
                    .append(CONTINUATION).append(attribute).append(property.required() ? ".required(\"" : ".of(\"")
                    .append(property.attributeName()).append("\", ").append(typeCode(property.typeCode(), scope, types)).append(", ")
                    .append(property.access() == null ? "entity -> null" : access(property, entity, "entity")).append(");\n");
            if (!property.written()) {
                body.append(INDENT).append("// ").append(property.constant())
                        .append(" is read but never written (@Ignore(WRITE)), so it is not among the schema's attributes\n");
            }
        }
        if (model.entity() && !model.indexes().isEmpty()) {
            Set<String> taken = new HashSet<>();
            for (Property property : mapped) {
                taken.add(property.constant());
            }
            taken.add("INSTANCE");
            body.append("\n");
            for (IndexModel index : model.indexes()) {
                String constant = indexConstant(index.name(), taken);
                taken.add(constant);
                body.append(INDENT).append("/** The index {@code ").append(escapeJavadoc(index.name())).append("}, as {@code query(...).index(")
                        .append(model.schemaName()).append(".").append(constant).append(")} names it. */\n")
                        .append(INDENT).append("public static final String ").append(constant).append(" = \"")
                        .append(escape(index.name())).append("\";\n");
            }
        }
        if (model.embeddable()) {
            String attributeType = scope.name("dev.singletable.AttributeType");
            body.append("\n").append(INDENT).append("/** Stores a {@link ").append(entity).append("} as a map (M). */\n")
                    .append(INDENT).append("public static final ").append(attributeType).append("<").append(entity).append("> TYPE =\n")
                    .append(CONTINUATION).append(types).append(".object(").append(entity).append(".class, ")
                    .append(scope.name("java.util.List")).append(".of(")
                    .append(mapped.stream().filter(Property::written).map(Property::constant).collect(Collectors.joining(", ")))
                    .append("),\n").append(CONTINUATION).append(CONTINUATION.substring(4)).append(factory(model, scope, entity, CONTINUATION + INDENT + INDENT + INDENT))
                    .append(");\n");
        }
        if (model.entity()) {
            String schema = scope.name("dev.singletable.EntitySchema");
            String dot = "\n" + CONTINUATION + ".";
            body.append("\n").append(INDENT).append("/** The entity {@code ").append(model.typeName()).append("}: attributes, keys and how to build a {@link ")
                    .append(entity).append("}. */\n")
                    .append(INDENT).append("public static final ").append(schema).append("<").append(entity).append("> INSTANCE = ")
                    .append(schema).append(".builder(").append(entity).append(".class)")
                    .append(dot).append("type(\"").append(escape(model.typeName())).append("\")")
                    .append(dot).append("attributes(")
                    .append(mapped.stream().filter(Property::written).map(Property::constant).collect(Collectors.joining(", ")))
                    .append(")");
            body.append(dot).append("primaryKey(\"").append(escape(model.partitionTemplate())).append("\"");
            if (model.sortTemplate() != null) {
                body.append(", \"").append(escape(model.sortTemplate())).append("\"");
            }
            body.append(")");
            for (IndexModel index : model.indexes()) {
                body.append(dot).append("index(\"").append(escape(index.name())).append("\", \"").append(escape(index.partition())).append("\"");
                if (index.sort() != null) {
                    body.append(", \"").append(escape(index.sort())).append("\"");
                }
                if (index.condition() != null) {
                    body.append(", ").append(entity).append("::").append(index.condition());
                }
                body.append(")");
            }
            for (String maintained : model.maintained()) {
                int colon = maintained.indexOf(':');
                body.append(dot).append(maintained, 0, colon).append("(").append(maintained.substring(colon + 1)).append(")");
            }
            for (Property property : model.properties()) {
                if (property.generatedId() != null) {
                    body.append(dot).append("beforeWrite(").append(model.schemaName()).append("::generate")
                            .append(ModelReader.capitalize(property.javaName())).append(")");
                }
            }
            for (Hook hook : model.hooks()) {
                body.append(dot).append(hook.builderMethod()).append("(").append(entity).append("::").append(hook.method()).append(")");
            }
            for (Property property : model.properties()) {
                if (property.bag()) {
                    body.append(dot).append("attributeBag(").append(access(property, entity, "entity")).append(")");
                }
            }
            body.append(dot).append("factory(").append(factory(model, scope, entity, CONTINUATION + INDENT)).append(")");
            body.append(dot).append("build();\n");
            for (Property property : model.properties()) {
                if (property.generatedId() != null) {
                    body.append(generator(model, property, scope, entity));
                }
            }
        }
        body.append("\n").append(INDENT).append("private ").append(model.schemaName()).append("() {\n").append(INDENT).append("}\n}\n");

        StringBuilder file = new StringBuilder();
        if (!model.packageName().isEmpty()) {
            file.append("package ").append(model.packageName()).append(";\n\n");
        }
        file.append(scope.importBlock()).append("\n").append(body);
        return file.toString();
    }

    /** An index name as a constant: GSI1 stays GSI1, byStatus becomes BY_STATUS, orders-by-day ORDERS_BY_DAY. */
    static String indexConstant(String indexName, Set<String> taken) {
        StringBuilder java = new StringBuilder();
        boolean upperNext = false;
        for (int i = 0; i < indexName.length(); i++) {
            char c = indexName.charAt(i);
            if (Character.isJavaIdentifierPart(c) && c != '$') {
                java.append(upperNext && java.length() > 0 ? Character.toUpperCase(c) : c);
                upperNext = false;
            } else {
                upperNext = true;
            }
        }
        String constant = java.length() == 0 ? "INDEX" : ModelReader.constant(java.toString());
        if (!Character.isJavaIdentifierStart(constant.charAt(0)) || taken.contains(constant)
                || constant.equals("INSTANCE_ATTRIBUTE") || constant.equals("TYPE_ATTRIBUTE")) {
            constant = "INDEX_" + constant;
        }
        while (taken.contains(constant)) {
            constant = constant + "_";
        }
        return constant;
    }

    private static String escapeJavadoc(String text) {
        return text.replace("*/", "*&#47;").replace("@", "&#64;").replace("}", "&#125;").replace("{", "&#123;");
    }

    static String writeCollection(TypeElement collection, String packageName, String className, boolean isPublic,
                                  List<TypeElement> members) {
        ImportScope scope = new ImportScope(packageName, className);
        String type = scope.name(collection);
        String entityCollection = scope.name("dev.singletable.EntityCollection");
        List<String> schemas = new ArrayList<>();
        for (TypeElement member : members) {
            String pkg = ModelReaderNames.packageOf(member);
            schemas.add(scope.name(pkg.isEmpty() ? ModelReader.generatedName(member, "Schema")
                    : pkg + "." + ModelReader.generatedName(member, "Schema")) + ".INSTANCE");
        }
        String generated = scope.name("javax.annotation.processing.Generated");
        StringBuilder file = new StringBuilder();
        if (!packageName.isEmpty()) {
            file.append("package ").append(packageName).append(";\n\n");
        }
        file.append(scope.importBlock()).append("\n")
                .append("/**\n * The entities of {@link ").append(type).append("}, read together by one query.\n */\n")
                .append("@").append(generated).append("(\"").append(PROCESSOR).append("\")\n")
                .append(isPublic ? "public " : "").append("final class ").append(className).append(" {\n")
                .append(INDENT).append("public static final ").append(entityCollection).append("<").append(type).append("> INSTANCE =\n")
                .append(CONTINUATION).append(entityCollection).append(".of(").append(type).append(".class, ")
                .append(String.join(", ", schemas)).append(");\n\n")
                .append(INDENT).append("private ").append(className).append("() {\n").append(INDENT).append("}\n}\n");
        return file.toString();
    }

    private static String access(Property property, String entity, String variable) {
        return property.access().field() ? variable + " -> " + variable + "." + property.access().name()
                : entity + "::" + property.access().name();
    }

    private static String read(Property property, String variable) {
        return variable + "." + property.access().name() + (property.access().field() ? "" : "()");
    }

    private static String typeCode(TypeCode code, ImportScope scope, String types) {
        if (code instanceof TypeCode.Constant constant) {
            return types + "." + constant.name();
        }
        if (code instanceof TypeCode.EnumOf enumOf) {
            return types + ".enumType(" + scope.name(enumOf.type()) + ".class)";
        }
        if (code instanceof TypeCode.Of of) {
            return types + "." + of.method() + "(" + typeCode(of.element(), scope, types) + ")";
        }
        if (code instanceof TypeCode.Nested nested) {
            return scope.name(nested.packageName().isEmpty() ? nested.schemaName() : nested.packageName() + "." + nested.schemaName()) + ".TYPE";
        }
        if (code instanceof TypeCode.Custom custom) {
            String owner = scope.name(custom.owner());
            return types + ".custom(\"" + custom.typeName() + "\", " + owner + "::" + custom.to() + ", " + owner + "::" + custom.from() + ")";
        }
        TypeCode.OmitEmpty omit = (TypeCode.OmitEmpty) code;
        return types + ".omitEmpty(" + typeCode(omit.type(), scope, types) + ")";
    }

    /** The factory lambda: a constructor call, or a no-argument constructor and setters. */
    private static String factory(EntityModel model, ImportScope scope, String entity, String indent) {
        if (model.creation() == Creation.SETTERS) {
            String variable = variable(entity);
            StringBuilder out = new StringBuilder("item -> {\n");
            out.append(indent).append(entity).append(" ").append(variable).append(" = new ").append(entity).append("();\n");
            for (Property property : model.properties()) {
                if (property.read() || property.bag()) {
                    out.append(indent).append(variable).append(".").append(property.setter()).append("(")
                            .append(readValue(property)).append(");\n");
                }
            }
            out.append(indent).append("return ").append(variable).append(";\n").append(indent, 0, indent.length() - 4).append("}");
            return out.toString();
        }
        List<String> arguments = new ArrayList<>();
        for (Property property : constructorOrder(model)) {
            arguments.add(property.read() || property.bag() ? readValue(property) : defaultValue(property.type()));
        }
        String argumentIndent = indent + INDENT;
        return "item -> new " + entity + "(\n" + argumentIndent + String.join(",\n" + argumentIndent, arguments) + ")";
    }

    private static List<Property> constructorOrder(EntityModel model) {
        if (model.creation() == Creation.RECORD) {
            return model.properties();
        }
        List<Property> ordered = new ArrayList<>();
        for (String parameter : model.constructorParameters()) {
            model.properties().stream().filter(p -> p.javaName().equals(parameter)).findFirst().ifPresent(ordered::add);
        }
        return ordered;
    }

    private static String readValue(Property property) {
        return property.bag() ? "item.unmappedAttributes()" : "item.get(" + property.constant() + ")";
    }

    private static String defaultValue(TypeMirror type) {
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
    private static String generator(EntityModel model, Property id, ImportScope scope, String entity) {
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
        out.append(INDENT).append("private static ").append(entity).append(" generate").append(ModelReader.capitalize(id.javaName()))
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

    private static String variable(String entity) {
        String simple = entity.substring(entity.lastIndexOf('.') + 1);
        String name = ModelReader.decapitalize(simple);
        return name.equals("item") ? "entity" : name;
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
