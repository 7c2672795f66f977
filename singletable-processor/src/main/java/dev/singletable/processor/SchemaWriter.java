package dev.singletable.processor;

import dev.singletable.processor.EntityModel.IndexModel;
import dev.singletable.processor.EntityModel.Property;
import dev.singletable.processor.EntityModel.TypeCode;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.singletable.processor.JavaSource.ATTRIBUTE_VALUE;
import static dev.singletable.processor.JavaSource.CONTINUATION;
import static dev.singletable.processor.JavaSource.INDENT;
import static dev.singletable.processor.JavaSource.anonymous;
import static dev.singletable.processor.JavaSource.escape;
import static dev.singletable.processor.JavaSource.escapeJavadoc;
import static dev.singletable.processor.JavaSource.read;

/**
 * Renders an {@link EntityModel} as the Java source a careful person would write by hand: the attribute, path and index
 * constants here; the entity's builder chain ({@link EntitySchemaWriter}), its states ({@link StatesWriter}), its codec
 * ({@link CodecWriter}) and how it is created ({@link CreationWriter}) by the writers of those sections.
 */
final class SchemaWriter {
    static final String PROCESSOR = "dev.singletable.processor.SingleTableProcessor";

    private SchemaWriter() {
    }

    static String write(EntityModel model) {
        return write(model, List.of());
    }

    /** The schema class; {@code compiled} are the models of this round, whose embedded records give an entity its path constants. */
    static String write(EntityModel model, Collection<EntityModel> compiled) {
        ImportScope scope = new ImportScope(model.packageName(), model.schemaName());
        String own = (model.packageName().isEmpty() ? "" : model.packageName() + ".") + model.schemaName();
        scope.reserve("Accessor", own + ".Accessor");
        scope.reserve("Codec", own + ".Codec");
        String entity = scope.name(model.element());
        StringBuilder body = new StringBuilder();
        String visibility = model.isPublic() ? "public " : "";
        body.append("/**\n * The schema of {@link ").append(entity).append("}, generated from its annotations.\n */\n");
        body.append("@").append(scope.name("javax.annotation.processing.Generated")).append("(\"").append(PROCESSOR).append("\")\n");
        body.append(visibility).append("final class ").append(model.schemaName()).append(" {\n");

        String attribute = scope.name("dev.singletable.Attribute");
        String types = scope.name("dev.singletable.AttributeTypes");
        List<Property> mapped = model.properties().stream().filter(Property::mapped).toList();
        attributeConstants(body, mapped, scope, entity, attribute, types);
        if (model.entity()) {
            paths(body, model, mapped, compiled, scope, entity);
        }
        if (model.entity() && !model.indexes().isEmpty()) {
            indexConstants(body, model, mapped);
        }
        String map = scope.name("java.util.Map") + "<String, " + scope.name(ATTRIBUTE_VALUE) + ">";
        body.append("\n").append(INDENT).append("private static final Codec CODEC = new Codec();\n");
        if (model.embeddable()) {
            embeddableType(body, mapped, scope, entity, types);
        }
        if (model.entity()) {
            EntitySchemaWriter.write(body, model, mapped, scope, entity, map);
        }
        body.append(CodecWriter.codec(model, scope, entity, map));
        body.append(accessor(mapped, scope, entity));
        body.append("\n").append(INDENT).append("private ").append(model.schemaName()).append("() {\n").append(INDENT).append("}\n}\n");

        StringBuilder file = new StringBuilder();
        if (!model.packageName().isEmpty()) {
            file.append("package ").append(model.packageName()).append(";\n\n");
        }
        file.append(scope.importBlock()).append("\n").append(body);
        return file.toString();
    }

    /** A constant per mapped property: its stored name, attribute type, accessor position and value options. */
    private static void attributeConstants(StringBuilder body, List<Property> mapped, ImportScope scope, String entity, String attribute,
                                           String types) {
        for (int position = 0; position < mapped.size(); position++) {
            Property property = mapped.get(position);
            body.append(INDENT).append("public static final ").append(attribute).append("<").append(entity).append(", ")
                    .append(scope.type(property.type())).append("> ").append(property.constant()).append(" =\n")
                    .append(CONTINUATION).append(attribute).append(property.required() ? ".required(\"" : ".of(\"")
                    .append(property.attributeName()).append("\", ").append(typeCode(property.typeCode(), scope, types, CONTINUATION))
                    .append(", new Accessor<>(").append(position).append("))").append(options(property.options(), scope))
                    .append(";\n");
            if (!property.written()) {
                body.append(INDENT).append("// ").append(property.constant())
                        .append(" is read but never written (@Ignore(WRITE)), so it is not among the schema's attributes\n");
            }
        }
    }

    /** A constant per index name, as {@code query(...).index(...)} takes it. */
    private static void indexConstants(StringBuilder body, EntityModel model, List<Property> mapped) {
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

    /** An embeddable record's {@code TYPE}: it is stored as a map. */
    private static void embeddableType(StringBuilder body, List<Property> mapped, ImportScope scope, String entity, String types) {
        String attributeType = scope.name("dev.singletable.AttributeType");
        body.append("\n").append(INDENT).append("/** Stores a {@link ").append(entity).append("} as a map (M). */\n")
                .append(INDENT).append("public static final ").append(attributeType).append("<").append(entity).append("> TYPE =\n")
                .append(CONTINUATION).append(types).append(".object(").append(entity).append(".class, ")
                .append(scope.name("java.util.List")).append(".of(")
                .append(mapped.stream().filter(Property::written).map(Property::constant).collect(Collectors.joining(", ")))
                .append("), CODEC, CODEC);\n");
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
        String constant = java.length() == 0 ? "INDEX" : Names.constant(java.toString());
        if (!Character.isJavaIdentifierStart(constant.charAt(0)) || taken.contains(constant)
                || constant.equals("INSTANCE_ATTRIBUTE") || constant.equals("TYPE_ATTRIBUTE")) {
            constant = "INDEX_" + constant;
        }
        while (taken.contains(constant)) {
            constant = constant + "_";
        }
        return constant;
    }

    /**
     * {@code HOME_CITY = HOME.then(AddressSchema.CITY)}: a typed path to each attribute of each embedded record the entity
     * holds directly (deeper records too, {@code HOME_GEO_LAT}), when the record's model is compiled in this round. A
     * constant whose name another constant has is left out (the path stays reachable with {@code then}).
     */
    private static void paths(StringBuilder body, EntityModel model, List<Property> mapped, Collection<EntityModel> compiled,
                              ImportScope scope, String entity) {
        Set<String> taken = new HashSet<>();
        for (Property property : mapped) {
            taken.add(property.constant());
        }
        taken.add("INSTANCE");
        for (IndexModel index : model.indexes()) {
            taken.add(indexConstant(index.name(), new HashSet<>()));
        }
        StringBuilder constants = new StringBuilder();
        for (Property property : mapped) {
            if (property.written()) {
                nestedPaths(constants, property.constant(), property.constant(), property.typeCode(), compiled, scope, entity, taken,
                        new HashSet<>());
            }
        }
        if (constants.length() > 0) {
            String first = constants.substring(constants.indexOf("> ") + 2, constants.indexOf(" =\n"));
            body.append("\n").append(INDENT).append("// paths into embedded records (@Embeddable), for Update and Condition, as in u.set(")
                    .append(first).append(", value)\n").append(constants);
        }
    }

    private static void nestedPaths(StringBuilder out, String constant, String expression, TypeCode code,
                                    Collection<EntityModel> compiled, ImportScope scope, String entity, Set<String> taken,
                                    Set<String> visiting) {
        if (!(code instanceof TypeCode.Nested nested) || !visiting.add(nested.packageName() + "." + nested.schemaName())) {
            return;
        }
        EntityModel record = compiled.stream().filter(m -> m.embeddable() && m.packageName().equals(nested.packageName())
                && m.schemaName().equals(nested.schemaName())).findFirst().orElse(null);
        if (record == null) {
            return;
        }
        String attributePath = scope.name("dev.singletable.AttributePath");
        String schema = scope.name(nested.packageName().isEmpty() ? nested.schemaName() : nested.packageName() + "." + nested.schemaName());
        for (Property inner : record.properties()) {
            if (!inner.mapped() || !inner.written()) {
                continue;
            }
            String name = constant + "_" + inner.constant();
            String path = expression + ".then(" + schema + "." + inner.constant() + ")";
            if (!taken.add(name)) {
                continue;
            }
            out.append(INDENT).append("public static final ").append(attributePath).append("<").append(entity).append(", ")
                    .append(scope.type(inner.type())).append("> ").append(name).append(" =\n")
                    .append(CONTINUATION).append(path).append(";\n");
            nestedPaths(out, name, path, inner.typeCode(), compiled, scope, entity, taken, visiting);
        }
        visiting.remove(nested.packageName() + "." + nested.schemaName());
    }

    private static String typeCode(TypeCode code, ImportScope scope, String types, String indent) {
        if (code instanceof TypeCode.Constant constant) {
            return types + "." + builtInType(constant.name());
        }
        if (code instanceof TypeCode.EnumOf enumOf) {
            String enumType = scope.name(enumOf.type());
            return types + ".enumType(" + enumType + ".class, " + enumType + ".values())";
        }
        if (code instanceof TypeCode.Of of) {
            return types + "." + of.method() + "(" + typeCode(of.element(), scope, types, indent) + ")";
        }
        if (code instanceof TypeCode.Nested nested) {
            return scope.name(nested.packageName().isEmpty() ? nested.schemaName() : nested.packageName() + "." + nested.schemaName()) + ".TYPE";
        }
        if (code instanceof TypeCode.Custom custom) {
            String owner = scope.name(custom.owner());
            String value = scope.type(custom.valueType());
            String attributeValue = scope.name(ATTRIBUTE_VALUE);
            String function = scope.name("java.util.function.Function");
            String inner = indent + INDENT + INDENT;
            return types + ".custom(\"" + custom.typeName() + "\",\n"
                    + inner + anonymous(function + "<" + value + ", " + attributeValue + ">", attributeValue, "apply", value + " value",
                            "return " + owner + "." + custom.to() + "(value);", inner) + ",\n"
                    + inner + anonymous(function + "<" + attributeValue + ", " + value + ">", value, "apply", attributeValue + " value",
                            "return " + owner + "." + custom.from() + "(value);", inner) + ")";
        }
        TypeCode.OmitEmpty omit = (TypeCode.OmitEmpty) code;
        return types + ".omitEmpty(" + typeCode(omit.type(), scope, types, indent) + ")";
    }

    /** One class reading any of the attributes, by position: a class per accessor would make loading the schema slower. */
    private static String accessor(List<Property> mapped, ImportScope scope, String entity) {
        String in = INDENT + INDENT;
        StringBuilder out = new StringBuilder("\n");
        out.append(INDENT).append("/** Reads the attribute at a position of the list above from a {@link ").append(entity).append("}. */\n");
        out.append(INDENT).append("private static final class Accessor<V> implements ").append(scope.name("java.util.function.Function"))
                .append("<").append(entity).append(", V> {\n");
        out.append(in).append("private final int position;\n\n");
        out.append(in).append("Accessor(int position) {\n").append(in).append(INDENT).append("this.position = position;\n").append(in).append("}\n\n");
        out.append(in).append("@Override\n").append(in).append("@SuppressWarnings(\"unchecked\")\n");
        out.append(in).append("public V apply(").append(entity).append(" entity) {\n").append(in).append(INDENT).append("return (V) value(entity);\n")
                .append(in).append("}\n\n");
        out.append(in).append("private Object value(").append(entity).append(" entity) {\n");
        out.append(in).append(INDENT).append("return switch (position) {\n");
        for (int position = 0; position < mapped.size(); position++) {
            Property property = mapped.get(position);
            out.append(in).append(INDENT).append(INDENT).append("case ").append(position).append(" -> ")
                    .append(property.access() == null ? "null" : read(property, "entity")).append(";\n");
        }
        out.append(in).append(INDENT).append(INDENT).append("default -> throw new IllegalStateException(\"no attribute at position \" + position);\n");
        out.append(in).append(INDENT).append("};\n").append(in).append("}\n").append(INDENT).append("}\n");
        return out.toString();
    }

    /**
     * A kind of the core's registry as {@code AttributeTypes} gives it: its constant ({@code LOCAL_DATE}), or
     * {@code scalar(java.time.X.class)} for a kind the registry holds without a constant of its own.
     */
    static String builtInType(String kind) {
        try {
            return dev.singletable.AttributeTypes.class.getField(kind).getName();
        } catch (NoSuchFieldException e) {
            return "scalar(" + dev.singletable.internal.kinds.Kind.named(kind).orElseThrow().javaType().getName() + ".class)";
        }
    }

    /** The calls that declare nullable, default and rules on a generated attribute constant. */
    private static String options(EntityModel.ValueOptions options, ImportScope scope) {
        if (!options.any()) {
            return "";
        }
        StringBuilder code = new StringBuilder();
        if (options.nullable()) {
            code.append(".nullable()");
        }
        if (options.defaultCode() != null) {
            code.append(".withDefault(").append(options.defaultCode()).append(")");
        }
        if (options.hasRules()) {
            String rule = scope.name("dev.singletable.AttributeRule");
            String decimal = scope.name("java.math.BigDecimal");
            List<String> rules = new ArrayList<>();
            if (options.pattern() != null) {
                rules.add(rule + ".pattern(\"" + escape(options.pattern()) + "\")");
            }
            if (options.min() != null && options.max() != null) {
                rules.add(rule + ".range(new " + decimal + "(\"" + options.min() + "\"), new " + decimal + "(\"" + options.max() + "\"))");
            } else if (options.min() != null) {
                rules.add(rule + ".min(new " + decimal + "(\"" + options.min() + "\"))");
            } else if (options.max() != null) {
                rules.add(rule + ".max(new " + decimal + "(\"" + options.max() + "\"))");
            }
            if (options.minLength() != null) {
                rules.add(rule + ".length(" + options.minLength() + ", " + options.maxLength() + ")");
            }
            if (!options.allowed().isEmpty()) {
                rules.add(rule + ".allowedValues(" + scope.name("java.util.List") + ".of("
                        + options.allowed().stream().map(v -> "\"" + escape(v) + "\"").collect(Collectors.joining(", ")) + "))");
            }
            code.append("\n").append(CONTINUATION).append(INDENT).append(".validatedBy(").append(String.join(", ", rules)).append(")");
        }
        return code.toString();
    }
}
